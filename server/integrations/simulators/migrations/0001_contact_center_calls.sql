CREATE TABLE "simulators"."contact_center_contacts" (
	"account_id" uuid NOT NULL,
	"contact_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"plan" jsonb NOT NULL,
	CONSTRAINT "contact_center_contacts_account_id_contact_id_pk" PRIMARY KEY("account_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."contact_center_placing" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"placed_until" timestamp with time zone NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_center_contacts_ended" ON "simulators"."contact_center_contacts" USING btree ("account_id","ended_at");--> statement-breakpoint
CREATE INDEX "contact_center_contacts_started" ON "simulators"."contact_center_contacts" USING btree ("account_id","started_at");