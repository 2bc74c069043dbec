import { count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Issue, IssueList } from '../../../domain/issues.ts';
import { issueNameTaken, messages } from '../../../domain/messages.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { demoIssues } from '../../seed/demo-catalogue.ts';
import { issues, meta, practitioners, tags } from '../../db/schema/index.ts';
import { demoIssueTeams, seed, seedId } from '../../seed/seed.ts';
import { fileHarness } from '../../test/harness.ts';
import { errorOf, recordApi } from '../../test/record-api.ts';

const h = fileHarness();

const { send, create, get, list, auditOf } = recordApi<Issue, IssueList>(() => h, '/issues', 'Issue');

let n = 0;
const fresh = (prefix = 'Issue') => `${prefix} ${n++}`;

describe('seed', () => {
  it('gives every demo account the same 20 issues, with fixed ids, some urgent', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select().from(issues).where(eq(issues.accountId, account.id));
      expect(rows).toHaveLength(20);
      expect(rows.filter((r) => r.urgent).map((r) => r.name)).toContain('Chest pain');
    }
    const first = await get(seedId('issue:riverside:0'));
    expect(first.name).toBe(demoIssues[0]!.name);
  });

  it("tags every demo issue with its category's team, so the list filters by a seeded tag", async () => {
    const nursing = await list('tag=team:Nursing&limit=100');
    const expected = demoIssues.filter((issue) => demoIssueTeams[issue.category] === 'Nursing').map((issue) => issue.name);
    expect(nursing.items.map((i) => i.name).sort()).toEqual(expected.sort());
    expect(nursing.total).toBeLessThan((await list('limit=100')).total);
  });

  it('a database tagged before issues, plans and locations could be gets their tags on the next start (its own marker), and nothing twice', async () => {
    const kinds = inArray(tags.taggedResourceType, ['Issue', 'Insurance', 'Location']);
    const before = await h.db.select({ n: count() }).from(tags);
    const catalogue = await h.db.select({ n: count() }).from(tags).where(kinds);
    expect(catalogue[0]!.n).toBeGreaterThan(0);
    await h.db.delete(tags).where(kinds);
    await h.db.delete(meta).where(eq(meta.key, 'seeded.tags.catalogue'));
    expect(await seed(h.db)).toBe(true);
    expect(await h.db.select({ n: count() }).from(tags)).toEqual(before);
    expect(await seed(h.db)).toBe(false);
    expect(await h.db.select({ n: count() }).from(tags)).toEqual(before);
  });
});

describe('create', () => {
  it('takes name, description, category, urgent and active; active defaults to true, urgent to false', async () => {
    const id = await create({ name: 'Wound care question' });
    expect(await get(id)).toMatchObject({ resourceType: 'Issue', id, accountId: h.accounts.riverside.id, name: 'Wound care question', description: null, category: null, urgent: false, active: true, version: 1 });
    const full = await create({ name: '  Stroke symptoms  ', description: 'Face drooping, arm weakness: advise 911.', category: 'Clinical', urgent: true, active: false });
    const issue = await get(full);
    expect(issue).toMatchObject({ name: 'Stroke symptoms', description: 'Face drooping, arm weakness: advise 911.', category: 'Clinical', urgent: true, active: false });
    expect(issue.createdBy).toBe('Maria Lopez');
    expect(issue.modifiedBy).toBe('Maria Lopez');
  });

  it('writes an audit row with the record after', async () => {
    const id = await create({ name: fresh('Audited') });
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id });
    expect((row!.after as Issue).id).toBe(id);
  });

  it('a create retried with its Idempotency-Key answers the same id and makes no second issue', async () => {
    const init = { method: 'POST', json: { name: 'Keyed issue' }, headers: { 'Idempotency-Key': 'issue-create-1' } };
    const first = await h.call('manager', '/issues', init);
    const again = await h.call('manager', '/issues', init);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await h.db.select().from(issues).where(eq(issues.name, 'Keyed issue'))).toHaveLength(1);
  });
});

describe('validation: each refusal names its field, and nothing is written', () => {
  const cases: [string, unknown, string, string][] = [
    ['no name', {}, 'name', messages.issueNameRequired],
    ['an empty name', { name: '' }, 'name', messages.issueNameRequired],
    ['a blank name', { name: '   ' }, 'name', messages.issueNameRequired],
    ['a name that is not text', { name: 42 }, 'name', messages.issueNameRequired],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name', messages.issueNameTooLong],
    ['a name with a NUL', { name: 'a\u0000b' }, 'name', messages.textInvalid],
    ['a description of 1001 characters', { name: 'Long', description: 'x'.repeat(1001) }, 'description', messages.issueDescriptionTooLong],
    ['an unknown category', { name: 'Cat', category: 'Dental' }, 'category', messages.issueCategoryInvalid],
    ['urgent as text', { name: 'U', urgent: 'yes' }, 'urgent', 'Urgent must be true or false'],
    ['active as a number', { name: 'A', active: 1 }, 'active', 'Active must be true or false'],
  ];
  it.each(cases)('%s', async (_, body, field, message) => {
    const before = (await h.db.select({ id: issues.id }).from(issues)).length;
    const res = await send('manager', 'POST', '/issues', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect((await h.db.select({ id: issues.id }).from(issues)).length).toBe(before);
  });

  it('a body that is not an object is refused', async () => {
    const res = await send('manager', 'POST', '/issues', ['Chest pain']);
    expect(res.status).toBe(400);
  });

  it('an update without its version applies to the current one (issue 44); a bad field is refused with the field message', async () => {
    const id = await create({ name: fresh() });
    const noVersion = await send('manager', 'PATCH', `/issues/${id}`, { name: `Renamed ${id}` });
    expect(noVersion.status).toBe(200);
    expect(await noVersion.json()).toMatchObject({ version: 2 });
    const empty = await send('manager', 'PATCH', `/issues/${id}`, { version: 2, name: '' });
    expect((await errorOf(empty)).fields?.name).toBe(messages.issueNameRequired);
    const category = await send('manager', 'PATCH', `/issues/${id}`, { version: 2, category: 'Nope' });
    expect((await errorOf(category)).fields?.category).toBe(messages.issueCategoryInvalid);
    expect((await get(id)).version).toBe(2);
  });
});

describe('one name per account', () => {
  it('a second issue of the same name, in any case, is 409 naming the first', async () => {
    const name = fresh('Unique');
    const id = await create({ name });
    const res = await send('manager', 'POST', '/issues', { name: name.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.name).toBe(issueNameTaken({ id, name }));
  });

  it('renaming onto another issue is 409; keeping its own name is fine', async () => {
    const taken = fresh('Taken');
    const holder = await create({ name: taken });
    const id = await create({ name: fresh('Mover') });
    const res = await send('manager', 'PATCH', `/issues/${id}`, { version: 1, name: taken });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.name).toBe(issueNameTaken({ id: holder, name: taken }));
    const own = await get(id);
    expect((await send('manager', 'PATCH', `/issues/${id}`, { version: 1, name: own.name, urgent: true })).status).toBe(200);
  });

  it('two creates racing for one name: one is created, the other is 409 on name', async () => {
    const name = fresh('Raced');
    const answers = await Promise.all([0, 1, 2].map(() => send('manager', 'POST', '/issues', { name })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).fields?.name).toMatch(/^An issue named "Raced \d+" already exists/);
    expect(await h.db.select().from(issues).where(eq(issues.name, name))).toHaveLength(1);
  });

  it('the same name in another account is fine', async () => {
    const name = fresh('Both accounts');
    await create({ name });
    await create({ name }, 'manager', `?accountId=${h.accounts.lakeside.id}`);
  });

  it('a deleted issue frees its name; restoring it while the name is taken again is 409', async () => {
    const name = fresh('Freed');
    const id = await create({ name });
    expect((await send('manager', 'DELETE', `/issues/${id}`)).status).toBe(204);
    const successor = await create({ name });
    const res = await send('manager', 'POST', `/issues/${id}/restore`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.name).toBe(issueNameTaken({ id: successor, name }));
    expect((await h.call('manager', `/issues/${id}`)).status).toBe(404);
  });
});

describe('list (server-side filter, sort and paging)', () => {
  it('answers items with total, sorted by name by default', async () => {
    const page = await list('limit=10');
    expect(page.items).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(20);
    const names = page.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(page.items[0]!).sort()).toEqual(['active', 'category', 'id', 'name', 'urgent']);
  });

  it('filters by name, description or category', async () => {
    expect((await list('q=chest')).items.map((i) => i.name)).toEqual(['Chest pain']);
    expect((await list('q=release form')).items.map((i) => i.name)).toEqual(['Medical records request']);
    const billing = await list('q=Billing&limit=50');
    expect(billing.items.length).toBeGreaterThanOrEqual(3);
    expect(billing.items.every((i) => i.category === 'Billing' || i.name.includes('Billing'))).toBe(true);
  });

  it('sorts by urgent, most urgent first when descending', async () => {
    const page = await list('sort=urgent&order=desc&limit=50');
    const urgent = page.items.map((i) => i.urgent);
    expect(urgent.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(urgent.indexOf(false)).toBe(urgent.lastIndexOf(true) + 1);
  });
});

describe('tenancy', () => {
  it("another account's issue is 404 to read, change, delete or restore, and absent from the list", async () => {
    const name = fresh('Lakeside only');
    const id = await create({ name }, 'manager', `?accountId=${h.accounts.lakeside.id}`);
    expect((await h.call('manager', `/issues/${id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(200);
    expect((await h.call('manager', `/issues/${id}`)).status).toBe(404);
    expect((await h.call('viewer', `/issues/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/issues/${id}`, { version: 1, name: 'Stolen' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `/issues/${id}`)).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
    expect((await get(id, 'manager')).name).toBeUndefined();
    expect((await h.call('manager', `/issues/${id}?accountId=${h.accounts.lakeside.id}`).then((r) => r.json() as Promise<Issue>)).name).toBe(name);
  });

  it('an id that is not a UUID is 404', async () => {
    expect((await h.call('manager', '/issues/not-an-id')).status).toBe(404);
  });
});

describe('Read Only', () => {
  it('reads issues but may not create, change, delete or restore them', async () => {
    const id = await create({ name: fresh('Viewer target') });
    expect((await h.call('viewer', '/issues')).status).toBe(200);
    expect((await h.call('viewer', `/issues/${id}`)).status).toBe(200);
    expect((await send('viewer', 'POST', '/issues', { name: fresh() })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `/issues/${id}`, { version: 1, urgent: true })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `/issues/${id}`)).status).toBe(403);
    expect((await send('viewer', 'POST', `/issues/${id}/restore`)).status).toBe(403);
    expect(await get(id)).toMatchObject({ version: 1, urgent: false });
  });
});

describe('versioned update', () => {
  it('bumps the version, audits before and after, and refuses the stale version with 409', async () => {
    const id = await create({ name: fresh('Versioned') });
    const res = await send('manager', 'PATCH', `/issues/${id}`, { version: 1, urgent: true, category: 'Clinical', description: 'Triage first' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, urgent: true, category: 'Clinical', description: 'Triage first' });
    const stale = await send('manager', 'PATCH', `/issues/${id}`, { version: 1, active: false });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: 'conflict', message: messages.conflict });
    expect((await get(id)).active).toBe(true);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect((rows[1]!.before as Issue).urgent).toBe(false);
    expect((rows[1]!.after as Issue).urgent).toBe(true);
  });

  it('a PATCH retried after its answer was lost answers the record instead of 409', async () => {
    const id = await create({ name: fresh('Retried') });
    const body = { version: 1, urgent: true };
    expect((await send('manager', 'PATCH', `/issues/${id}`, body)).status).toBe(200);
    const again = await send('manager', 'PATCH', `/issues/${id}`, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Issue).version).toBe(2);
  });

  it('a description sent empty clears it', async () => {
    const id = await create({ name: fresh('Cleared'), description: 'Something' });
    const res = await send('manager', 'PATCH', `/issues/${id}`, { version: 1, description: '' });
    expect(((await res.json()) as Issue).description).toBeNull();
  });
});

describe('soft delete and restore', () => {
  it('a deleted issue leaves the list, search, GET and PATCH at once; restore brings back the same id', async () => {
    const name = fresh('Deletable');
    const id = await create({ name });
    expect((await send('manager', 'DELETE', `/issues/${id}`)).status).toBe(204);
    expect((await h.call('manager', `/issues/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/issues/${id}`, { version: 2, urgent: true })).status).toBe(404);
    expect((await send('manager', 'DELETE', `/issues/${id}`)).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
    const found = (await (await h.call('manager', `/search?q=${encodeURIComponent(name)}`)).json()) as SearchAnswer;
    expect(found.groups.find((g) => g.type === 'issue')?.hits.some((hit) => hit.id === id) ?? false).toBe(false);
    expect(((await (await h.call('manager', `/search?q=${id}`)).json()) as SearchAnswer).exact).toBeNull();
    const [row] = await h.db.select().from(issues).where(eq(issues.id, id));
    expect(row).toMatchObject({ deletedBy: 'Maria Lopez', version: 2 });

    const restored = await send('manager', 'POST', `/issues/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id, name, version: 3 });
    expect((await list(`q=${encodeURIComponent(name)}`)).items.map((i) => i.id)).toEqual([id]);
    const actions = (await auditOf(id)).map((r) => [r.action, r.before === null, r.after === null]);
    expect(actions).toEqual([
      ['create', true, false],
      ['delete', false, true],
      ['restore', true, false],
    ]);
    // Restoring what is not deleted names nothing to restore.
    expect((await send('manager', 'POST', `/issues/${id}/restore`)).status).toBe(404);
  });

  it('an issue deleted more than 30 days ago cannot be restored; 29 days ago it can', async () => {
    const old = await create({ name: fresh('Long gone') });
    const recent = await create({ name: fresh('Recently gone') });
    for (const id of [old, recent]) expect((await send('manager', 'DELETE', `/issues/${id}`)).status).toBe(204);
    await h.db.update(issues).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(issues.id, old));
    await h.db.update(issues).set({ deletedAt: sql`now() - interval '29 days'` }).where(eq(issues.id, recent));
    expect((await send('manager', 'POST', `/issues/${old}/restore`)).status).toBe(404);
    expect((await send('manager', 'POST', `/issues/${recent}/restore`)).status).toBe(200);
  });

  it("another account's deleted issue cannot be restored from here", async () => {
    const id = await create({ name: fresh('Lakeside deleted') }, 'manager', `?accountId=${h.accounts.lakeside.id}`);
    expect((await send('manager', 'DELETE', `/issues/${id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(204);
    expect((await send('manager', 'POST', `/issues/${id}/restore`)).status).toBe(404);
    expect((await send('manager', 'POST', `/issues/${id}/restore?accountId=${h.accounts.lakeside.id}`)).status).toBe(200);
  });
});

describe('search provider', () => {
  it('finds issues by name, typo-tolerant, with their page path; Read Only too', async () => {
    const answer = (await (await h.call('viewer', '/search?q=Chest%20pian')).json()) as SearchAnswer;
    const group = answer.groups.find((g) => g.type === 'issue');
    expect(group?.label).toBe('Issues');
    expect(group?.hits[0]).toMatchObject({ title: 'Chest pain', path: `/practice/issues/${seedId('issue:riverside:3')}` });
    const exact = (await (await h.call('manager', `/search?q=${seedId('issue:riverside:3')}`)).json()) as SearchAnswer;
    expect(exact.exact?.title).toBe('Chest pain');
  });
});

describe('list filters by tag (tag=key or tag=key:value)', () => {
  it('answers only the issue tagged with the key, or the key and value, any case; a tag on another record or another kind does not match', async () => {
    const tagged = await create({ name: fresh('Tagged') });
    const other = await create({ name: fresh('Tagged') });
    const tag = async (body: Record<string, unknown>) => expect((await send('manager', 'POST', '/tag', body)).status).toBe(201);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Issue', taggedResourceId: tagged });
    await tag({ key: 'Audit wave', value: 'Autumn', taggedResourceType: 'Issue', taggedResourceId: other });
    const [practitioner] = await h.db.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, h.accounts.riverside.id)).limit(1);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Practitioner', taggedResourceId: practitioner!.id });
    const ids = async (tagQuery: string) => {
      const res = await h.call('manager', `/issues?tag=${encodeURIComponent(tagQuery)}&limit=100`);
      expect(res.status).toBe(200);
      return ((await res.json()) as IssueList).items.map((i) => i.id).sort();
    };
    expect(await ids('audit wave')).toEqual([tagged, other].sort());
    expect(await ids('Audit wave:SPRING')).toEqual([tagged]);
    expect(await ids('Audit wave:Winter')).toEqual([]);
    expect(await ids('wave')).toEqual([]);
  });
});
