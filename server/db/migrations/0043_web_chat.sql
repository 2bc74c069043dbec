CREATE TABLE "web_chat_messages" (
	"account_id" uuid NOT NULL,
	"chat_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text,
	"text" text NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_chat_messages_account_id_chat_id_seq_pk" PRIMARY KEY("account_id","chat_id","seq")
);
--> statement-breakpoint
CREATE TABLE "web_chat_settings" (
	"account_id" uuid NOT NULL,
	"widget_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text NOT NULL,
	CONSTRAINT "web_chat_settings_account_id_pk" PRIMARY KEY("account_id")
);
--> statement-breakpoint
CREATE TABLE "web_chats" (
	"account_id" uuid NOT NULL,
	"id" text NOT NULL,
	"token_hash" text NOT NULL,
	"interaction_id" uuid NOT NULL,
	"visitor_name" text,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_chats_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "web_chat_messages" ADD CONSTRAINT "web_chat_messages_account_id_chat_id_web_chats_account_id_id_fk" FOREIGN KEY ("account_id","chat_id") REFERENCES "public"."web_chats"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_chat_settings" ADD CONSTRAINT "web_chat_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_chats" ADD CONSTRAINT "web_chats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_chat_settings_account_widget" ON "web_chat_settings" USING btree ("account_id","widget_id");--> statement-breakpoint
CREATE INDEX "web_chat_settings_widget" ON "web_chat_settings" USING btree ("widget_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_chats_account_interaction" ON "web_chats" USING btree ("account_id","interaction_id");--> statement-breakpoint
CREATE INDEX "web_chats_id" ON "web_chats" USING btree ("id");--> statement-breakpoint
CREATE INDEX "web_chats_account_created" ON "web_chats" USING btree ("account_id","created_timestamp");--> statement-breakpoint
-- Web chat (issue 42): the Practice Administrator roles of existing accounts turn the practice's
-- web chat on and list its sites (server/db/default-roles.ts), where they still manage the
-- practice's persons. Methods a role already holds on the resource are kept.
UPDATE roles SET resources = resources || (
  SELECT jsonb_object_agg(added.resource, COALESCE(roles.resources -> added.resource, '{}'::jsonb) || added.methods)
  FROM jsonb_each('{"/chat/settings": {"GET": true, "PATCH": true}}'::jsonb) AS added(resource, methods)
)
  WHERE name = 'Practice Administrator' AND resources -> '/person/persons' ->> 'GET' = 'true';
