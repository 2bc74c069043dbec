DROP INDEX "contact_points_account_system_value";--> statement-breakpoint
DROP INDEX "contact_points_account_value";--> statement-breakpoint
DROP INDEX "contact_points_account_name";--> statement-breakpoint
ALTER TABLE "contact_points" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_points" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE INDEX "contact_points_account_deleted" ON "contact_points" USING btree ("account_id","deleted_at") WHERE "contact_points"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_points_account_system_value" ON "contact_points" USING btree ("account_id","system","normalized_value") WHERE "contact_points"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_points_account_value" ON "contact_points" USING btree ("account_id","normalized_value") WHERE "contact_points"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contact_points_account_name" ON "contact_points" USING btree ("account_id","name","id") WHERE "contact_points"."deleted_at" is null;