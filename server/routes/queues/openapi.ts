import * as v from 'valibot';
import type { AgentGreetings, Queue, QueueList } from '../../../domain/queues.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, example, exampleCommon, pageFields } from '../../openapi/schemas.ts';

/** Call-center queues (server/routes/queues/index.ts): their answers, with examples. */

const greetingsAnswer = answerOf<AgentGreetings>()(v.object({ inbound: v.nullable(v.string()), outbound: v.nullable(v.string()), callback: v.nullable(v.string()) }));

const queueAnswer = answerOf<Queue>()(
  v.object({
    ...commonFields,
    id: v.pipe(v.string(), v.description('The contact center’s queue id (the `{queueId}` of the paths).')),
    resourceType: v.literal('Queue'),
    queueName: v.string(),
    queueArn: v.string(),
    agentGreetingImageLocationPath: v.nullable(v.string()),
    agentGreetings: v.pipe(greetingsAnswer, v.description('What agents hear, by the kind of contact.')),
    dispositions: v.array(v.string()),
    removedAt: v.pipe(v.nullable(v.string()), v.description('When the contact center stopped listing the queue.')),
  }),
);

const queueListAnswer = answerOf<QueueList>()(
  v.object({
    ...pageFields,
    items: v.array(queueAnswer),
    changes: v.pipe(v.optional(v.object({ added: v.array(v.string()), removed: v.array(v.string()) })), v.description('What a refresh found: the names of the queues added and removed.')),
  }),
);

const queueId = '3f1c2b7a-9d4e-4a61-8b0c-5e6f7a8b9c0d';
const queue: Queue = {
  ...exampleCommon(),
  id: queueId,
  resourceType: 'Queue',
  queueName: 'Front desk',
  queueArn: `arn:aws:connect:us-east-1:123456789012:instance/${example.otherId}/queue/${queueId}`,
  agentGreetingImageLocationPath: null,
  agentGreetings: { inbound: 'Thank you for calling Riverside', outbound: null, callback: null },
  dispositions: ['Resolved', 'Callback'],
  removedAt: null,
};

export const queueDocs = areaDocs({
  'GET /callcenter/queues': {
    summary: 'List the contact center’s queues (`refresh=1` syncs them first)',
    answer: queueListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', refresh: '1' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [queue], changes: { added: ['Front desk'], removed: [] } },
  },
  'GET /callcenter/queues/:queueId': { summary: 'Read a queue', answer: queueAnswer, answerExample: queue },
  'PATCH /callcenter/queues/:queueId': {
    summary: 'Change a queue’s greetings, image or dispositions',
    answer: queueAnswer,
    requestExample: { version: 1, dispositions: ['Resolved', 'Callback', 'Voicemail'] },
    answerExample: { ...queue, ...exampleCommon(example.id, 2), id: queueId, dispositions: ['Resolved', 'Callback', 'Voicemail'] },
  },
});
