DROP INDEX "tags_account_resource_key_value";--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_resource_key_value" ON "tags" USING btree ("account_id","tagged_resource_type","tagged_resource_id",lower("key"),lower("value")) WHERE "tags"."deleted_at" is null;