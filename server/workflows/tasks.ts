import type { TaskList } from 'graphile-worker';
import type { Deps } from '../env.ts';
import { RUN_ITEM } from './queue.ts';
import { defaultRunnerOptions, FINISH_DISABLING, finishDisabling, runItem, type RunnerOptions } from './runner.ts';

type ItemPayload = { accountId: string; itemId: string };
type WorkflowPayload = { accountId: string; workflowId: string };

const isItemPayload = (payload: unknown): payload is ItemPayload =>
  typeof payload === 'object' && payload !== null && typeof (payload as ItemPayload).accountId === 'string' && typeof (payload as ItemPayload).itemId === 'string';
const isWorkflowPayload = (payload: unknown): payload is WorkflowPayload =>
  typeof payload === 'object' && payload !== null && typeof (payload as WorkflowPayload).accountId === 'string' && typeof (payload as WorkflowPayload).workflowId === 'string';

/** The runner's jobs (server/workflows/runner.ts): an item looked at, a disabling workflow finished. */
export const workflowTasks = (deps: Deps, options: Partial<RunnerOptions> = {}): TaskList => ({
  [RUN_ITEM]: async (payload) => {
    if (isItemPayload(payload)) await runItem(deps, payload, { ...defaultRunnerOptions, ...options });
  },
  [FINISH_DISABLING]: async (payload) => {
    if (isWorkflowPayload(payload)) await finishDisabling(deps.db, payload);
  },
});
