-- The Practice Administrator runs the practice's call center, so it sees its insights (issue 26,
-- the lead's decision): the default role now grants GET on the historic and realtime metrics
-- (server/db/default-roles.ts). The Practice Administrator roles of existing accounts get the
-- same, where they still read the call history the figures are drawn from (a role an account
-- narrowed away from calls stays narrowed). Other roles keep what their administrators gave them.
UPDATE roles SET resources = resources || '{"/metrics/historic": {"GET": true}, "/metrics/realtime": {"GET": true}}'::jsonb
  WHERE name = 'Practice Administrator' AND resources #>> '{/interactions/interactions,GET}' = 'true';
