CREATE TABLE "insurances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"insurance_plan_name" text NOT NULL,
	"insurance_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan_prefix" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_workercomp" boolean DEFAULT false NOT NULL,
	"is_medicare" boolean DEFAULT false NOT NULL,
	"is_medicade" boolean DEFAULT false NOT NULL,
	"is_referral_required" boolean DEFAULT false NOT NULL,
	"is_authorization_required" boolean DEFAULT false NOT NULL,
	"is_ok_to_bring_authorization" boolean DEFAULT false NOT NULL,
	"is_in_network" boolean DEFAULT true NOT NULL,
	"is_secondary_only" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "insurances_account_plan_name_unique" ON "insurances" USING btree ("account_id",lower("insurance_plan_name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "insurances_account_plan_name" ON "insurances" USING btree ("account_id","insurance_plan_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "issues_account_name_unique" ON "issues" USING btree ("account_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issues_account_name" ON "issues" USING btree ("account_id","name","id") WHERE deleted_at is null;