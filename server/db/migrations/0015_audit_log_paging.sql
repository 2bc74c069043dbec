DROP INDEX "audit_account_at";--> statement-breakpoint
CREATE INDEX "audit_account_at_id" ON "audit_log" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_at_id" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_account_type_at_id" ON "audit_log" USING btree ("account_id","resource_type","at","id");--> statement-breakpoint
CREATE INDEX "audit_account_actor_at_id" ON "audit_log" USING btree ("account_id","actor_id","at","id");