CREATE TABLE "contact_point_practitioners" (
	"contact_point_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "contact_point_practitioners_contact_point_id_practitioner_id_pk" PRIMARY KEY("contact_point_id","practitioner_id")
);
--> statement-breakpoint
CREATE TABLE "contact_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"normalized_value" text NOT NULL,
	"system" text NOT NULL,
	"service_provider" text NOT NULL,
	"description" text,
	"system_type" text,
	"rank" integer NOT NULL,
	"vip" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_point_practitioners" ADD CONSTRAINT "contact_point_practitioners_contact_point_id_contact_points_id_fk" FOREIGN KEY ("contact_point_id") REFERENCES "public"."contact_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_point_practitioners" ADD CONSTRAINT "contact_point_practitioners_practitioner_id_practitioners_person_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_point_practitioners_practitioner" ON "contact_point_practitioners" USING btree ("practitioner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_points_account_system_value" ON "contact_points" USING btree ("account_id","system","normalized_value");--> statement-breakpoint
CREATE INDEX "contact_points_account_value" ON "contact_points" USING btree ("account_id","normalized_value");--> statement-breakpoint
CREATE INDEX "contact_points_account_name" ON "contact_points" USING btree ("account_id","name","id");