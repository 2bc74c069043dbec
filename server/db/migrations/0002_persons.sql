CREATE TABLE "person_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"persons" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_photos" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"specialty" text,
	"group_name" text,
	"initials" text,
	"pronunciation" text,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "persons_account_name";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(display_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "practitioner_record" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "user_record" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_photos" ADD CONSTRAINT "practitioner_photos_person_id_practitioners_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."practitioners"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practitioners_account_name" ON "practitioners" USING btree ("account_id","name","person_id");--> statement-breakpoint
CREATE INDEX "persons_account_id" ON "persons" USING btree ("account_id","id","search_name");--> statement-breakpoint
CREATE INDEX "persons_account_org_role" ON "persons" USING btree ("account_id","org_role","search_name","id");--> statement-breakpoint
CREATE INDEX "persons_account_practitioner" ON "persons" USING btree ("account_id","practitioner_record","search_name","id");--> statement-breakpoint
CREATE INDEX "persons_account_user" ON "persons" USING btree ("account_id","user_record","search_name","id");--> statement-breakpoint
CREATE INDEX "users_account_name" ON "users" USING btree ("account_id","name","person_id");--> statement-breakpoint
CREATE INDEX "persons_account_name" ON "persons" USING btree ("account_id","search_name","id");