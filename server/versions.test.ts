/**
 * Issue 44: a write may name the version it expects its record at (its body's `version`, or an
 * `If-Match` header), refused with 409 when stale; without one it applies to the current
 * version. The change log says which kind each edit was.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../domain/api.ts';
import { messages } from '../domain/messages.ts';
import { auditLog } from './db/schema/index.ts';
import { fileHarness } from './test/harness.ts';
import { errorOf } from './test/record-api.ts';

const h = fileHarness();

let n = 0;
async function location() {
  const res = await h.call('manager', '/locations/locations', { method: 'POST', json: { name: `Versions ${n++}` } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const patch = (id: string, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.call('manager', `/locations/locations/${id}`, { method: 'PATCH', json, headers });
const versionOf = async (id: string) => ((await (await h.call('manager', `/locations/locations/${id}`)).json()) as { version: number }).version;
const updates = (id: string) =>
  h.db
    .select({ conditional: auditLog.conditional, expectedVersion: auditLog.expectedVersion })
    .from(auditLog)
    .where(and(eq(auditLog.resourceType, 'Location'), eq(auditLog.resourceId, id), eq(auditLog.action, 'update')))
    .orderBy(auditLog.id);

describe('versions of a write (issue 44)', () => {
  it('If-Match names the expected version like the body does: current applies, stale is 409; W/"n", "n" and n are read alike', async () => {
    const id = await location();
    expect((await patch(id, { name: `If-Match ${id}` }, { 'If-Match': '"1"' })).status).toBe(200);
    const stale = await patch(id, { name: 'Stale' }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await patch(id, { name: `Weak ${id}` }, { 'If-Match': 'W/"2"' })).status).toBe(200);
    expect((await patch(id, { name: `Bare ${id}` }, { 'If-Match': '3' })).status).toBe(200);
    // `*` matches any version: no condition.
    expect((await patch(id, { name: `Any ${id}` }, { 'If-Match': '*' })).status).toBe(200);
    expect(await versionOf(id)).toBe(5);
  });

  it('a body version and an If-Match that disagree, or an If-Match that names no version, are refused (400) and change nothing', async () => {
    const id = await location();
    const disagree = await patch(id, { version: 1, name: 'Two versions' }, { 'If-Match': '"2"' });
    expect(disagree.status).toBe(400);
    expect((await errorOf(disagree)).fields).toEqual({ version: messages.versionsDisagree });
    const bad = await patch(id, { name: 'Bad header' }, { 'If-Match': '"abc"' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ 'If-Match': messages.versionInvalid });
    expect((await patch(id, { version: 1, name: `Agreeing ${id}` }, { 'If-Match': '"1"' })).status).toBe(200);
    expect(await versionOf(id)).toBe(2);
  });

  it('without a version the edit applies to the current one, however many edits came before', async () => {
    const id = await location();
    for (const name of ['One', 'Two', 'Three'].map((word) => `${word} ${id}`)) {
      const res = await patch(id, { name });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name });
    }
    expect(await versionOf(id)).toBe(4);
  });

  it('the change log keeps both kinds: conditional with the version expected, or unconditional', async () => {
    const id = await location();
    await patch(id, { version: 1, name: `Body version ${id}` });
    await patch(id, { name: `Header version ${id}` }, { 'If-Match': '"2"' });
    await patch(id, { name: `No version ${id}` });
    expect(await updates(id)).toEqual([
      { conditional: true, expectedVersion: 1 },
      { conditional: true, expectedVersion: 2 },
      { conditional: false, expectedVersion: null },
    ]);
    // The audit log's answers say it too: the unconditional edit in its summary.
    const res = await h.call('admin', '/audit/entries?resourceType=Location&limit=100');
    expect(res.status).toBe(200);
    const mine = ((await res.json()) as { items: AuditEntry[] }).items.filter((entry) => entry.resourceId === id && entry.action === 'update');
    expect(mine.map((entry) => [entry.conditional, entry.expectedVersion])).toEqual([
      [false, undefined],
      [true, 2],
      [true, 1],
    ]);
    expect(mine[0]!.summary).toMatch(/without a version: applied to the current one/);
    expect(mine[1]!.summary).not.toMatch(/without a version/);
    // A create names no version: neither kind.
    const [created] = await h.db.select({ conditional: auditLog.conditional }).from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'create')));
    expect(created!.conditional).toBeNull();
  });
});
