-- A practice's telephony settings (issue 42): its Twilio numbers, the one it calls and texts from,
-- and its masked call links' default limits (catalogue resource /telephony/settings; kept in the
-- account's config). The Practice Administrator roles of existing accounts read and change them
-- where they still manage the practice's contact points, and the Read Only roles read them, as
-- server/db/default-roles.ts gives new accounts. Methods a role already holds are kept.
UPDATE roles SET resources = resources || jsonb_build_object('/telephony/settings', COALESCE(resources -> '/telephony/settings', '{}'::jsonb) || '{"GET": true, "PATCH": true}'::jsonb)
  WHERE name = 'Practice Administrator' AND resources -> '/contactpoints/contact-points/{id}' ->> 'PATCH' = 'true';
--> statement-breakpoint
UPDATE roles SET resources = resources || jsonb_build_object('/telephony/settings', COALESCE(resources -> '/telephony/settings', '{}'::jsonb) || '{"GET": true}'::jsonb)
  WHERE name = 'Read Only' AND resources -> '/contactpoints/contact-points' ->> 'GET' = 'true';
