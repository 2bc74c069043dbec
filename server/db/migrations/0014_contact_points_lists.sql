CREATE TABLE "contact_point_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_point_words" (
	"account_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "contact_point_words_account_id_word_pk" PRIMARY KEY("account_id","word")
);
--> statement-breakpoint
-- Contact point lists and the palette at 100,000 per account (issue #9's bench).
--
-- 1. Live contact points per account, exact, whoever writes (API, seed, bulk seed): statement-level
--    triggers add the live rows an INSERT brings, subtract those a DELETE takes, and apply the net
--    change of an UPDATE (a soft delete or a restore; an edit nets zero and writes nothing).
CREATE OR REPLACE FUNCTION "contact_point_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_point_counts" ("account_id", "live")
    SELECT "account_id", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY "account_id"
  ON CONFLICT ("account_id") DO UPDATE SET "live" = "contact_point_counts"."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_point_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_point_counts" SET "live" = "contact_point_counts"."live" - d."n"
    FROM (SELECT "account_id", count(*) AS "n" FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY "account_id") d
    WHERE "contact_point_counts"."account_id" = d."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_point_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_point_counts" ("account_id", "live")
    SELECT "account_id", sum("n") FROM (
      SELECT "account_id", 1 AS "n" FROM "new_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "account_id", -1 AS "n" FROM "old_rows" WHERE "deleted_at" IS NULL
    ) changes GROUP BY "account_id" HAVING sum("n") <> 0
  ON CONFLICT ("account_id") DO UPDATE SET "live" = "contact_point_counts"."live" + excluded."live";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_point_counts_insert" AFTER INSERT ON "contact_points" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_point_counts_insert"();
--> statement-breakpoint
CREATE TRIGGER "contact_point_counts_delete" AFTER DELETE ON "contact_points" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_point_counts_delete"();
--> statement-breakpoint
CREATE TRIGGER "contact_point_counts_update" AFTER UPDATE ON "contact_points" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_point_counts_update"();
--> statement-breakpoint
INSERT INTO "contact_point_counts" ("account_id", "live")
  SELECT "account_id", count(*) FROM "contact_points" WHERE "deleted_at" IS NULL GROUP BY "account_id"
ON CONFLICT ("account_id") DO UPDATE SET "live" = excluded."live";
--> statement-breakpoint
-- 2. The list's sort indexes hold live rows only, so a page (and the rows an offset skips) is read
--    from the index alone, without visiting each row to see whether it was deleted.
DROP INDEX IF EXISTS "contact_points_account_id";
--> statement-breakpoint
CREATE INDEX "contact_points_account_id" ON "contact_points" USING btree ("account_id", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_value_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_value_sort" ON "contact_points" USING btree ("account_id", "value", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_vip_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_vip_sort" ON "contact_points" USING btree ("account_id", "vip", "name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_provider_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_provider_sort" ON "contact_points" USING btree ("account_id", "service_provider", "name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_system_type_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_system_type_sort" ON "contact_points" USING btree ("account_id", "system_type", "name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_rank_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_rank_sort" ON "contact_points" USING btree ("account_id", "rank", "name", "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- 3. The palette finds names by their words (full-text, 'simple': no stemming, no stop words), a
--    typed word also as the start of a word. Its posting lists are cheap where trigrams are not:
--    "oak" is in 7,000 names of the bench, each a single index entry here. The account is not a
--    column of this index: in a large account its entry lists every row, and reading it cost more
--    than the word (measured: 31 ms against 2 ms); a small account is found through its btree.
CREATE INDEX IF NOT EXISTS "contact_points_name_words" ON "contact_points" USING gin (to_tsvector('simple', "name")) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- 4. The words of the names (letters in them, three characters or more), for correcting a
--    mistyped word ("stret" → "street"). Words are only added: a word whose last name went away
--    corrects to a word that finds nothing, which is harmless.
CREATE INDEX IF NOT EXISTS "contact_point_words_trgm" ON "contact_point_words" USING gin ("account_id", "word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_point_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_point_words" ("account_id", "word")
    SELECT DISTINCT r."account_id", w.lexeme
    FROM "new_rows" r, unnest(tsvector_to_array(to_tsvector('simple', r."name"))) AS w(lexeme)
    WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_point_words_insert" AFTER INSERT ON "contact_points" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_point_words_add"();
--> statement-breakpoint
CREATE TRIGGER "contact_point_words_update" AFTER UPDATE ON "contact_points" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contact_point_words_add"();
--> statement-breakpoint
INSERT INTO "contact_point_words" ("account_id", "word")
  SELECT DISTINCT c."account_id", w.lexeme
  FROM "contact_points" c, unnest(tsvector_to_array(to_tsvector('simple', c."name"))) AS w(lexeme)
  WHERE length(w.lexeme) >= 3 AND w.lexeme ~ '[[:alpha:]]'
ON CONFLICT DO NOTHING;
