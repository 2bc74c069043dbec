CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"role_id" uuid,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_account_name" ON "api_keys" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "api_keys_role" ON "api_keys" USING btree ("role_id");--> statement-breakpoint
-- A key is a caller too: processes that cache it clear their cache when a key changes (a key
-- deactivated or deleted gets 401 at once everywhere). Its last use is not part of the caller.
CREATE TRIGGER api_keys_callers_changed AFTER INSERT OR DELETE OR TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_callers_updated AFTER UPDATE OF account_id, name, active, role_id, secret_hash ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
