CREATE TABLE "telephony_attempts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"bridge_to" text,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"carrier_id" text,
	"carrier_code" text,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_attempts_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "telephony_attempts_key" UNIQUE("account_id","key"),
	CONSTRAINT "telephony_attempts_carrier" UNIQUE("account_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "telephony_opt_outs" (
	"account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"via" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_opt_outs_account_id_number_pk" PRIMARY KEY("account_id","number")
);
--> statement-breakpoint
ALTER TABLE "telephony_attempts" ADD CONSTRAINT "telephony_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_opt_outs" ADD CONSTRAINT "telephony_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telephony_attempts_pending" ON "telephony_attempts" USING btree ("account_id","created_at") WHERE "telephony_attempts"."status" = 'pending';