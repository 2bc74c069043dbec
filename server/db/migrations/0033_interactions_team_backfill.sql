-- Calls ingested before a call kept its team (issue 26) have none, so the team filter and the
-- team column missed them. Each takes the practice team of the agent who handled it, by the rule
-- ingestion follows (server/interactions/ingest.ts `agentTeamRule`: the agent's first-joined team
-- that is not deleted), as of this migration. Calls that have a team keep it; calls no agent took
-- (abandoned, the contact flow alone) and agents on no team stay without one.
UPDATE interactions i SET team_id = team.id, team_name = team.name
  FROM users u
  CROSS JOIN LATERAL (
    SELECT t.id, t.name
      FROM practice_team_members m
      JOIN practice_teams t ON t.id = m.team_id AND t.deleted_at IS NULL
     WHERE m.account_id = u.account_id AND m.person_id = u.person_id
     ORDER BY m.created_timestamp, t.name, t.id
     LIMIT 1
  ) team
 WHERE i.team_id IS NULL AND i.agent_id IS NOT NULL AND u.account_id = i.account_id AND u.person_id = i.agent_id;
