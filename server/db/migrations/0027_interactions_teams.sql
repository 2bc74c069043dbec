CREATE TABLE "interaction_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"interaction_id" uuid NOT NULL,
	"from_id" text NOT NULL,
	"from_name" text NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"content_type" text DEFAULT 'text/plain' NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interaction_daily_metrics" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"queue_id" text DEFAULT '' NOT NULL,
	"direction" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"abandoned" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"answered_in_threshold" bigint DEFAULT 0 NOT NULL,
	"handle_seconds" bigint DEFAULT 0 NOT NULL,
	"wait_seconds" bigint DEFAULT 0 NOT NULL,
	"dispositions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "interaction_daily_metrics_account_id_day_queue_id_direction_pk" PRIMARY KEY("account_id","day","queue_id","direction")
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"external_id" text,
	"start_timestamp" timestamp with time zone NOT NULL,
	"end_timestamp" timestamp with time zone,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"escalated" boolean DEFAULT false NOT NULL,
	"escalated_type" text,
	"priority" text[] DEFAULT '{}'::text[] NOT NULL,
	"queue_id" text,
	"queue_name" text,
	"agent_id" uuid,
	"agent_name" text,
	"team_id" uuid,
	"team_name" text,
	"patient_name" text,
	"contact_number" text,
	"contact_digits" text,
	"search_name" text,
	"latest_disposition" text,
	"duration_seconds" integer,
	"wait_seconds" integer,
	"handle_seconds" integer,
	"recordings_count" integer DEFAULT 0 NOT NULL,
	"agent_notes" text,
	"patient" jsonb,
	"initiating_party" jsonb,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"integration_associations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "practice_team_members" (
	"account_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "practice_team_members_team_id_person_id_pk" PRIMARY KEY("team_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "practice_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"description" text,
	"affiliation" text,
	"is_viewable" boolean DEFAULT true NOT NULL,
	"is_schedulable" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
ALTER TABLE "interaction_comments" ADD CONSTRAINT "interaction_comments_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_team_members" ADD CONSTRAINT "practice_team_members_team_id_practice_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."practice_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_team_members" ADD CONSTRAINT "practice_team_members_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interaction_comments_interaction" ON "interaction_comments" USING btree ("interaction_id","created_timestamp","id");--> statement-breakpoint
CREATE INDEX "interactions_account_start" ON "interactions" USING btree ("account_id","start_timestamp","id") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interactions_account_queue_start" ON "interactions" USING btree ("account_id","queue_id","start_timestamp","id") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interactions_account_agent_start" ON "interactions" USING btree ("account_id","agent_id","start_timestamp","id") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interactions_account_team_start" ON "interactions" USING btree ("account_id","team_id","start_timestamp","id") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interactions_account_digits" ON "interactions" USING btree ("account_id","contact_digits") WHERE "interactions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "interactions_account_external" ON "interactions" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "practice_team_members_person" ON "practice_team_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "practice_teams_account_name" ON "practice_teams" USING btree ("account_id","name","id") WHERE "practice_teams"."deleted_at" is null;