CREATE TABLE "webhook_attempts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	CONSTRAINT "webhook_attempts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"account_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"record_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_account_id_event_id_endpoint_id_pk" PRIMARY KEY("account_id","event_id","endpoint_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"modified_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"record_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_account_id_event_id_endpoint_id_webhook_deliveries_account_id_event_id_endpoint_id_fk" FOREIGN KEY ("account_id","event_id","endpoint_id") REFERENCES "public"."webhook_deliveries"("account_id","event_id","endpoint_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_endpoint_id_webhook_endpoints_account_id_id_fk" FOREIGN KEY ("account_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_event_id_webhook_events_account_id_id_fk" FOREIGN KEY ("account_id","event_id") REFERENCES "public"."webhook_events"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery" ON "webhook_attempts" USING btree ("account_id","endpoint_id","event_id","at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" USING btree ("account_id","endpoint_id","record_id","seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created" ON "webhook_deliveries" USING btree ("account_id","endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_active" ON "webhook_endpoints" USING btree ("account_id") WHERE "webhook_endpoints"."active";--> statement-breakpoint
CREATE INDEX "webhook_events_account_created" ON "webhook_events" USING btree ("account_id","created_at");--> statement-breakpoint
-- Webhooks' outbox (issue 44). Each change that is an event writes it here, by a trigger on the
-- changed table, in the change's own transaction: a rolled-back change sends nothing, a committed
-- one is delivered whoever made it (a request, the workflow runner, the call ingestion, a chat
-- visitor), and no write path can forget it. An event is kept only when an active endpoint of the
-- account asks for its type; each such endpoint gets a delivery (primary key: event and endpoint)
-- and the job of its record's stream (one per endpoint and record, server/webhooks/deliver.ts).
CREATE OR REPLACE FUNCTION webhook_camel(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(CASE WHEN i = 1 THEN part ELSE initcap(part) END, '' ORDER BY i)
    FROM unnest(string_to_array(name, '_')) WITH ORDINALITY AS t(part, i)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_emit(account uuid, event_type text, record text, data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  made record;
  target record;
BEGIN
  -- (An account being deleted takes its endpoints with it: its records' deletes send nothing.)
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE account_id = account AND active AND events ? event_type)
     OR NOT EXISTS (SELECT 1 FROM accounts WHERE id = account) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (account_id, type, record_id, data) VALUES (account, event_type, record, data) RETURNING id, seq INTO made;
  FOR target IN
    INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, seq, record_id)
      SELECT account, e.id, made.id, made.seq, record FROM webhook_endpoints e
       WHERE e.account_id = account AND e.active AND e.events ? event_type
      RETURNING endpoint_id
  LOOP
    -- The stream's job, now: one waiting per endpoint and record (one waiting for a retry looks,
    -- finds its delivery not due and goes back to waiting).
    PERFORM graphile_worker.add_job('webhooks.deliver',
      json_build_object('accountId', account, 'endpointId', target.endpoint_id, 'recordId', record),
      max_attempts => 25, job_key => 'webhook:' || target.endpoint_id || ':' || record);
  END LOOP;
END;
$$;--> statement-breakpoint
-- What changed, as field names (never values): the columns whose value differs, bookkeeping left out.
CREATE OR REPLACE FUNCTION webhook_changed(old_row jsonb, new_row jsonb, ignored text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_agg(webhook_camel(n.key) ORDER BY n.key), '[]'::jsonb)
    FROM jsonb_each(new_row) AS n
   WHERE n.value IS DISTINCT FROM old_row -> n.key
     AND NOT n.key = ANY (ignored || ARRAY['version', 'modified_timestamp', 'modified_by', 'created_timestamp', 'created_by', 'account_id', 'id'])
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_persons() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(NEW.account_id, 'person.created', NEW.id::text, '{}'::jsonb);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM webhook_emit(OLD.account_id, 'person.deleted', OLD.id::text, '{}'::jsonb);
  ELSE
    changed := webhook_changed(to_jsonb(OLD), to_jsonb(NEW), ARRAY['display_name', 'search_name']);
    IF changed <> '[]'::jsonb THEN
      PERFORM webhook_emit(NEW.account_id, 'person.updated', NEW.id::text, jsonb_build_object('changes', changed));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_persons AFTER INSERT OR UPDATE OR DELETE ON persons FOR EACH ROW EXECUTE FUNCTION webhook_persons();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_interactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.end_timestamp IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.end_timestamp IS NULL) THEN
    PERFORM webhook_emit(NEW.account_id, 'interaction.ended', NEW.id::text, jsonb_build_object('status', NEW.status, 'interactionType', NEW.type));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_interactions AFTER INSERT OR UPDATE OF end_timestamp ON interactions FOR EACH ROW EXECUTE FUNCTION webhook_interactions();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_interaction_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.account_id, 'interaction.comment_added', NEW.id::text, jsonb_build_object('interactionId', NEW.interaction_id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_interaction_comments AFTER INSERT ON interaction_comments FOR EACH ROW EXECUTE FUNCTION webhook_interaction_comments();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_chat_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  interaction uuid;
BEGIN
  IF NEW.sender = 'patient' THEN
    SELECT interaction_id INTO interaction FROM web_chats WHERE account_id = NEW.account_id AND id = NEW.chat_id;
    PERFORM webhook_emit(NEW.account_id, 'chat.message_received', interaction::text, jsonb_build_object('interactionId', interaction, 'seq', NEW.seq));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_chat_messages AFTER INSERT ON web_chat_messages FOR EACH ROW EXECUTE FUNCTION webhook_chat_messages();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_survey_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(NEW.account_id, 'survey.answered', NEW.id::text, jsonb_build_object('campaignId', NEW.campaign_id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_survey_responses AFTER INSERT ON survey_responses FOR EACH ROW EXECUTE FUNCTION webhook_survey_responses();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_workflow_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'RUNNING' AND NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM webhook_emit(NEW.account_id, 'workflow_item.finished', NEW.id::text, jsonb_build_object('workflowId', NEW.workflow_id, 'status', NEW.status));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER webhook_workflow_items AFTER UPDATE OF status ON task_workflow_items FOR EACH ROW EXECUTE FUNCTION webhook_workflow_items();--> statement-breakpoint
-- Existing accounts' Practice Administrator roles manage the webhooks (where they still manage the
-- practice's persons) and the Read Only roles read them, as server/db/default-roles.ts gives new accounts.
UPDATE roles SET resources = resources || jsonb_build_object('/webhooks', COALESCE(resources -> '/webhooks', '{}'::jsonb) || '{"GET": true, "POST": true, "PATCH": true, "DELETE": true}'::jsonb)
  WHERE name = 'Practice Administrator' AND resources -> '/person/persons' ->> 'GET' = 'true';--> statement-breakpoint
UPDATE roles SET resources = resources || jsonb_build_object('/webhooks', COALESCE(resources -> '/webhooks', '{}'::jsonb) || '{"GET": true}'::jsonb)
  WHERE name = 'Read Only' AND resources -> '/person/persons' ->> 'GET' = 'true';
