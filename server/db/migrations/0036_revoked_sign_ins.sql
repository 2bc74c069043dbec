CREATE TABLE "revoked_sign_ins" (
	"sign_in" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A sign-in ended by logout changes who is calling with any of its tokens: every process's cache of callers is cleared (as for revoked_tokens, 0005).
CREATE TRIGGER revoked_sign_ins_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_sign_ins
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
