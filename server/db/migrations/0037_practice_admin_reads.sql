-- The Practice Administrator holds at least every grant of the practice's other default roles
-- (issue 40): a user may change the sign-in, active state or role only of a user whose role is
-- within their own, and the default Read Only read roles, API keys, the account and the softphone
-- settings, which the default Practice Administrator did not, so a practice's administrators could
-- not manage its Read Only users nor list the roles they may give (server/db/default-roles.ts).
-- The Practice Administrator roles of existing accounts get those reads, where they still manage
-- the practice's users (a role an account narrowed away from users stays narrowed). Methods a
-- role already holds on those resources are kept (merged per resource, not replaced).
UPDATE roles SET resources = resources || (
  SELECT jsonb_object_agg(added.resource, COALESCE(roles.resources -> added.resource, '{}'::jsonb) || added.methods)
  FROM jsonb_each('{"/accounts/account": {"GET": true}, "/accounts/account/domain": {"GET": true}, "/permissions/roles": {"GET": true}, "/permissions/roles/{id}": {"GET": true}, "/permissions/policies": {"GET": true}, "/permissions/policies/{id}": {"GET": true}, "/workflows/{id}": {"GET": true}, "/teamsbot/graph/users": {"GET": true}, "/teamsbot/graph/team": {"GET": true}, "/teamsbot/graph/team/{teamId}/channels": {"GET": true}, "/permissions/apikeys": {"GET": true}, "/permissions/apikeys/{id}": {"GET": true}, "/callcenter/ccp": {"GET": true}}'::jsonb) AS added(resource, methods)
)
  WHERE name = 'Practice Administrator' AND resources -> '/person/users/{id}' ->> 'PATCH' = 'true';
