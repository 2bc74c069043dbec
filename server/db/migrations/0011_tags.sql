CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"tagged_resource_type" text NOT NULL,
	"tagged_resource_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_resource_key_value" ON "tags" USING btree ("account_id","tagged_resource_type","tagged_resource_id",lower("key"),lower("value"));--> statement-breakpoint
CREATE INDEX "tags_account_key_value" ON "tags" USING btree ("account_id",lower("key"),lower("value"));