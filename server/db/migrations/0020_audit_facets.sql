CREATE TABLE "audit_facets" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_facets_account_id_kind_value_pk" PRIMARY KEY("account_id","kind","value")
);
--> statement-breakpoint
-- Every audit entry records its kind of record and its actor. A value already there is only
-- looked up (no write, no row lock); an actor's name is rewritten only when a newer entry names
-- them otherwise (a renamed user is listed under their name of today).
CREATE OR REPLACE FUNCTION "audit_facets_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "audit_facets" WHERE "account_id" = NEW."account_id" AND "kind" = 'type' AND "value" = NEW."resource_type") THEN
    INSERT INTO "audit_facets" ("account_id", "kind", "value", "last_at") VALUES (NEW."account_id", 'type', NEW."resource_type", NEW."at")
    ON CONFLICT DO NOTHING;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM "audit_facets"
    WHERE "account_id" = NEW."account_id" AND "kind" = 'actor' AND "value" = NEW."actor_id" AND ("name" = NEW."actor_name" OR "last_at" > NEW."at")
  ) THEN
    INSERT INTO "audit_facets" ("account_id", "kind", "value", "name", "last_at") VALUES (NEW."account_id", 'actor', NEW."actor_id", NEW."actor_name", NEW."at")
    ON CONFLICT ("account_id", "kind", "value") DO UPDATE SET "name" = EXCLUDED."name", "last_at" = EXCLUDED."last_at"
    WHERE "audit_facets"."last_at" <= EXCLUDED."last_at";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_facets_track" AFTER INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_facets_track"();
--> statement-breakpoint
INSERT INTO "audit_facets" ("account_id", "kind", "value", "last_at")
SELECT "account_id", 'type', "resource_type", max("at") FROM "audit_log" GROUP BY "account_id", "resource_type"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "audit_facets" ("account_id", "kind", "value", "name", "last_at")
SELECT DISTINCT ON ("account_id", "actor_id") "account_id", 'actor', "actor_id", "actor_name", "at" FROM "audit_log"
ORDER BY "account_id", "actor_id", "at" DESC, "id" DESC
ON CONFLICT DO NOTHING;
