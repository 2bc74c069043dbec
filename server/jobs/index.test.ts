import { parseCronItems } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { REMOVE_EXPIRED_REVOCATIONS } from '../auth/tasks.ts';
import { REMOVE_EXPIRED_RATE_LIMITS, REMOVE_OLD_IDEMPOTENCY_KEYS } from '../db/tasks.ts';
import { REMOVE_EXPIRED_IDP_ROWS } from '../idp/tasks.ts';
import { schedule, tasks } from './index.ts';

describe('the job runner', () => {
  it("schedules every area's clean-up, each a task it runs", () => {
    const scheduled = schedule.map((item) => item.task);
    expect(scheduled).toEqual(expect.arrayContaining([REMOVE_EXPIRED_REVOCATIONS, REMOVE_EXPIRED_IDP_ROWS, REMOVE_OLD_IDEMPOTENCY_KEYS, REMOVE_EXPIRED_RATE_LIMITS]));
    for (const task of scheduled) expect(tasks, task).toHaveProperty([task]);
    // Each a valid schedule with its own identifier (graphile-worker refuses duplicates).
    expect(parseCronItems(schedule)).toHaveLength(schedule.length);
  });
});
