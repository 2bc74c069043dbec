CREATE TABLE "simulators"."telephony_inbound" (
	"sid" text PRIMARY KEY NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"report_tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators"."telephony_opt_outs" (
	"sender" text NOT NULL,
	"patient" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_opt_outs_sender_patient_pk" PRIMARY KEY("sender","patient")
);
--> statement-breakpoint
CREATE TABLE "simulators"."telephony_secret" (
	"id" integer PRIMARY KEY NOT NULL,
	"auth_token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators"."telephony_sends" (
	"sid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"bridge_to" text,
	"body" text,
	"status_callback_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"duration_seconds" integer,
	"error_code" text,
	"reported_at" timestamp with time zone,
	"report_tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telephony_inbound_due" ON "simulators"."telephony_inbound" USING btree ("received_at") WHERE reported_at is null;--> statement-breakpoint
CREATE INDEX "telephony_sends_due" ON "simulators"."telephony_sends" USING btree ("outcome_at") WHERE reported_at is null;