/**
 * Call-center queues (spec §2 "Queue detail", §3 Queue, §7 `/callcenter/queues`): the queues of
 * the account's contact center (Amazon Connect), with the portal's own settings per queue
 * (greetings agents hear, the image shown with them, the default dispositions). Shared by the
 * API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import { objectWith, expectedVersion } from './catalogue.ts';
import { messages } from './messages.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { text } from './text.ts';
import { queueSortColumns } from './lists.ts';

/** Bounds of our choosing (the spec does not show them). */
export const queueLimits = { imagePath: 1000, greeting: 1000, disposition: 100, dispositions: 50 } as const;

/** The three greetings of a queue, by the kind of contact (spec §3 agentGreetings). */
export const greetingKinds = ['inbound', 'outbound', 'callback'] as const;
export type GreetingKind = (typeof greetingKinds)[number];
export type AgentGreetings = Record<GreetingKind, string | null>;

/** Optional text: empty becomes null, so a cleared field clears the value. */
const optionalText = (max: number, tooLong: string) =>
  v.nullable(
    v.pipe(
      text(max, tooLong),
      v.transform((s) => (s === '' ? null : s)),
    ),
  );

const greetingField = v.optional(optionalText(queueLimits.greeting, messages.greetingTooLong));

const dispositionsField = v.pipe(
  v.array(v.pipe(text(queueLimits.disposition, messages.dispositionTooLong, messages.dispositionRequired), v.nonEmpty(messages.dispositionRequired)), messages.dispositionRequired),
  v.maxLength(queueLimits.dispositions, messages.tooManyDispositions),
  v.check((list) => new Set(list.map((d) => d.toLowerCase())).size === list.length, messages.dispositionDuplicate),
);

/** `PATCH /callcenter/queues/{queueId}`: the version edited and the settings changed (spec §7's body). */
export const queuePatchSchema = objectWith(
  {
    version: expectedVersion,
    agentGreetingImageLocationPath: v.optional(optionalText(queueLimits.imagePath, messages.imagePathTooLong)),
    agentGreetings: v.optional(v.object({ inbound: greetingField, outbound: greetingField, callback: greetingField })),
    dispositions: v.optional(dispositionsField),
  },
  {},
);
export type QueuePatch = v.InferInput<typeof queuePatchSchema>;

export { queueSortColumns };
export type QueueSort = (typeof queueSortColumns)[number];

/** `GET /callcenter/queues`: the list query, and `refresh=1` to sync from the contact center first (spec §7). */
export const queueListQuerySchema = v.object({
  ...listQuerySchema(queueSortColumns).entries,
  refresh: v.fallback(v.optional(v.picklist(['0', '1', 'true', 'false'])), undefined),
});

/** A contact center's queue id: Amazon Connect's are UUIDs; other letters are refused as "not found". */
export const queueIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export type Queue = Omit<CommonFields, 'id'> & {
  resourceType: 'Queue';
  /** The contact center's queue id (also the `{queueId}` of the paths). */
  id: string;
  queueName: string;
  queueArn: string;
  agentGreetingImageLocationPath: string | null;
  agentGreetings: AgentGreetings;
  dispositions: string[];
  /** When the contact center stopped listing the queue (a later refresh that finds it again clears it). */
  removedAt: string | null;
};

/** A row of `GET /callcenter/queues`: the whole §3 queue (issue 44), whose columns the list shows. */
export type QueueListItem = Queue;

/** What a refresh found: the names of the queues added and of those the contact center no longer has. */
export type QueueChanges = { added: string[]; removed: string[] };

/** `GET /callcenter/queues`: the queues the contact center has now (removed ones are left out), and what a refresh changed. */
export type QueueList = { items: QueueListItem[]; total: number; limit: number; offset: number; changes?: QueueChanges };

/** How a refresh reads to a person: '2 added, 1 removed', or that nothing changed. */
export function describeQueueChanges({ added, removed }: QueueChanges): string {
  if (added.length === 0 && removed.length === 0) return 'Queues are up to date: nothing added or removed.';
  return [added.length > 0 ? `${added.length} added` : null, removed.length > 0 ? `${removed.length} removed` : null].filter(Boolean).join(', ');
}
