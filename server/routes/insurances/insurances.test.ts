import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../domain/api.ts';
import type { Insurance, InsuranceList } from '../../../domain/insurances.ts';
import { insurancePlanNameTaken, messages } from '../../../domain/messages.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { demoInsurances } from '../../seed/demo-catalogue.ts';
import { auditLog as auditLogTable, practitioners, insurances } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { fileHarness } from '../../test/harness.ts';
import { errorOf, recordApi } from '../../test/record-api.ts';

const h = fileHarness();

const { send, create, get, list, auditOf } = recordApi<Insurance, InsuranceList>(() => h, '/insurances', 'Insurance');

let n = 0;
const fresh = (prefix = 'Plan') => `${prefix} ${n++}`;

describe('seed', () => {
  it('gives every demo account the same 15 plans, with fixed ids and prefixes', async () => {
    for (const account of Object.values(h.accounts)) {
      expect(await h.db.select().from(insurances).where(eq(insurances.accountId, account.id))).toHaveLength(15);
    }
    const first = await get(seedId('insurance:riverside:2'));
    expect(first).toMatchObject({ insurancePlanName: demoInsurances[2]!.insurancePlanName, planPrefix: ['XEH', 'XOF', 'ZGP'] });
  });
});

describe('create (spec §3 Insurance)', () => {
  it('takes every field of spec §3 and keeps them', async () => {
    const body = {
      insurancePlanName: 'Oscar Health EPO',
      insuranceType: ['Commercial', 'EPO'],
      isWorkercomp: true,
      isMedicare: true,
      isMedicade: true,
      isReferralRequired: true,
      isAuthorizationRequired: true,
      isOkToBringAuthorization: true,
      planPrefix: ['osc', ' OH1 '],
      isInNetwork: false,
      isSecondaryOnly: true,
    };
    const id = await create(body);
    expect(await get(id)).toMatchObject({ ...body, resourceType: 'Insurance', id, accountId: h.accounts.riverside.id, planPrefix: ['OSC', 'OH1'], version: 1 });
  });

  it('fills the defaults: no types or prefixes, in network, every other flag off', async () => {
    const id = await create({ insurancePlanName: 'Bare plan' });
    expect(await get(id)).toMatchObject({
      insuranceType: [],
      planPrefix: [],
      isInNetwork: true,
      isWorkercomp: false,
      isMedicare: false,
      isMedicade: false,
      isReferralRequired: false,
      isAuthorizationRequired: false,
      isOkToBringAuthorization: false,
      isSecondaryOnly: false,
    });
  });

  it('keeps a repeated type or prefix once', async () => {
    const id = await create({ insurancePlanName: fresh(), insuranceType: ['HMO', 'HMO'], planPrefix: ['ab1', 'AB1'] });
    expect(await get(id)).toMatchObject({ insuranceType: ['HMO'], planPrefix: ['AB1'] });
  });

  it('writes an audit row', async () => {
    const id = await create({ insurancePlanName: fresh('Audited') });
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id });
  });
});

describe('validation: each refusal names its field, and nothing is written', () => {
  const cases: [string, unknown, string, string][] = [
    ['no plan name', {}, 'insurancePlanName', messages.insurancePlanNameRequired],
    ['an empty plan name', { insurancePlanName: '' }, 'insurancePlanName', messages.insurancePlanNameRequired],
    ['a blank plan name', { insurancePlanName: '  ' }, 'insurancePlanName', messages.insurancePlanNameRequired],
    ['a plan name of 201 characters', { insurancePlanName: 'x'.repeat(201) }, 'insurancePlanName', messages.insurancePlanNameTooLong],
    ['an unknown type', { insurancePlanName: 'T', insuranceType: ['Dental'] }, 'insuranceType.0', messages.insuranceTypeInvalid],
    ['types that are not a list', { insurancePlanName: 'T', insuranceType: 'HMO' }, 'insuranceType', messages.insuranceTypeInvalid],
    ['a prefix with a dash', { insurancePlanName: 'P', planPrefix: ['AB-1'] }, 'planPrefix.0', messages.insurancePrefixInvalid],
    ['an empty prefix', { insurancePlanName: 'P', planPrefix: [''] }, 'planPrefix.0', messages.insurancePrefixInvalid],
    ['a prefix of 11 characters', { insurancePlanName: 'P', planPrefix: ['ABCDEFGHIJK'] }, 'planPrefix.0', messages.insurancePrefixInvalid],
    ['21 prefixes', { insurancePlanName: 'P', planPrefix: Array.from({ length: 21 }, (_, i) => `P${i}`) }, 'planPrefix', messages.insuranceTooManyPrefixes],
    ['isInNetwork as text', { insurancePlanName: 'F', isInNetwork: 'yes' }, 'isInNetwork', 'In network must be true or false'],
    ['isMedicade as a number', { insurancePlanName: 'F', isMedicade: 1 }, 'isMedicade', 'Medicaid must be true or false'],
    ['isWorkercomp as null', { insurancePlanName: 'F', isWorkercomp: null }, 'isWorkercomp', "Workers' compensation must be true or false"],
    [
      'OK to bring authorization without authorization required',
      { insurancePlanName: 'F', isOkToBringAuthorization: true },
      'isOkToBringAuthorization',
      messages.insuranceBringWithoutRequired,
    ],
  ];
  it.each(cases)('%s', async (_, body, field, message) => {
    const before = (await h.db.select({ id: insurances.id }).from(insurances)).length;
    const res = await send('manager', 'POST', '/insurances', body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect((await h.db.select({ id: insurances.id }).from(insurances)).length).toBe(before);
  });

  it('an update that would leave OK to bring authorization without authorization required is refused', async () => {
    const id = await create({ insurancePlanName: fresh(), isAuthorizationRequired: true, isOkToBringAuthorization: true });
    const res = await send('manager', 'PATCH', `/insurances/${id}`, { version: 1, isAuthorizationRequired: false });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.isOkToBringAuthorization).toBe(messages.insuranceBringWithoutRequired);
    const both = await send('manager', 'PATCH', `/insurances/${id}`, { version: 1, isAuthorizationRequired: false, isOkToBringAuthorization: false });
    expect(both.status).toBe(200);
  });

  it('an update without its version applies to the current one (issue 44); a version that is no number is refused', async () => {
    const id = await create({ insurancePlanName: fresh() });
    const res = await send('manager', 'PATCH', `/insurances/${id}`, { isInNetwork: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isInNetwork: false, version: 2 });
    expect((await errorOf(await send('manager', 'PATCH', `/insurances/${id}`, { version: 0, isInNetwork: true }))).fields?.version).toBe(messages.versionInvalid);
  });
});

describe('one plan name per account', () => {
  it('a second plan of the same name, in any case, is 409 naming the first; renaming onto it too', async () => {
    const name = fresh('Unique plan');
    const id = await create({ insurancePlanName: name });
    const res = await send('manager', 'POST', '/insurances', { insurancePlanName: name.toLowerCase() });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.insurancePlanName).toBe(insurancePlanNameTaken({ id, name }));
    const other = await create({ insurancePlanName: fresh() });
    const rename = await send('manager', 'PATCH', `/insurances/${other}`, { version: 1, insurancePlanName: name });
    expect(rename.status).toBe(409);
    expect((await errorOf(rename)).fields?.insurancePlanName).toBe(insurancePlanNameTaken({ id, name }));
  });

  it('a deleted plan frees its name; restoring it while taken again is 409', async () => {
    const name = fresh('Freed plan');
    const id = await create({ insurancePlanName: name });
    expect((await send('manager', 'DELETE', `/insurances/${id}`)).status).toBe(204);
    const successor = await create({ insurancePlanName: name });
    const res = await send('manager', 'POST', `/insurances/${id}/restore`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.insurancePlanName).toBe(insurancePlanNameTaken({ id: successor, name }));
  });
});

describe('list', () => {
  it('answers items sorted by plan name, with paging', async () => {
    const page = await list('limit=10&page=2');
    expect(page).toMatchObject({ limit: 10, offset: 10 });
    expect(page.total).toBeGreaterThanOrEqual(15);
    const first = await list('limit=50');
    const names = first.items.map((i) => i.insurancePlanName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by plan name, by an exact plan prefix, or by type', async () => {
    expect((await list('q=tricare')).items.map((i) => i.insurancePlanName)).toEqual(['TRICARE Select']);
    expect((await list('q=xeh')).items.map((i) => i.insurancePlanName)).toEqual(['Blue Cross Blue Shield PPO']);
    const medicaid = await list('q=Medicaid');
    expect(medicaid.items.map((i) => i.insurancePlanName).sort()).toEqual(['State Medicaid', 'UnitedHealthcare Community Plan']);
  });

  it('sorts by in-network, out-of-network plans first when ascending', async () => {
    const page = await list('sort=isInNetwork&order=asc&limit=50');
    expect(page.items[0]).toMatchObject({ insurancePlanName: 'Kaiser Permanente HMO', isInNetwork: false });
  });
});

describe('tenancy and Read Only', () => {
  it("another account's plan is 404 and absent from the list", async () => {
    const name = fresh('Lakeside plan');
    const id = await create({ insurancePlanName: name }, 'manager', `?accountId=${h.accounts.lakeside.id}`);
    expect((await h.call('manager', `/insurances/${id}`)).status).toBe(404);
    expect((await h.call('viewer', `/insurances/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `/insurances/${id}`, { version: 1, isInNetwork: false })).status).toBe(404);
    expect((await send('manager', 'DELETE', `/insurances/${id}`)).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
  });

  it('Read Only reads plans but may not create, change, delete or restore them', async () => {
    const id = await create({ insurancePlanName: fresh('Viewer plan') });
    expect((await h.call('viewer', '/insurances')).status).toBe(200);
    expect((await h.call('viewer', `/insurances/${id}`)).status).toBe(200);
    expect((await send('viewer', 'POST', '/insurances', { insurancePlanName: fresh() })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `/insurances/${id}`, { version: 1, isInNetwork: false })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `/insurances/${id}`)).status).toBe(403);
    expect((await send('viewer', 'POST', `/insurances/${id}/restore`)).status).toBe(403);
    expect((await get(id)).version).toBe(1);
  });
});

describe('versioned update', () => {
  it('bumps the version, audits, and refuses a stale version with 409', async () => {
    const id = await create({ insurancePlanName: fresh('Versioned plan') });
    const res = await send('manager', 'PATCH', `/insurances/${id}`, { version: 1, insuranceType: ['PPO'], planPrefix: ['zz9'], isSecondaryOnly: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, insuranceType: ['PPO'], planPrefix: ['ZZ9'], isSecondaryOnly: true });
    const stale = await send('manager', 'PATCH', `/insurances/${id}`, { version: 1, isInNetwork: false });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create', 'update']);
  });
});

describe('soft delete and restore', () => {
  it('a deleted plan leaves the list, search and GET; restore brings back the same id within 30 days only', async () => {
    const name = fresh('Deletable plan');
    const id = await create({ insurancePlanName: name, planPrefix: ['DLP'] });
    expect((await send('manager', 'DELETE', `/insurances/${id}`)).status).toBe(204);
    expect((await h.call('manager', `/insurances/${id}`)).status).toBe(404);
    expect((await list(`q=${encodeURIComponent(name)}`)).items).toEqual([]);
    const found = (await (await h.call('manager', `/search?q=${encodeURIComponent(name)}`)).json()) as SearchAnswer;
    expect(found.groups.find((g) => g.type === 'insurance')?.hits.some((hit) => hit.id === id) ?? false).toBe(false);
    const restored = await send('manager', 'POST', `/insurances/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id, insurancePlanName: name, version: 3 });
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create', 'delete', 'restore']);
    // The home page's recent changes name the plan and say what happened.
    const recent = ((await (await h.call('manager', '/audit/recent?limit=5')).json()) as { items: AuditEntry[] }).items;
    expect(recent[0]).toMatchObject({ resourceId: id, title: name, summary: `Maria Lopez restored insurance “${name}”` });
    expect(recent[1]).toMatchObject({ resourceId: id, summary: `Maria Lopez deleted insurance “${name}”` });

    expect((await send('manager', 'DELETE', `/insurances/${id}`)).status).toBe(204);
    await h.db.update(insurances).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(insurances.id, id));
    expect((await send('manager', 'POST', `/insurances/${id}/restore`)).status).toBe(404);
  });
});

describe('search provider', () => {
  it('finds plans by plan name (typo-tolerant) and by an exact prefix', async () => {
    const byName = (await (await h.call('viewer', '/search?q=Humana%20Gold')).json()) as SearchAnswer;
    const group = byName.groups.find((g) => g.type === 'insurance');
    expect(group?.label).toBe('Insurances');
    expect(group?.hits[0]).toMatchObject({ title: 'Humana Gold Plus HMO', path: `/practice/insurances/${seedId('insurance:riverside:8')}` });
    const typo = (await (await h.call('manager', '/search?q=Unitedhelthcare')).json()) as SearchAnswer;
    expect(typo.groups.find((g) => g.type === 'insurance')?.hits.map((hit) => hit.title)).toContain('UnitedHealthcare Choice Plus');
    const byPrefix = (await (await h.call('manager', '/search?q=ZGP')).json()) as SearchAnswer;
    expect(byPrefix.groups.find((g) => g.type === 'insurance')?.hits[0]).toMatchObject({ title: 'Blue Cross Blue Shield PPO', matched: 'ZGP' });
  });
});

describe('list filters by tag (tag=key or tag=key:value)', () => {
  it('answers only the insurance tagged with the key, or the key and value, any case; a tag on another record or another kind does not match', async () => {
    const tagged = await create({ insurancePlanName: fresh('Tagged') });
    const other = await create({ insurancePlanName: fresh('Tagged') });
    const tag = async (body: Record<string, unknown>) => expect((await send('manager', 'POST', '/tag', body)).status).toBe(201);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Insurance', taggedResourceId: tagged });
    await tag({ key: 'Audit wave', value: 'Autumn', taggedResourceType: 'Insurance', taggedResourceId: other });
    const [practitioner] = await h.db.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, h.accounts.riverside.id)).limit(1);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Practitioner', taggedResourceId: practitioner!.id });
    const ids = async (tagQuery: string) => {
      const res = await h.call('manager', `/insurances?tag=${encodeURIComponent(tagQuery)}&limit=100`);
      expect(res.status).toBe(200);
      return ((await res.json()) as InsuranceList).items.map((i) => i.id).sort();
    };
    expect(await ids('audit wave')).toEqual([tagged, other].sort());
    expect(await ids('Audit wave:SPRING')).toEqual([tagged]);
    expect(await ids('Audit wave:Winter')).toEqual([]);
    expect(await ids('wave')).toEqual([]);
  });
});

describe('tags on the record (spec §3 Insurance.tags, issue 44)', () => {
  type TagRow = { id: string; key: string; value: string };
  const tagsVia = async (id: string) =>
    ((await (await h.call('manager', `/tag?taggedResourceType=Insurance&taggedResourceId=${id}`)).json()) as { items: TagRow[] }).items.map(({ key, value }) => ({ key, value }));

  it('a create’s tags are the insurance’s /tag records; GET, the list and /tag answer the same tags', async () => {
    const id = await create({ insurancePlanName: fresh('Tags'), tags: [{ key: 'network', value: 'North' }, { key: 'Network', value: 'NORTH' }, { key: 'audit', value: '2026' }] });
    const record = await get(id);
    // The same key and value twice (any case) is one tag; sorted by key and value.
    expect(record.tags.map(({ key, value }) => ({ key, value }))).toEqual([{ key: 'audit', value: '2026' }, { key: 'network', value: 'North' }]);
    expect(record.tags.every((tag) => typeof tag.id === 'string')).toBe(true);
    expect(await tagsVia(id)).toEqual([{ key: 'audit', value: '2026' }, { key: 'network', value: 'North' }]);
    const listed = (await list(`q=${id}`)).items.find((item) => item.id === id);
    expect(listed?.tags).toEqual(record.tags);
  });

  it('a PATCH’s tags replace the set: a kept tag keeps its id, a removed one is restorable, a /tag added one is seen', async () => {
    const id = await create({ insurancePlanName: fresh('Tags'), tags: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }] });
    const before = await get(id);
    const kept = before.tags.find((tag) => tag.key === 'a')!;
    const removed = before.tags.find((tag) => tag.key === 'b')!;
    const res = await send('manager', 'PATCH', `/insurances/${id}`, { tags: [{ key: 'A', value: '1' }, { key: 'c', value: '3' }] });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as Insurance;
    expect(after.version).toBe(before.version + 1);
    expect(after.tags.map(({ key, value }) => `${key}:${value}`)).toEqual(['a:1', 'c:3']);
    expect(after.tags.find((tag) => tag.key === 'a')!.id).toBe(kept.id);
    expect((await send('manager', 'POST', `/tag/${removed.id}/restore`)).status).toBe(200);
    expect(await tagsVia(id)).toEqual([{ key: 'a', value: '1' }, { key: 'b', value: '2' }, { key: 'c', value: '3' }]);
    expect((await get(id)).tags.map((tag) => tag.key)).toEqual(['a', 'b', 'c']);
    // The change log has each tag's change as /tag writes it.
    const [entry] = await h.db.select().from(auditLogTable).where(and(eq(auditLogTable.resourceType, 'Tag'), eq(auditLogTable.resourceId, removed.id), eq(auditLogTable.action, 'delete')));
    expect(entry).toBeDefined();
  });

  it('the same set sent again (another order or case) changes nothing; tags that are no { key, value } are refused', async () => {
    const id = await create({ insurancePlanName: fresh('Tags'), tags: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }] });
    const before = await get(id);
    const res = await send('manager', 'PATCH', `/insurances/${id}`, { tags: [{ key: 'B', value: '2' }, { key: 'a', value: '1' }] });
    expect(res.status).toBe(200);
    expect((await get(id)).version).toBe(before.version);
    for (const tags of [['a'], [{ key: 'a' }], [{ key: 'a:b', value: '1' }], 'a']) {
      const refused = await send('manager', 'PATCH', `/insurances/${id}`, { tags });
      expect(refused.status, JSON.stringify(tags)).toBe(400);
    }
    expect((await get(id)).tags).toEqual(before.tags);
  });
});
