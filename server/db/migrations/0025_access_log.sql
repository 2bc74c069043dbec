CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"credential" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_account_at_id" ON "access_log" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "access_at_id" ON "access_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "access_record" ON "access_log" USING btree ("account_id","resource_type","resource_id","at");--> statement-breakpoint
-- The system log and the access log are catalogue entries new with this migration (issue 24);
-- until now every role read the log through the access policy. Roles that may read the account's
-- users (Administrator, Practice Administrator, Read Only) keep reading the system log (each entry
-- now only if the role may read its record); roles that manage users (POST /person/users: the
-- administrators) read who read patient data.
UPDATE roles SET resources = resources || '{"/audit/entries": {"GET": true}}'::jsonb
  WHERE resources #>> '{/person/users,GET}' = 'true';
--> statement-breakpoint
UPDATE roles SET resources = resources || '{"/audit/views": {"GET": true}}'::jsonb
  WHERE resources #>> '{/person/users,POST}' = 'true';
