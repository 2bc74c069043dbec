/**
 * Who made a change, as the audit log records it (`actor_id`, `actor_name`): a signed-in user, an
 * API key, or a part of the platform working on its own (a job). A system actor has a fixed id
 * and the name the System log shows, so its entries read as that part's, never as a person's.
 */
export type Actor = {
  kind: 'user' | 'api-key' | 'system';
  /** A user's person id, an API key's id, or a system actor's `system:` id. */
  id: string;
  name: string;
};

const system = (id: string, name: string): Actor => ({ kind: 'system', id: `system:${id}`, name });

/** The platform's own writers (ARCHITECTURE "Jobs"): each job writes as one of these. */
export const systemActors = {
  notifications: system('notifications', 'Notifications'),
  workflowRunner: system('workflow-runner', 'Workflow runner'),
  telephony: system('telephony', 'Telephony'),
  callIngestion: system('call-ingestion', 'Call ingestion'),
  /** A visitor of a practice's chat widget (issue 42): who starts a conversation and writes its messages. */
  webChat: system('web-chat', 'Web chat'),
  /** Webhook delivery (issue 44): turns off an endpoint that answered 410 or failed for five days. */
  webhooks: system('webhooks', 'Webhooks'),
} as const satisfies Record<string, Actor>;
