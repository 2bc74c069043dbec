-- Task workflow items and their timeline (issue 43): the patients a workflow works through, and what the runner did for each;
-- pacing per sending number; and a wake-up of an item whose call or text the carrier reported on.
CREATE TABLE "telephony_pacing" (
	"account_id" uuid NOT NULL,
	"from_number" text NOT NULL,
	"kind" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telephony_pacing_account_id_from_number_kind_pk" PRIMARY KEY("account_id","from_number","kind")
);
--> statement-breakpoint
CREATE TABLE "task_workflow_item_events" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"task_index" integer,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"attempt_id" uuid,
	"interaction_id" uuid,
	CONSTRAINT "task_workflow_item_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_workflow_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"workflow_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current_task" integer,
	"tasks" jsonb NOT NULL,
	"source" text NOT NULL,
	"general_info" jsonb NOT NULL,
	"person_id" uuid,
	"patient_name" text NOT NULL,
	"phone" text NOT NULL,
	"mrn" text,
	"dob" date,
	"next_attempt_at" timestamp with time zone,
	"held_reason" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"paced_at" timestamp with time zone,
	"task_started_at" timestamp with time zone,
	CONSTRAINT "task_workflow_items_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "telephony_pacing" ADD CONSTRAINT "telephony_pacing_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_workflow_item_events" ADD CONSTRAINT "task_workflow_item_events_account_id_item_id_task_workflow_items_account_id_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."task_workflow_items"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_workflow_items" ADD CONSTRAINT "task_workflow_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_workflow_items" ADD CONSTRAINT "task_workflow_items_account_id_workflow_id_task_workflows_account_id_id_fk" FOREIGN KEY ("account_id","workflow_id") REFERENCES "public"."task_workflows"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_workflow_item_events_item" ON "task_workflow_item_events" USING btree ("account_id","item_id","at");--> statement-breakpoint
CREATE INDEX "task_workflow_items_list" ON "task_workflow_items" USING btree ("account_id","workflow_id","created_timestamp","id");--> statement-breakpoint
CREATE INDEX "task_workflow_items_status" ON "task_workflow_items" USING btree ("account_id","workflow_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "task_workflow_items_mrn_dob" ON "task_workflow_items" USING btree ("account_id","workflow_id",lower("mrn"),"dob") WHERE "task_workflow_items"."mrn" is not null and "task_workflow_items"."dob" is not null;--> statement-breakpoint
CREATE INDEX "task_workflow_items_phone" ON "task_workflow_items" USING btree ("account_id","phone");--> statement-breakpoint
-- An item's send changed status (the carrier's report, a stranded attempt closed): its runner job is
-- queued now (server/workflows/queue.ts's key), whichever process wrote the change. Keys of workflow
-- sends are 'workflow:<item id>:<round>:<task>:<try>'.
CREATE FUNCTION workflow_attempt_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.key LIKE 'workflow:%' AND NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM graphile_worker.add_job(
      'workflows.run-item',
      json_build_object('accountId', NEW.account_id, 'itemId', split_part(NEW.key, ':', 2)),
      job_key => 'workflow-item:' || split_part(NEW.key, ':', 2),
      max_attempts => 10
    );
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER telephony_attempts_wake_workflow_item AFTER UPDATE OF status ON telephony_attempts
  FOR EACH ROW EXECUTE FUNCTION workflow_attempt_changed();
