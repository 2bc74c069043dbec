-- Issue 42. (0044 is another branch's.)
--
-- 1. What an interaction is: a phone call or a web chat. Until now a chat was told apart only by
-- its `web-chat` integration association (in jsonb, which no index reads), so the list could not
-- filter by it nor name an unnamed visitor as a chat's. Existing chats are the rows of web_chats.
ALTER TABLE "interactions" ADD COLUMN "type" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
UPDATE "interactions" AS i SET "type" = 'chat'
  FROM "web_chats" AS c
 WHERE c.account_id = i.account_id AND c.interaction_id = i.id;--> statement-breakpoint
-- A visitor who gave no name was stored as "Web chat visitor", a name a search found; now they have
-- none, and the screens say "Web chat visitor" for an unnamed chat's visitor.
UPDATE "interactions" AS i SET "patient_name" = NULL, "search_name" = NULL, "patient" = jsonb_set(i.patient, '{name}', 'null'::jsonb)
  FROM "web_chats" AS c
 WHERE c.account_id = i.account_id AND c.interaction_id = i.id AND c.visitor_name IS NULL AND i.patient_name = 'Web chat visitor';--> statement-breakpoint
CREATE INDEX "interactions_account_type_start" ON "interactions" USING btree ("account_id","type","start_timestamp","id") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
-- 2. Comments are live: a comment added, edited or deleted (by anyone, in any tab, from any server
-- process) tells the interaction's id on the channel migrations 0028 and 0042 use, in the same
-- shape (`<accountId>:<interactionId>`, or `<accountId>:*` past 100 interactions in one statement),
-- so an open interaction page reads its comments again. One function for the three triggers:
-- each names its transition table `changed` (the new rows, or the old ones of a delete).
CREATE OR REPLACE FUNCTION interaction_comments_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF (SELECT count(*) FROM (SELECT DISTINCT interaction_id FROM changed LIMIT 101) AS few) <= 100 THEN
    FOR r IN SELECT DISTINCT account_id, interaction_id FROM changed LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':' || r.interaction_id::text);
    END LOOP;
  ELSE
    FOR r IN SELECT DISTINCT account_id FROM changed LOOP
      PERFORM pg_notify('astera_interactions', r.account_id::text || ':*');
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS interaction_comments_notify_inserted ON interaction_comments;--> statement-breakpoint
CREATE TRIGGER interaction_comments_notify_inserted AFTER INSERT ON interaction_comments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION interaction_comments_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS interaction_comments_notify_updated ON interaction_comments;--> statement-breakpoint
CREATE TRIGGER interaction_comments_notify_updated AFTER UPDATE ON interaction_comments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION interaction_comments_notify();--> statement-breakpoint
DROP TRIGGER IF EXISTS interaction_comments_notify_deleted ON interaction_comments;--> statement-breakpoint
CREATE TRIGGER interaction_comments_notify_deleted AFTER DELETE ON interaction_comments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION interaction_comments_notify();
