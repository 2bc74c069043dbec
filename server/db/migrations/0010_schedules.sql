CREATE TABLE "schedule_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"schedule_id" uuid NOT NULL,
	"title" text NOT NULL,
	"practitioner_id" uuid,
	"who" text,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"notes" text,
	"recurrence" jsonb,
	"exdates" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent_id" uuid,
	"occurrence_date" text
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner_type" text,
	"owner_id" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_practitioner_id_practitioners_person_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("person_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_parent_id_schedule_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."schedule_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_tasks_schedule" ON "schedule_tasks" USING btree ("account_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_tasks_exception" ON "schedule_tasks" USING btree ("parent_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "schedules_account_name" ON "schedules" USING btree ("account_id","name","id") WHERE "schedules"."deleted_at" is null;