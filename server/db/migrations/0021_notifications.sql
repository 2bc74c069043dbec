CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"jump_path" text,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_person_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_timestamp","id");--> statement-breakpoint
-- Every change of a user's notifications is told to the server processes (at commit), which push it
-- to that user's open streams (server/notifications/stream.ts). Payload: the user's id.
CREATE FUNCTION astera_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('astera_notifications', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION astera_notifications_changed();
--> statement-breakpoint
-- Notifications are always the caller's own: every existing role may read, mark read and delete
-- them (the catalogue entries are new with this migration); roles that manage users (POST on
-- /person/users) also get POST: sending a notification to a user of the account.
UPDATE roles SET resources = resources
  || jsonb_build_object('/notifications/notifications',
       CASE WHEN resources #>> '{/person/users,POST}' = 'true'
         THEN '{"GET": true, "POST": true}'::jsonb ELSE '{"GET": true}'::jsonb END)
  || '{"/notifications/notifications/{id}": {"GET": true, "PATCH": true, "DELETE": true}}'::jsonb;
