import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { taskWorkflowItemEvents, taskWorkflowItems } from '../server/db/schema/index.ts';
import { migrateSimulators } from '../server/integrations/simulators/migrate.ts';
import { demoAccounts, seed } from '../server/seed/seed.ts';
import { enqueueItems } from '../server/workflows/queue.ts';
import { startApi } from './auth.ts';
import { managerToken, BENCH_AUDIENCE, BENCH_ISSUER } from './sign-in.ts';
import { root, type Figure } from './util.ts';

const ENQUEUED = Number(process.env.BENCH_WORKFLOW_ITEMS ?? 10_000);
const THROUGH = Number(process.env.BENCH_WORKFLOW_RUN_ITEMS ?? 600);
const LATE = 200;

const runner = (url: string): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'workflows', 'runner-process.ts')], { cwd: root, env: { ...process.env, CRASH_DB_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] });

const stop = async (children: ChildProcess[]) => {
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGKILL'))))));
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Task workflows (issue 43), in one run: items enqueued through the API's batchCreate (batches of
 * 1,000, each item's job queued in the same transaction); items per second through a two-task
 * workflow (a text, then a call, no delays; the simulated carrier reports 20 ms after each send,
 * pacing off) with one runner process and with two on the same queue; and how late a task starts
 * after it falls due (p50 and p95, items falling due over ten seconds, one runner).
 */
export async function workflowFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-workflows-'));
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const children: ChildProcess[] = [];
  let stopApi = async () => {};
  try {
    await migrate(pg.url);
    await migrateSimulators(pg.url);
    const database = connect(pg.url);
    const { db } = database;
    await seed(db);
    const { jwk, token } = await managerToken();
    const api = await startApi({ DATABASE_URL: pg.url, BENCH_JWK: JSON.stringify(jwk), BENCH_ISSUER, BENCH_AUDIENCE });
    stopApi = api.stop;
    const accountId = demoAccounts.riverside.id;
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${api.base}/task-workflows${url}${url.includes('?') ? '&' : '?'}accountId=${accountId}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const tasks = [
      { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Your flu shot is due, {{patientName}}.', sourceNumber: '(415) 555-0100' } },
      { name: 'outboundCall', delay: { amount: 0, unit: 'hours' }, variables: { sourceNumber: '(415) 555-0100' } },
    ];
    const workflow = async (title: string) => (await call('POST', '/workflows', { title, description: 'Bench', tasks })).id as string;
    const items = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => ({ generalInfo: { patientName: `Pat ${offset + i}`, phone: `+1628${String(2_000_000 + offset + i).padStart(7, '0')}`, address: 'Portland, OR 97205' } }));

    // 1. Enqueued through the API, 1,000 a batch.
    const enqueueId = await workflow('Bench enqueue');
    const started = performance.now();
    for (let offset = 0; offset < ENQUEUED; offset += 1000) {
      await call('POST', `/workflows/${enqueueId}/items/batch`, { items: items(Math.min(1000, ENQUEUED - offset), offset) }, { 'Idempotency-Key': `bench-${offset}` });
    }
    const enqueueSeconds = (performance.now() - started) / 1000;
    // They are not run: only the enqueueing is measured.
    await call('POST', `/workflows/${enqueueId}/items/abort`, {});

    // 2. Through a two-task workflow, with one runner and with two.
    const through = async (processes: number, offset: number) => {
      const id = await workflow(`Bench run ${processes}`);
      await call('PATCH', `/workflows/${id}`, { status: 'PAUSED' });
      for (let at = 0; at < THROUGH; at += 1000) await call('POST', `/workflows/${id}/items/batch`, { items: items(Math.min(1000, THROUGH - at), offset + at) });
      for (let i = 0; i < processes; i += 1) children.push(runner(pg.url));
      // The runners start; then the workflow is resumed and the clock starts.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const from = performance.now();
      await call('PATCH', `/workflows/${id}`, { status: 'ACTIVE' });
      for (;;) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(taskWorkflowItems)
          .where(and(eq(taskWorkflowItems.workflowId, id), eq(taskWorkflowItems.status, 'RUNNING')));
        if (row!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const rate = THROUGH / ((performance.now() - from) / 1000);
      await stop(children.splice(0));
      return rate;
    };
    const one = await through(1, 100_000);
    const two = await through(2, 200_000);

    // 3. Lateness: items whose task falls due over the next ten seconds, one runner taking them.
    const lateId = await workflow('Bench lateness');
    await call('PATCH', `/workflows/${lateId}`, { status: 'PAUSED' });
    await call('POST', `/workflows/${lateId}/items/batch`, { items: items(LATE, 300_000) });
    await call('PATCH', `/workflows/${lateId}`, { status: 'ACTIVE' });
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    children.push(runner(pg.url));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rows = await db.select({ id: taskWorkflowItems.id }).from(taskWorkflowItems).where(eq(taskWorkflowItems.workflowId, lateId));
    const base = Date.now() + 1000;
    const due = new Map(rows.map((row, i) => [row.id, new Date(base + Math.floor((i * 10_000) / rows.length))]));
    for (const [id, at] of due) await db.update(taskWorkflowItems).set({ nextAttemptAt: at }).where(eq(taskWorkflowItems.id, id));
    await enqueueItems(
      db,
      [...due].map(([itemId, runAt]) => ({ accountId, itemId, runAt })),
    );
    const ids = [...due.keys()];
    for (;;) {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${taskWorkflowItemEvents.itemId})::int` })
        .from(taskWorkflowItemEvents)
        .where(and(inArray(taskWorkflowItemEvents.itemId, ids), eq(taskWorkflowItemEvents.kind, 'sent')));
      if (row!.n >= ids.length || Date.now() > base + 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sent = await db
      .select({ itemId: taskWorkflowItemEvents.itemId, at: sql<string>`min(${taskWorkflowItemEvents.at})` })
      .from(taskWorkflowItemEvents)
      .where(and(inArray(taskWorkflowItemEvents.itemId, ids), eq(taskWorkflowItemEvents.kind, 'sent')))
      .groupBy(taskWorkflowItemEvents.itemId);
    const lateness = sent.map((row) => new Date(row.at).getTime() - due.get(row.itemId)!.getTime()).sort((a, b) => a - b);
    await stop(children.splice(0));
    await database.close();
    return [
      { name: `Items enqueued through batchCreate (${ENQUEUED.toLocaleString('en-US')}, 1,000 a batch)`, value: ENQUEUED / enqueueSeconds, unit: 'items/s', aim: '10,000 in under 10 s' },
      { name: `  the ${ENQUEUED.toLocaleString('en-US')} items, end to end`, value: enqueueSeconds, unit: 's' },
      { name: `Items through a text then a call, no delays, 1 runner (${THROUGH})`, value: one, unit: 'items/s' },
      { name: `Items through a text then a call, no delays, 2 runners (${THROUGH})`, value: two, unit: 'items/s' },
      { name: `  two runners against one`, value: two / one, unit: 'x' },
      { name: `Task start after it falls due, p50 (${lateness.length} of ${LATE} items)`, value: percentile(lateness, 50), unit: 'ms' },
      { name: `Task start after it falls due, p95`, value: percentile(lateness, 95), unit: 'ms', aim: 'under 5,000 ms' },
    ];
  } finally {
    await stop(children);
    await stopApi();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
