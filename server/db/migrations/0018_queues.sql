CREATE TABLE "queues" (
	"account_id" uuid NOT NULL,
	"queue_id" text NOT NULL,
	"queue_arn" text NOT NULL,
	"queue_name" text NOT NULL,
	"agent_greeting_image_location_path" text,
	"agent_greetings" jsonb DEFAULT '{"inbound":null,"outbound":null,"callback":null}'::jsonb NOT NULL,
	"dispositions" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_at" timestamp with time zone,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "queues_account_id_queue_id_pk" PRIMARY KEY("account_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "sim_contact_center_instances" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"aws_account_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"region" text NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_contact_center_queues" (
	"account_id" uuid NOT NULL,
	"queue_id" text NOT NULL,
	"name" text NOT NULL,
	"core" boolean NOT NULL,
	"added_at" integer NOT NULL,
	"removed_at" integer,
	CONSTRAINT "sim_contact_center_queues_account_id_queue_id_pk" PRIMARY KEY("account_id","queue_id")
);
--> statement-breakpoint
CREATE INDEX "queues_account_name" ON "queues" USING btree ("account_id","queue_name");