ALTER TABLE "contact_points" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(name) || E'\n' || lower(value)) STORED NOT NULL;--> statement-breakpoint
-- The filtered contact point list at 100,000 per account (issue #9's bench), measured on
-- "oak street" (8,342 matches), sorted by rank: 23 ms before, 9 ms after.
--
-- 1. One trigram index over the lowercased name and value: a filter is one bitmap and a plain
--    LIKE on each row it reads, where it was two bitmaps and a case-folding ILIKE on two columns.
CREATE INDEX IF NOT EXISTS "contact_points_account_search_trgm" ON "contact_points" USING gin ("account_id", "search" gin_trgm_ops) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- 2. Every sort index carries the filter's text, so a filtered page can be found by reading a
--    sort index in order and testing each entry, without visiting the rows (an index-only scan):
--    the first page of a common word is a few hundred entries in, where sorting every match
--    meant reading thousands of rows. Same names, same keys, same live-only predicate as 0014.
DROP INDEX IF EXISTS "contact_points_account_id";
--> statement-breakpoint
CREATE INDEX "contact_points_account_id" ON "contact_points" USING btree ("account_id", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_name";
--> statement-breakpoint
CREATE INDEX "contact_points_account_name" ON "contact_points" USING btree ("account_id", "name", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_value_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_value_sort" ON "contact_points" USING btree ("account_id", "value", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_vip_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_vip_sort" ON "contact_points" USING btree ("account_id", "vip", "name", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_provider_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_provider_sort" ON "contact_points" USING btree ("account_id", "service_provider", "name", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_system_type_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_system_type_sort" ON "contact_points" USING btree ("account_id", "system_type", "name", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "contact_points_account_rank_sort";
--> statement-breakpoint
CREATE INDEX "contact_points_account_rank_sort" ON "contact_points" USING btree ("account_id", "rank", "name", "id") INCLUDE ("search") WHERE "deleted_at" IS NULL;
