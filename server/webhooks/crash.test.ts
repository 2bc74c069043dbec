import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { accounts, persons, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { deliverStream, enqueueStream, streamJobKey } from './deliver.ts';
import { newWebhookSecret } from './signing.ts';

let testDb: TestDatabase;
let database: Database;
const account = '77777777-7777-4777-8777-777777777777';
const people = 20;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  await database.db.insert(accounts).values({ id: account, name: 'Crash practice', createdBy: 'test', modifiedBy: 'test' });
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./delivery-process.ts', import.meta.url))], {
    env: { ...process.env, CRASH_DB_URL: testDb.url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhooks across a crash', () => {
  it('a delivery process killed (kill -9) between attempts, then another started, delivers every event, each record in order', async () => {
    // The receiver fails each event's first attempt (so every event is retried), then answers 200.
    const tried = new Set<string>();
    const delivered: { id: string; type: string; record: string; verified: boolean }[] = [];
    let requests = 0;
    const secret = newWebhookSecret();
    const wh = new Webhook(secret);
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests++;
        const body = Buffer.concat(chunks).toString('utf8');
        const id = req.headers['webhook-id'] as string;
        if (!tried.has(id)) {
          tried.add(id);
          res.writeHead(500).end();
          return;
        }
        let verified = true;
        try {
          wh.verify(body, req.headers as Record<string, string>);
        } catch {
          verified = false;
        }
        const payload = JSON.parse(body) as { type: string; data: { id: string } };
        delivered.push({ id, type: payload.type, record: payload.data.id, verified });
        // A little slow, so the kill finds attempts under way.
        setTimeout(() => res.writeHead(200).end(), 20);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const [endpoint] = await database.db
        .insert(webhookEndpoints)
        .values({ accountId: account, url: `http://127.0.0.1:${port}/hooks`, events: ['person.created', 'person.updated'], secret, createdBy: 'test', modifiedBy: 'test' })
        .returning();
      // Each person: created, then changed twice (three events of one record, to be delivered in order).
      const rows = await database.db
        .insert(persons)
        .values(Array.from({ length: people }, (_, i) => ({ accountId: account, name: [{ use: 'official', text: `Pat Crash ${i}`, family: `Crash ${i}`, given: ['Pat'], prefix: [], suffix: [] }] as typeof persons.$inferInsert['name'], displayName: `Pat Crash ${i}`, createdBy: 'test', modifiedBy: 'test' })))
        .returning({ id: persons.id });
      await database.db.update(persons).set({ gender: 'F' }).where(eq(persons.accountId, account));
      await database.db.update(persons).set({ orgRole: 'Nurse' }).where(eq(persons.accountId, account));
      const total = people * 3;
      expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents))[0]!.n).toBe(total);

      const first = start();
      await until(() => delivered.length >= total / 3, 90_000, 'the first process to deliver a third');
      first.kill('SIGKILL');
      await stopped(first);
      expect(delivered.length).toBeLessThan(total);

      const second = start();
      try {
        const pending = async () =>
          (await database.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint!.id), sql`${webhookDeliveries.status} <> 'succeeded'`)))[0]!.n;
        await until(async () => (await pending()) === 0, 120_000, 'every delivery to succeed');
      } finally {
        second.kill('SIGKILL');
        await stopped(second);
      }

      // Every event reached the receiver, signed; a few may have come twice (at least once), never out of order.
      const events = await database.db.select({ id: webhookEvents.id, seq: webhookEvents.seq, record: webhookEvents.recordId }).from(webhookEvents).orderBy(webhookEvents.seq);
      expect(new Set(delivered.map((d) => d.id))).toEqual(new Set(events.map((e) => e.id)));
      expect(delivered.every((d) => d.verified)).toBe(true);
      for (const { id } of rows) {
        const firstTimes = [...new Set(delivered.filter((d) => d.record === id).map((d) => d.id))];
        expect(firstTimes).toEqual(events.filter((e) => e.record === id).map((e) => e.id));
      }
      expect(requests).toBeGreaterThanOrEqual(total * 2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 240_000);
});

describe('webhooks: two runs of one stream', () => {
  it('a run that finds the head held by another leaves the job that run added as it is (not moved to the end of the lease)', async () => {
    const [endpoint] = await database.db
      .insert(webhookEndpoints)
      .values({ accountId: account, url: 'http://127.0.0.1:9/hooks', events: ['person.created'], secret: newWebhookSecret(), createdBy: 'test', modifiedBy: 'test' })
      .returning();
    const [person] = await database.db
      .insert(persons)
      .values({ accountId: account, name: [{ use: 'official', text: 'Pat Held', family: 'Held', given: ['Pat'], prefix: [], suffix: [] }], displayName: 'Pat Held', createdBy: 'test', modifiedBy: 'test' })
      .returning({ id: persons.id });
    const stream = { accountId: account, endpointId: endpoint!.id, recordId: person!.id };
    // Run A holds the head (its attempt under way) for 30 s more, and has just added the stream's next job, due now.
    await database.db.update(webhookDeliveries).set({ leasedUntil: new Date(Date.now() + 30_000) }).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    await enqueueStream(database.db, stream);
    // Run B, started before A's job was added, finds the head held.
    await deliverStream({ db: database.db, webhooks: { allowPrivateNetworks: true } }, stream);
    const { rows } = await database.db.execute<{ due: boolean }>(sql`select run_at <= now() + interval '1 second' as due from graphile_worker.jobs where key = ${streamJobKey(stream)}`);
    expect(rows).toEqual([{ due: true }]);
    await database.db.execute(sql`select graphile_worker.remove_job(${streamJobKey(stream)})`);
  });
});
