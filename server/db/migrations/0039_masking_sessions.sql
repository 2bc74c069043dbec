CREATE TABLE "masking_sessions" (
	"account_id" uuid NOT NULL,
	"id" text NOT NULL,
	"patient_number" text NOT NULL,
	"person_id" uuid,
	"interaction_id" uuid,
	"practice_contact_point_id" uuid NOT NULL,
	"practice_number" text NOT NULL,
	"caller_number" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_calls" integer NOT NULL,
	"calls_used" integer DEFAULT 0 NOT NULL,
	"call_time_limit_minutes" integer NOT NULL,
	"ring_timeout_seconds" integer NOT NULL,
	"text_status" text,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "masking_sessions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "masking_sessions" ADD CONSTRAINT "masking_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "masking_sessions_id" ON "masking_sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "masking_sessions_account_created" ON "masking_sessions" USING btree ("account_id","created_timestamp");--> statement-breakpoint
-- Call masking (issue 42): the Practice Administrator roles of existing accounts set up and end
-- the practice's masking sessions (server/db/default-roles.ts), where they still manage the
-- practice's persons. Methods a role already holds on those resources are kept.
UPDATE roles SET resources = resources || (
  SELECT jsonb_object_agg(added.resource, COALESCE(roles.resources -> added.resource, '{}'::jsonb) || added.methods)
  FROM jsonb_each('{"/call_masking/sessions": {"GET": true, "POST": true}, "/call_masking/sessions/{id}": {"GET": true, "PATCH": true}}'::jsonb) AS added(resource, methods)
)
  WHERE name = 'Practice Administrator' AND resources -> '/person/persons' ->> 'GET' = 'true';
