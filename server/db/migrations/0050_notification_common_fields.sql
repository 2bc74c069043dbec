-- Issue 44: a notification answers spec §3's common fields. Who sent it (the product's own are
-- written by the Notifications actor's fan-out; one sent with POST is the caller's), and who last
-- marked it read or unread, and when.
ALTER TABLE "notifications" ADD COLUMN "created_by" text DEFAULT 'Notifications' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "modified_by" text DEFAULT 'Notifications' NOT NULL;--> statement-breakpoint
-- Earlier notifications were last changed when they were made, as far as anyone can tell (no
-- bell needs telling: the trigger is off for it).
ALTER TABLE "notifications" DISABLE TRIGGER "notifications_changed";--> statement-breakpoint
UPDATE "notifications" SET "modified_timestamp" = "created_timestamp";--> statement-breakpoint
ALTER TABLE "notifications" ENABLE TRIGGER "notifications_changed";
