-- Contact points in the palette and the list filter at 100,000 per account: trigram indexes that
-- lead with the account (btree_gin, created in 0003), so a name or value search only visits the
-- request account's entries. The value is searched in its normalised form (E.164 for numbers,
-- lower case for email addresses), so a part of a number typed in any spelling finds it.
CREATE INDEX IF NOT EXISTS "contact_points_account_name_trgm" ON "contact_points" USING gin ("account_id", "name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_normalized_value_trgm" ON "contact_points" USING gin ("account_id", "normalized_value" gin_trgm_ops);
--> statement-breakpoint
-- The list's sorts (each ends with name and id, as server/routes/contact-points/queries.ts orders
-- them), so a page is read from an index in order instead of sorting the account.
CREATE INDEX IF NOT EXISTS "contact_points_account_id" ON "contact_points" USING btree ("account_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_value_sort" ON "contact_points" USING btree ("account_id", "value", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_vip_sort" ON "contact_points" USING btree ("account_id", "vip", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_provider_sort" ON "contact_points" USING btree ("account_id", "service_provider", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_system_type_sort" ON "contact_points" USING btree ("account_id", "system_type", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_rank_sort" ON "contact_points" USING btree ("account_id", "rank", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_points_account_value_trgm" ON "contact_points" USING gin ("account_id", "value" gin_trgm_ops);
