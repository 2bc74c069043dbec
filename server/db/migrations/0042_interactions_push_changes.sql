-- Every new or changed interaction appears live (issue 42). Migration 0028 told open lists of
-- inserted rows only, so a call changed afterwards (an edit, a delete or restore, a masked call's
-- legs and outcome arriving, an ingested call read again) reached no open list and no open
-- interaction page. Updates are told the same way, on the same channel and in the same shape:
-- `<accountId>:<interactionId>` per changed row, or `<accountId>:*` (open lists and pages reload)
-- when one statement changes more than 100 rows. Deleted rows are told too, so lists drop them.
-- A statement that changes nothing (an ingestion's read of a final call) has no rows and tells
-- nothing.
CREATE OR REPLACE FUNCTION interactions_notify_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM updated LIMIT 101) AS few) <= 100 THEN
    FOR r IN SELECT DISTINCT account_id, id FROM updated LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':' || r.id::text);
    END LOOP;
  ELSE
    FOR r IN SELECT DISTINCT account_id FROM updated LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':*');
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS interactions_notify_updated ON interactions;
--> statement-breakpoint
CREATE TRIGGER interactions_notify_updated AFTER UPDATE ON interactions
  REFERENCING NEW TABLE AS updated FOR EACH STATEMENT EXECUTE FUNCTION interactions_notify_updated();
