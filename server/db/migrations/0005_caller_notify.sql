-- Every API request needs its caller (user, home account, role, revocation); server processes cache
-- it per token id and clear that cache when one of these tables changes (server/auth/callers.ts).
-- The notification is sent at commit, to every process listening, whoever made the change.
CREATE FUNCTION astera_callers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('astera_callers', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Users: only the columns a caller is made of (a preferences save leaves the cache alone).
CREATE TRIGGER users_callers_changed AFTER INSERT OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
--> statement-breakpoint
CREATE TRIGGER users_callers_updated AFTER UPDATE OF person_id, account_id, name, email, principal_id, active, role_id, instance_admin ON users
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
--> statement-breakpoint
CREATE TRIGGER roles_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION astera_callers_changed();
