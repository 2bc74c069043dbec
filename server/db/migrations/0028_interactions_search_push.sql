-- Interactions API (issue 26): what every path that writes interactions (the API's create, the
-- contact center's ingestion, a bulk seed) shares, so no writer has to remember it.
--
-- 1. The search columns follow the patient's number and name: `contact_digits` is the E.164
--    number's digits (a US number: 1 and its 10 digits), `search_name` the name in lower case.
--    A search in any spelling ("(555) 123-4567", "555.123.4567", "+1 555 123 4567") compares digits.
CREATE OR REPLACE FUNCTION interactions_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  digits text;
BEGIN
  digits := nullif(regexp_replace(coalesce(NEW.contact_number, ''), '\D', '', 'g'), '');
  IF digits IS NOT NULL AND length(digits) = 10 THEN
    digits := '1' || digits;
  END IF;
  NEW.contact_digits := digits;
  NEW.search_name := lower(NEW.patient_name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS interactions_search_columns ON interactions;
--> statement-breakpoint
CREATE TRIGGER interactions_search_columns BEFORE INSERT OR UPDATE OF contact_number, patient_name, contact_digits, search_name ON interactions
  FOR EACH ROW EXECUTE FUNCTION interactions_search_columns();
--> statement-breakpoint
-- 2. New calls reach open lists (GET /notifications/stream, event `interaction`): one
--    notification per inserted row, `<accountId>:<interactionId>`, on channel astera_interactions.
--    Per statement, so that a bulk load of a million rows sends one `<accountId>:*` per account
--    (open lists reload) instead of a million notifications.
CREATE OR REPLACE FUNCTION interactions_notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM inserted LIMIT 101) AS few) <= 100 THEN
    FOR r IN SELECT account_id, id FROM inserted WHERE deleted_at IS NULL LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':' || r.id::text);
    END LOOP;
  ELSE
    FOR r IN SELECT DISTINCT account_id FROM inserted LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':*');
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS interactions_notify_inserted ON interactions;
--> statement-breakpoint
CREATE TRIGGER interactions_notify_inserted AFTER INSERT ON interactions
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION interactions_notify_inserted();
--> statement-breakpoint
-- 3. Free text on a part of a name or a number: trigram indexes within the account (btree_gin,
--    0003), live rows only, like the list's other indexes.
CREATE INDEX IF NOT EXISTS "interactions_account_name_trgm" ON "interactions" USING gin ("account_id", "search_name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interactions_account_digits_trgm" ON "interactions" USING gin ("account_id", "contact_digits" gin_trgm_ops) WHERE "deleted_at" IS NULL;
