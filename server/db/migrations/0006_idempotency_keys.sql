CREATE TABLE "idempotency_keys" (
	"account_id" uuid NOT NULL,
	"caller_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_caller_id_key_pk" PRIMARY KEY("account_id","caller_id","key")
);
--> statement-breakpoint
CREATE INDEX "audit_resource" ON "audit_log" USING btree ("account_id","resource_type","resource_id","id");