-- Issue 44: a PATCH may name the version it expects (body `version` or `If-Match`) or none (it
-- applies to the current version). The change log says which: `conditional` and the version expected.
ALTER TABLE "audit_log" ADD COLUMN "conditional" boolean;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "expected_version" integer;--> statement-breakpoint
-- Until now every update named its version, the one its `before` snapshot shows.
UPDATE "audit_log" SET "conditional" = true, "expected_version" = ("before"->>'version')::integer
 WHERE "action" = 'update' AND jsonb_typeof("before"->'version') = 'number';
