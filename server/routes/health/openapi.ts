import * as v from 'valibot';
import { areaDocs } from '../../openapi/registry.ts';

/** Health probes (server/routes/health/index.ts). */

const ready = v.object({ status: v.literal('ready'), database: v.literal('up') });

export const healthDocs = areaDocs({
  'GET /health/live': { summary: 'Is the process up?', answer: v.object({ status: v.literal('live') }), answerExample: { status: 'live' } },
  'GET /health': { summary: 'Is the API ready (its database reachable)?', description: 'Answers 503 with `database: down` while the database is unreachable.', answer: ready, answerExample: { status: 'ready', database: 'up' } },
  'GET /health/ready': { summary: 'Is the API ready (its database reachable)?', description: 'Answers 503 with `database: down` while the database is unreachable.', answer: ready, answerExample: { status: 'ready', database: 'up' } },
});
