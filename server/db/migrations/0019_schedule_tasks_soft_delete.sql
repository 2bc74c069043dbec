DROP INDEX "schedule_tasks_exception";--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD COLUMN "deleted_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_tasks_exception" ON "schedule_tasks" USING btree ("parent_id","occurrence_date") WHERE "schedule_tasks"."deleted_at" is null;