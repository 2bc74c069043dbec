CREATE TABLE "task_workflows" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"tasks" jsonb NOT NULL,
	CONSTRAINT "task_workflows_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_workflows" ADD CONSTRAINT "task_workflows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_workflows_account_title" ON "task_workflows" USING btree ("account_id",lower("title"),"id");--> statement-breakpoint
-- The Practice Administrator roles of existing accounts run the practice's task workflows (issue 43)
-- where they still manage its persons, and the Read Only roles read them, as server/db/default-roles.ts
-- gives new accounts. Methods a role already holds are kept (merged per resource).
UPDATE roles SET resources = resources || (
  SELECT jsonb_object_agg(added.resource, COALESCE(roles.resources -> added.resource, '{}'::jsonb) || added.methods)
  FROM jsonb_each('{"/workflows": {"GET": true, "POST": true}, "/workflows/{id}": {"GET": true, "POST": true, "PATCH": true, "DELETE": true}}'::jsonb) AS added(resource, methods)
)
  WHERE name = 'Practice Administrator' AND resources -> '/person/persons' ->> 'GET' = 'true';
--> statement-breakpoint
UPDATE roles SET resources = resources || (
  SELECT jsonb_object_agg(added.resource, COALESCE(roles.resources -> added.resource, '{}'::jsonb) || added.methods)
  FROM jsonb_each('{"/workflows": {"GET": true}, "/workflows/{id}": {"GET": true}}'::jsonb) AS added(resource, methods)
)
  WHERE name = 'Read Only' AND resources -> '/person/persons' ->> 'GET' = 'true';
