CREATE TABLE "audit_facets" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_facets_account_id_kind_value_pk" PRIMARY KEY("account_id","kind","value")
);
--> statement-breakpoint
-- Every audit insert (one statement's rows at once) records its kinds of record and its actors.
-- Values already there are only looked up (no write, no row lock, so writes by one user never
-- wait on each other here); an actor's name is rewritten only when a newer entry names them
-- otherwise (a renamed user is listed under their name of today).
CREATE OR REPLACE FUNCTION "audit_facets_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_facets" ("account_id", "kind", "value", "last_at")
  SELECT n."account_id", 'type', n."resource_type", max(n."at") FROM "new_rows" n
  WHERE NOT EXISTS (SELECT 1 FROM "audit_facets" f WHERE f."account_id" = n."account_id" AND f."kind" = 'type' AND f."value" = n."resource_type")
  GROUP BY n."account_id", n."resource_type"
  ON CONFLICT DO NOTHING;
  INSERT INTO "audit_facets" ("account_id", "kind", "value", "name", "last_at")
  SELECT n."account_id", 'actor', n."actor_id", n."actor_name", n."at"
  FROM (
    -- Each actor's newest entry of the statement, then only if it changes what is kept.
    SELECT DISTINCT ON ("account_id", "actor_id") "account_id", "actor_id", "actor_name", "at" FROM "new_rows"
    ORDER BY "account_id", "actor_id", "at" DESC, "id" DESC
  ) n
  WHERE NOT EXISTS (
    SELECT 1 FROM "audit_facets" f
    WHERE f."account_id" = n."account_id" AND f."kind" = 'actor' AND f."value" = n."actor_id" AND (f."name" = n."actor_name" OR f."last_at" > n."at")
  )
  ON CONFLICT ("account_id", "kind", "value") DO UPDATE SET "name" = EXCLUDED."name", "last_at" = EXCLUDED."last_at"
  WHERE "audit_facets"."last_at" <= EXCLUDED."last_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_facets_track" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_facets_track"();
--> statement-breakpoint
INSERT INTO "audit_facets" ("account_id", "kind", "value", "last_at")
SELECT "account_id", 'type', "resource_type", max("at") FROM "audit_log" GROUP BY "account_id", "resource_type"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "audit_facets" ("account_id", "kind", "value", "name", "last_at")
SELECT DISTINCT ON ("account_id", "actor_id") "account_id", 'actor', "actor_id", "actor_name", "at" FROM "audit_log"
ORDER BY "account_id", "actor_id", "at" DESC, "id" DESC
ON CONFLICT DO NOTHING;
