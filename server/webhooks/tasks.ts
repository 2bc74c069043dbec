import type { TaskList } from 'graphile-worker';
import type { Deps } from '../env.ts';
import { DELIVER_TASK, deliverStream, isStream } from './deliver.ts';

/** Webhook delivery's job (server/webhooks/deliver.ts): one stream (endpoint and record) looked at. */
export const webhookTasks = (deps: Deps): TaskList => ({
  [DELIVER_TASK]: async (payload) => {
    if (isStream(payload)) await deliverStream(deps, payload);
  },
});
