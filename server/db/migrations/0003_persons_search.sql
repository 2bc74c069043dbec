-- Persons lists and search at 100,000 persons per account.
--
-- 1. Trigram indexes that lead with the account (btree_gin), so a name filter or a fuzzy search
--    only ever visits the request account's entries. Persons are matched on their lower-cased
--    search name (0002); this replaces the account-less display-name index of 0001.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "persons_display_name_trgm";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "persons_account_search_name_trgm" ON "persons" USING gin ("account_id", "search_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "practitioners_account_name_trgm" ON "practitioners" USING gin ("account_id", "name" gin_trgm_ops);
--> statement-breakpoint
-- 2. Persons per account, exact, whoever writes (API, seed, bulk seed): statement-level triggers
--    add or subtract the rows of each INSERT or DELETE. (Persons never change account.)
CREATE OR REPLACE FUNCTION "person_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "person_counts" ("account_id", "persons")
    SELECT "account_id", count(*) FROM "inserted" GROUP BY "account_id"
  ON CONFLICT ("account_id") DO UPDATE SET "persons" = "person_counts"."persons" + excluded."persons";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "person_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "person_counts" SET "persons" = "person_counts"."persons" - d."n"
    FROM (SELECT "account_id", count(*) AS "n" FROM "deleted" GROUP BY "account_id") d
    WHERE "person_counts"."account_id" = d."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "person_counts_insert" AFTER INSERT ON "persons" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "person_counts_insert"();
--> statement-breakpoint
CREATE TRIGGER "person_counts_delete" AFTER DELETE ON "persons" REFERENCING OLD TABLE AS "deleted" FOR EACH STATEMENT EXECUTE FUNCTION "person_counts_delete"();
--> statement-breakpoint
INSERT INTO "person_counts" ("account_id", "persons")
  SELECT "account_id", count(*) FROM "persons" GROUP BY "account_id"
ON CONFLICT ("account_id") DO UPDATE SET "persons" = excluded."persons";
--> statement-breakpoint
-- 3. Persons that already had a user record before the flag existed (seeded demo users).
UPDATE "persons" SET "user_record" = true WHERE "id" IN (SELECT "person_id" FROM "users");
