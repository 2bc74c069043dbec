import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import type { Person } from '../../domain/persons.ts';
import { createHarness, type DemoUser, type Harness } from '../test/harness.ts';
import { auditLog, idempotencyKeys, persons, users } from './schema/index.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const send = (user: DemoUser, method: string, path: string, json: unknown, key?: string) =>
  h.call(user, path, { method, json, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
const personBody = (family: string) => ({ name: [{ use: 'official', family, given: ['Ida'] }] });
const personsNamed = async (family: string) =>
  (await h.db.select({ n: count() }).from(persons).where(sql`${persons.name} @> ${JSON.stringify([{ family }])}::jsonb`))[0]!.n;
const auditRows = async () => (await h.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('Idempotency-Key on creates', () => {
  it('a retry with the same key answers as the first time (status and body) and creates nothing more', async () => {
    const first = await send('manager', 'POST', '/person/persons', personBody('Retried'), 'submit-1');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const audit = await auditRows();
    const retry = await send('manager', 'POST', '/person/persons', personBody('Retried'), 'submit-1');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(firstBody);
    expect(await personsNamed('Retried')).toBe(1);
    expect(await auditRows()).toBe(audit);
  });

  it('without a key, the same create twice makes two records', async () => {
    await send('manager', 'POST', '/person/persons', personBody('Unkeyed'));
    await send('manager', 'POST', '/person/persons', personBody('Unkeyed'));
    expect(await personsNamed('Unkeyed')).toBe(2);
  });

  it('concurrent retries with one key make one record and all get its answer', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('manager', 'POST', '/person/persons', personBody('Racing'), 'submit-race')));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = await Promise.all(answers.map((res) => res.json()));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(await personsNamed('Racing')).toBe(1);
  });

  it('the same key with another body is refused (422), writing nothing', async () => {
    expect((await send('manager', 'POST', '/person/persons', personBody('Original'), 'submit-2')).status).toBe(201);
    const reused = await send('manager', 'POST', '/person/persons', personBody('Different'), 'submit-2');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: { code: 'idempotency_key_reused', message: messages.idempotencyKeyReused } });
    expect(await personsNamed('Different')).toBe(0);
  });

  it('keys are per caller and per account', async () => {
    expect((await send('manager', 'POST', '/person/persons', personBody('Scoped'), 'submit-3')).status).toBe(201);
    // Another user with the same key: their own create.
    expect((await send('admin', 'POST', `/person/persons?accountId=${h.accounts.riverside.id}`, personBody('Scoped'), 'submit-3')).status).toBe(201);
    // The same user in another account (the manager's assumed one): also their own.
    expect((await send('manager', 'POST', `/person/persons?accountId=${h.accounts.lakeside.id}`, personBody('Scoped'), 'submit-3')).status).toBe(201);
    expect(await personsNamed('Scoped')).toBe(3);
  });

  it('a key is kept 24 hours, then a create with it is a new one', async () => {
    expect((await send('manager', 'POST', '/person/persons', personBody('Expiring'), 'submit-4')).status).toBe(201);
    await h.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, 'submit-4'));
    expect((await send('manager', 'POST', '/person/persons', personBody('Expiring'), 'submit-4')).status).toBe(201);
    expect(await personsNamed('Expiring')).toBe(2);
    expect((await h.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'submit-4')))[0]!.n).toBe(1);
  });

  it('a key that is empty, too long or not visible ASCII is refused (400)', async () => {
    for (const key of ['x'.repeat(201), 'with space', 'é']) {
      const res = await send('manager', 'POST', '/person/persons', personBody('BadKey'), key);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(messages.idempotencyKeyInvalid);
    }
    expect(await personsNamed('BadKey')).toBe(0);
  });

  it('a retried user create answers 201 again, not "already has a user record"', async () => {
    const { id } = (await (await send('manager', 'POST', '/person/persons', personBody('Userly'))).json()) as { id: string };
    const body = { email: 'userly@example.test', principalId: 'userly-principal' };
    const first = await send('manager', 'POST', `/person/users/${id}`, body, 'submit-5');
    expect(first.status).toBe(201);
    const retry = await send('manager', 'POST', `/person/users/${id}`, body, 'submit-5');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ id });
    expect((await h.db.select({ n: count() }).from(users).where(eq(users.principalId, 'userly-principal')))[0]!.n).toBe(1);
    // Without the key the same request is a second create: refused as before.
    expect((await send('manager', 'POST', `/person/users/${id}`, body)).status).toBe(409);
  });
});

describe('a PATCH retried after its answer was lost', () => {
  async function personAtVersion1(family: string) {
    const { id } = (await (await send('manager', 'POST', '/person/persons', personBody(family))).json()) as { id: string };
    return id;
  }

  it('answers with the record when the change was already made by the same caller', async () => {
    const id = await personAtVersion1('Patchy');
    const patch = { version: 1, orgRole: 'Nurse' };
    const first = await send('manager', 'PATCH', `/person/persons/${id}`, patch);
    expect(first.status).toBe(200);
    const record = (await first.json()) as Person;
    expect(record.version).toBe(2);
    const audit = await auditRows();
    const retry = await send('manager', 'PATCH', `/person/persons/${id}`, patch);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(record);
    expect(await auditRows()).toBe(audit); // nothing written again
  });

  it('still answers 409 when the stale request asks for something else, or another user made the change', async () => {
    const id = await personAtVersion1('Contested');
    expect((await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: 'Nurse' })).status).toBe(200);
    expect((await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: 'Surgeon' })).status).toBe(409);
    expect((await send('admin', 'PATCH', `/person/persons/${id}?accountId=${h.accounts.riverside.id}`, { version: 1, orgRole: 'Nurse' })).status).toBe(409);
    // Two versions behind is not a lost answer either.
    expect((await send('manager', 'PATCH', `/person/persons/${id}`, { version: 2, orgRole: 'Porter' })).status).toBe(200);
    expect((await send('manager', 'PATCH', `/person/persons/${id}`, { version: 1, orgRole: 'Porter' })).status).toBe(409);
  });

  it('works for users too', async () => {
    const id = await personAtVersion1('Usery');
    expect((await send('manager', 'POST', `/person/users/${id}`, { email: 'usery@example.test', principalId: 'usery-principal' })).status).toBe(201);
    const patch = { version: 1, email: 'usery2@example.test' };
    expect((await send('manager', 'PATCH', `/person/users/${id}`, patch)).status).toBe(200);
    const retry = await send('manager', 'PATCH', `/person/users/${id}`, patch);
    expect(retry.status).toBe(200);
    expect((await retry.json()).email).toBe('usery2@example.test');
    expect((await h.db.select({ version: users.version }).from(users).where(and(eq(users.personId, id))))[0]!.version).toBe(2);
  });
});
