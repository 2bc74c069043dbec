CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'running' NOT NULL,
	"start_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"end_timestamp" timestamp with time zone,
	"questions" jsonb NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"reached_count" integer DEFAULT 0 NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"start_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"end_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb NOT NULL,
	"answer" integer,
	"comment" text,
	"external_id" text,
	"external_user" text,
	"query_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_account_name" ON "campaigns" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_campaign_external_unique" ON "survey_responses" USING btree ("campaign_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "survey_responses_account_campaign_end" ON "survey_responses" USING btree ("account_id","campaign_id","end_timestamp","id");