CREATE SCHEMA "simulators";
--> statement-breakpoint
CREATE TABLE "simulators"."contact_center_instances" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"aws_account_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"region" text NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators"."contact_center_queues" (
	"account_id" uuid NOT NULL,
	"queue_id" text NOT NULL,
	"name" text NOT NULL,
	"core" boolean NOT NULL,
	"added_at" integer NOT NULL,
	"removed_at" integer,
	CONSTRAINT "contact_center_queues_account_id_queue_id_pk" PRIMARY KEY("account_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_bot_installs" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"installation_id" text NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_directory_bot_installs_tenant_id_team_id_pk" PRIMARY KEY("tenant_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_channels" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"id" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"membership_type" text DEFAULT 'standard' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_directory_channels_tenant_id_team_id_id_pk" PRIMARY KEY("tenant_id","team_id","id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_members" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "team_directory_members_tenant_id_team_id_user_id_pk" PRIMARY KEY("tenant_id","team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"content" text NOT NULL,
	"from_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_teams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	CONSTRAINT "team_directory_teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_tenants" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"provisioned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators"."team_directory_users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"job_title" text,
	"mail" text,
	"user_principal_name" text NOT NULL,
	CONSTRAINT "team_directory_users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "team_directory_messages_channel" ON "simulators"."team_directory_messages" USING btree ("tenant_id","team_id","channel_id","id");