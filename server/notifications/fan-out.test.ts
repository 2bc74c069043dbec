import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActors } from '../../domain/actors.ts';
import type { AuditEntry } from '../../domain/api.ts';
import { auditLog, notifications } from '../db/schema/index.ts';
import { seedId } from '../seed/seed.ts';
import { fileHarness } from '../test/harness.ts';
import { notify } from './notify.ts';

const h = fileHarness();

describe('the notifications fan-out job', () => {
  it('writes through the audited write: its entry is in the System log under the Notifications system actor', async () => {
    const title = 'Fanned out by the job';
    const recipients = [seedId('person:manager'), seedId('person:viewer')];
    // As a write enqueues it (notify), with an id of no user, which is skipped.
    await h.db.transaction((tx) =>
      notify(tx, { accountId: h.accounts.riverside.id, userIds: [...recipients, '00000000-0000-4000-8000-00000000f00d'], title, message: 'Sent by a job', jumpPath: null }),
    );
    await h.jobs.drained();

    const written = await h.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.title, title), inArray(notifications.userId, recipients)));
    expect(written.map((row) => row.userId).sort()).toEqual([...recipients].sort());
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.actorId, systemActors.notifications.id));
    expect(entries).toEqual([
      expect.objectContaining({ accountId: h.accounts.riverside.id, actorName: 'Notifications', action: 'create', resourceType: 'Notification', after: { title, jumpPath: null, recipients: 2 } }),
    ]);

    // The System log, as the practice administrator reads it: the entry, and the actor among the facets.
    const res = await h.call('manager', `/audit/entries?actor=${encodeURIComponent(systemActors.notifications.id)}`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: AuditEntry[] };
    expect(items).toEqual([expect.objectContaining({ id: String(entries[0]!.id), actorName: 'Notifications', action: 'create', resourceType: 'Notification' })]);
    expect(items[0]!.summary).toContain('Notifications');
    const facets = (await (await h.call('manager', '/audit/facets')).json()) as { actors: { id: string; name: string }[] };
    expect(facets.actors).toContainEqual({ id: systemActors.notifications.id, name: 'Notifications' });
  });
});
