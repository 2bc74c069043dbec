import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../domain/api.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const recent = async () => ((await (await h.call('manager', '/audit/recent?limit=100')).json()) as { items: AuditEntry[] }).items;

describe('GET /audit/recent', () => {
  it('names every record, also when the log entry carries no name', async () => {
    const created = await h.call('manager', '/person/persons', {
      method: 'POST',
      json: { name: [{ use: 'official', given: ['Nora'], family: 'Named', prefix: [], suffix: [] }], communication: [] },
    });
    expect(created.status).toBe(201);
    const person = (await created.json()) as { id: string };
    // An entry whose snapshot has no name (as a practitioner's photo change logs it).
    await h.db.insert(auditLog).values({ accountId: h.accounts.riverside.id, actorId: 'test', actorName: 'Tester', action: 'update', resourceType: 'PractitionerPhoto', resourceId: person.id, after: { size: 10 } });
    await h.db.insert(auditLog).values({ accountId: h.accounts.riverside.id, actorId: 'test', actorName: 'Tester', action: 'update', resourceType: 'Location', resourceId: null, after: {} });

    const items = await recent();
    expect(items.every((item) => item.title.trim().length > 0)).toBe(true);
    const photo = items.find((item) => item.resourceType === 'PractitionerPhoto')!;
    expect(photo.title).toBe('Nora Named');
    expect(photo.summary).toBe('Tester updated practitioner photo “Nora Named”');
    expect(items.find((item) => item.resourceType === 'Person' && item.resourceId === person.id)!.title).toBe('Nora Named');
    expect(items.find((item) => item.resourceType === 'Location' && item.resourceId === null)!.title).toBe('Location');
    // The demo seed's bulk insert is named by what it added.
    expect(items.find((item) => item.resourceType === 'Person' && item.resourceId === null)!.title).toMatch(/^\d+ demo persons$/);
  });

  it('names kinds and records as people do (issue 40): a comment by its call, an unnamed record by its kind in words', async () => {
    const call = await h.call('manager', '/interactions/interactions', { method: 'POST', json: { startTimestamp: '2026-12-05T07:54:00Z' } });
    expect(call.status).toBe(201);
    const { id } = (await call.json()) as { id: string };
    const comment = await h.call('manager', `/interactions/interactions/${id}/comments`, { method: 'POST', json: { body: { content: 'Named by its call' } } });
    expect(comment.status).toBe(201);
    await h.db.insert(auditLog).values({ accountId: h.accounts.riverside.id, actorId: 'test', actorName: 'Tester', action: 'update', resourceType: 'ContactPoint', resourceId: '4f1d609c-0000-4000-8000-000000000000', after: {} });
    const items = await recent();
    const entry = items.find((item) => item.resourceType === 'InteractionComment')!;
    expect(entry.title).toBe('Comment on the call of Dec 5, 2026, 7:54 AM UTC');
    expect(entry.summary).toBe('Maria Lopez created comment “Comment on the call of Dec 5, 2026, 7:54 AM UTC”');
    const unnamed = items.find((item) => item.resourceId === '4f1d609c-0000-4000-8000-000000000000')!;
    expect(unnamed.summary).toBe('Tester updated contact point “Contact point 4f1d609c”');
  });

  it('says a record was deleted and restored (soft delete, issue 9)', async () => {
    const created = await h.call('manager', '/contactpoints/contact-points', { method: 'POST', json: { name: 'Back again', value: '(555) 800-0001', description: 'Audited line' } });
    const { id } = (await created.json()) as { id: string };
    expect((await h.call('manager', `/contactpoints/contact-points/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await h.call('manager', `/contactpoints/contact-points/${id}/restore`, { method: 'POST' })).status).toBe(200);
    const summaries = (await recent()).filter((item) => item.resourceId === id).map((item) => item.summary.replace(/^.*? (created|deleted|restored) /, '$1 '));
    expect(summaries).toEqual(['restored contact point “Back again”', 'deleted contact point “Back again”', 'created contact point “Back again”']);
  });

  it('names the record a tag tags and the schedule a task is in (`about`), and nothing for a record of its own', async () => {
    const issue = (await (await h.call('manager', '/issues', { method: 'POST', json: { name: 'About issue', category: 'Other' } })).json()) as { id: string };
    const tag = await h.call('manager', '/tag', { method: 'POST', json: { key: 'about', value: 'tagged', taggedResourceType: 'Issue', taggedResourceId: issue.id } });
    expect(tag.status).toBe(201);
    const tagId = ((await tag.json()) as { id: string }).id;
    const schedule = (await (await h.call('manager', '/schedule/schedule', { method: 'POST', json: { name: 'About rota' } })).json()) as { id: string };
    const task = await h.call('manager', `/schedule/schedule/${schedule.id}/task`, { method: 'POST', json: { title: 'About block', start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' } });
    expect(task.status).toBe(201);
    const taskId = ((await task.json()) as { id: string }).id;
    expect((await h.call('manager', `/tag/${tagId}`, { method: 'DELETE' })).status).toBe(204);

    const items = await recent();
    const tagged = items.filter((item) => item.resourceType === 'Tag' && item.resourceId === tagId);
    expect(tagged.map((item) => item.action)).toEqual(['delete', 'create']);
    for (const item of tagged) expect(item.about).toEqual({ resourceType: 'Issue', resourceId: issue.id });
    expect(items.find((item) => item.resourceType === 'ScheduleTask' && item.resourceId === taskId)!.about).toEqual({ resourceType: 'Schedule', resourceId: schedule.id });
    expect(items.find((item) => item.resourceType === 'Issue' && item.resourceId === issue.id)).not.toHaveProperty('about');
  });

  it('names the workflow a workflow item is in (`about`): one item’s entry, and a filter’s over many', async () => {
    const workflow = (await (
      await h.call('manager', '/task-workflows/workflows', { method: 'POST', json: { title: 'About outreach', description: 'A call', status: 'MANUAL', tasks: [{ name: 'outboundCall' }] } })
    ).json()) as { id: string };
    const item = await h.call('manager', `/task-workflows/workflows/${workflow.id}/items`, { method: 'POST', json: { generalInfo: { patientName: 'About Patient', phone: '5035550190' } } });
    expect(item.status).toBe(201);
    const itemId = ((await item.json()) as { id: string }).id;
    expect((await h.call('manager', `/task-workflows/workflows/${workflow.id}/items/abort`, { method: 'POST', json: {} })).status).toBe(200);
    const entries = (await recent()).filter((entry) => entry.resourceType === 'WorkflowItem');
    expect(entries.find((entry) => entry.resourceId === itemId)!.about).toEqual({ resourceType: 'Workflow', resourceId: workflow.id });
    expect(entries.find((entry) => entry.resourceId === null && entry.action === 'update')!.about).toEqual({ resourceType: 'Workflow', resourceId: workflow.id });
  });

  it('leaves sign-outs out: they change no record', async () => {
    const out = await h.call('manager', '/auth/logout', { method: 'POST' });
    expect(out.status).toBeLessThan(300);
    const [signOut] = await h.db.select().from(auditLog).where(eq(auditLog.resourceType, 'Session'));
    expect(signOut).toBeDefined();
    expect((await recent()).some((item) => item.resourceType === 'Session')).toBe(false);
  });
});
