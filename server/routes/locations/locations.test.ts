import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Location, LocationList } from '../../../domain/locations.ts';
import { messages } from '../../../domain/messages.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { demoLocationsPerAccount } from '../../seed/demo-locations.ts';
import { auditLog, practitioners, locations } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf } from '../../test/record-api.ts';

const h = fileHarness();

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });
const base = '/locations/locations';
const lakeside = () => `?accountId=${h.accounts.lakeside.id}`;

async function create(body: Record<string, unknown>, user: DemoUser = 'manager', query = '') {
  const res = await send(user, 'POST', `${base}${query}`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = async (id: string, user: DemoUser = 'manager') => (await (await h.call(user, `${base}/${id}`)).json()) as Location;
const lastAudit = async (id: string) => (await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1))[0];

const clinic = {
  name: 'Harbor Clinic',
  services: ['Family Medicine', 'Laboratory'],
  addresses: [
    { use: 'work', type: 'physical', line: ['10 Harbor Way', 'Suite 4'], city: 'Portland', district: 'Multnomah', state: 'OR', postalCode: '97201', country: 'US', period: { start: '2020-01-01' } },
    { use: 'billing', type: 'postal', line: ['PO Box 12'], city: 'Portland', state: 'OR', postalCode: '97208' },
  ],
};

describe('create and read (spec §3, §7)', () => {
  it('stores the name, services and several addresses with every part, and answers them', async () => {
    const id = await create(clinic);
    const location = await get(id);
    expect(location).toMatchObject({
      resourceType: 'Location',
      id,
      accountId: h.accounts.riverside.id,
      version: 1,
      name: 'Harbor Clinic',
      services: ['Family Medicine', 'Laboratory'],
      addresses: [
        { use: 'work', type: 'physical', text: null, line: ['10 Harbor Way', 'Suite 4'], city: 'Portland', district: 'Multnomah', state: 'OR', postalCode: '97201', country: 'US', period: { start: '2020-01-01' } },
        { use: 'billing', type: 'postal', text: null, line: ['PO Box 12'], city: 'Portland', district: null, state: 'OR', postalCode: '97208', country: null, period: null },
      ],
    });
    expect(location.createdBy).toBe('Maria Lopez');
    expect(Date.parse(location.modifiedTimestamp)).not.toBeNaN();
    expect((await lastAudit(id))).toMatchObject({ action: 'create', resourceType: 'Location', accountId: h.accounts.riverside.id });
  });

  it('a name alone is a location (no services, no addresses); blank lines, blank dates and repeated services are dropped', async () => {
    expect(await get(await create({ name: 'Bare' }))).toMatchObject({ services: [], addresses: [] });
    const id = await create({ name: ' Trimmed ', services: ['X-ray', 'x-ray', ' X-ray '], addresses: [{ line: ['1 Main St', '', '  '], city: '', text: 'by the lake', period: { start: '', end: '' } }] });
    expect(await get(id)).toMatchObject({ name: 'Trimmed', services: ['X-ray'], addresses: [{ line: ['1 Main St'], city: null, text: 'by the lake', period: null }] });
  });

  it('a create retried with its Idempotency-Key makes one location', async () => {
    const init = { method: 'POST', json: { name: 'Keyed location' }, headers: { 'Idempotency-Key': 'loc-create-1' } };
    const first = await h.call('manager', base, init);
    const again = await h.call('manager', base, init);
    expect(await again.json()).toEqual(await first.json());
    expect(await h.db.select().from(locations).where(eq(locations.name, 'Keyed location'))).toHaveLength(1);
  });

  it('a malformed id is 404, never a crash', async () => {
    for (const id of ['not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g']) {
      expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
      expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'X' })).status).toBe(404);
      expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(404);
      expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
    }
    expect((await h.call('manager', `${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});

describe('validation (messages under each field)', () => {
  const address = { line: ['1 Main St'], city: 'Springfield' };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no name', { services: [] }, 'name', messages.locationNameRequired],
    ['an empty name', { name: '' }, 'name', messages.locationNameRequired],
    ['a blank name', { name: '   ' }, 'name', messages.locationNameRequired],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name', messages.locationNameTooLong],
    ['a name with NUL', { name: 'a\u0000b' }, 'name', messages.textInvalid],
    ['a blank service', { name: 'X', services: ['Lab', ' '] }, 'services.1', messages.serviceInvalid],
    ['a service that is not text', { name: 'X', services: [5] }, 'services.0', messages.serviceInvalid],
    ['31 services', { name: 'X', services: Array.from({ length: 31 }, (_, i) => `S${i}`) }, 'services', messages.tooManyServices],
    ['an empty address', { name: 'X', addresses: [{ use: 'work' }] }, 'addresses.0', messages.addressEmpty],
    ['an unknown use', { name: 'X', addresses: [{ ...address, use: 'office' }] }, 'addresses.0.use', messages.addressUseInvalid],
    ['an unknown type', { name: 'X', addresses: [{ ...address, type: 'virtual' }] }, 'addresses.0.type', messages.addressTypeInvalid],
    ['five lines', { name: 'X', addresses: [{ ...address, line: ['a', 'b', 'c', 'd', 'e'] }] }, 'addresses.0.line', messages.tooManyAddressLines],
    ['a line of 201 characters', { name: 'X', addresses: [{ ...address, line: ['x'.repeat(201)] }] }, 'addresses.0.line.0', messages.addressLineInvalid],
    ['a city of 101 characters', { name: 'X', addresses: [{ ...address, city: 'x'.repeat(101) }] }, 'addresses.0.city', 'City must be at most 100 characters'],
    ['a period ending before it starts', { name: 'X', addresses: [address, { ...address, period: { start: '2024-05-01', end: '2024-04-30' } }] }, 'addresses.1.period', messages.periodOrder],
    ['a date that does not exist', { name: 'X', addresses: [{ ...address, period: { start: '2023-02-30' } }] }, 'addresses.0.period.start', messages.dateInvalid],
    ['11 addresses', { name: 'X', addresses: Array.from({ length: 11 }, () => address) }, 'addresses', messages.tooManyAddresses],
  ];
  it.each(cases)('%s is refused with its message under the field, and nothing is written', async (_, body, field, message) => {
    const before = (await h.db.select({ id: locations.id }).from(locations)).length;
    const res = await send('manager', 'POST', base, body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.fields?.[field], JSON.stringify(error.fields)).toBe(message);
    expect((await h.db.select({ id: locations.id }).from(locations)).length).toBe(before);
  });

  it('a PATCH is validated the same way; its version, when sent, is a whole number', async () => {
    const id = await create({ name: 'Patch checks' });
    expect((await errorOf(await send('manager', 'PATCH', `${base}/${id}`, { version: '1', name: 'Text version' }))).fields?.version).toBe(messages.versionInvalid);
    expect((await errorOf(await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: '' }))).fields?.name).toBe(messages.locationNameRequired);
    expect((await errorOf(await send('manager', 'PATCH', `${base}/${id}`, { version: 1, addresses: [{ line: [] }] }))).fields?.['addresses.0']).toBe(messages.addressEmpty);
    expect((await get(id)).version).toBe(1);
  });
});

describe('versioned PATCH', () => {
  it('changes the fields sent (a list replaces the stored one), bumps the version, audits before and after, refuses a stale version with 409', async () => {
    const id = await create(clinic);
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'Harbor Clinic East', addresses: [clinic.addresses[1]] });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Location;
    expect(after).toMatchObject({ name: 'Harbor Clinic East', version: 2, services: clinic.services });
    expect(after.addresses.map((a) => a.use)).toEqual(['billing']);
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({ action: 'update', resourceType: 'Location' });
    expect((audit!.before as Location).addresses).toHaveLength(2);
    expect((audit!.after as Location).addresses).toHaveLength(1);

    const stale = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'Lost update' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await get(id)).name).toBe('Harbor Clinic East');
  });

  it('a retried PATCH whose answer was lost gets the record, not 409', async () => {
    const id = await create({ name: 'Retry me' });
    const body = { version: 1, services: ['Lab'] };
    expect((await send('manager', 'PATCH', `${base}/${id}`, body)).status).toBe(200);
    const again = await send('manager', 'PATCH', `${base}/${id}`, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Location).version).toBe(2);
  });
});

describe('soft delete and restore', () => {
  it('DELETE hides the location from get, list, search and PATCH at once, audited; restore brings it back with the same id', async () => {
    const id = await create({ ...clinic, name: 'Quillfeather Annex' });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 2, name: 'Ghost' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(404);
    const list = (await (await h.call('manager', `${base}?q=Quillfeather`)).json()) as LocationList;
    expect(list.items).toEqual([]);
    const search = (await (await h.call('manager', '/search?q=Quillfeather')).json()) as SearchAnswer;
    expect(search.groups.find((g) => g.type === 'location')).toBeUndefined();
    const [row] = await h.db.select().from(locations).where(eq(locations.id, id));
    expect(row).toMatchObject({ deletedBy: 'Maria Lopez', version: 2 });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const deleted = await lastAudit(id);
    expect(deleted).toMatchObject({ action: 'delete', resourceType: 'Location', after: null });
    expect((deleted!.before as Location).name).toBe('Quillfeather Annex');

    const res = await send('manager', 'POST', `${base}/${id}/restore`);
    expect(res.status).toBe(200);
    const restored = (await res.json()) as Location;
    expect(restored).toMatchObject({ id, name: 'Quillfeather Annex', version: 3, addresses: (await get(id)).addresses });
    expect(restored.addresses).toHaveLength(2);
    expect((await lastAudit(id))).toMatchObject({ action: 'restore', resourceType: 'Location' });
    const back = (await (await h.call('manager', `${base}?q=Quillfeather`)).json()) as LocationList;
    expect(back.items.map((i) => i.id)).toEqual([id]);
    // A live location has nothing to restore.
    expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
  });

  it('restoring a location deleted more than 30 days ago is 404; 29 days ago still works', async () => {
    const old = await create({ name: 'Long gone' });
    const recent = await create({ name: 'Recently gone' });
    for (const id of [old, recent]) expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    await h.db.update(locations).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(locations.id, old));
    await h.db.update(locations).set({ deletedAt: sql`now() - interval '29 days'` }).where(eq(locations.id, recent));
    expect((await send('manager', 'POST', `${base}/${old}/restore`)).status).toBe(404);
    expect((await send('manager', 'POST', `${base}/${recent}/restore`)).status).toBe(200);
    expect((await h.call('manager', `${base}/${old}`)).status).toBe(404);
  });
});

describe('tenancy and permissions', () => {
  it("another account's location is 404 for every verb, and absent from the list and search", async () => {
    const id = await create({ name: 'Lakeside Zephyr Office', addresses: [{ city: 'Zephyrville' }] }, 'manager', lakeside());
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'Stolen' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
    expect(((await (await h.call('manager', `${base}?q=Zephyr`)).json()) as LocationList).items).toEqual([]);
    const search = (await (await h.call('manager', '/search?q=Zephyrville')).json()) as SearchAnswer;
    expect(search.groups.find((g) => g.type === 'location')).toBeUndefined();
    // In its own account (acting there) it is found.
    expect((await h.call('manager', `${base}/${id}${lakeside()}`)).status).toBe(200);
  });

  it('a Read Only user may read but not create, change, delete or restore (403), and nothing changes', async () => {
    const id = await create({ name: 'Read me' });
    expect((await h.call('viewer', `${base}/${id}`)).status).toBe(200);
    expect((await h.call('viewer', base)).status).toBe(200);
    expect((await send('viewer', 'POST', base, { name: 'No' })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `${base}/${id}`, { version: 1, name: 'No' })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `${base}/${id}`)).status).toBe(403);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await send('viewer', 'POST', `${base}/${id}/restore`)).status).toBe(403);
    const [row] = await h.db.select().from(locations).where(eq(locations.id, id));
    expect(row).toMatchObject({ name: 'Read me', version: 2 });
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('list (items, paging, sort, filter on the server)', () => {
  it('answers items with the first address city, the services count and paging; sorts by name, city and services', async () => {
    const made = [
      { name: 'Ordering Gamma', services: ['a'], addresses: [{ city: 'Austin' }] },
      { name: 'Ordering Alpha', services: ['a', 'b', 'c'], addresses: [{ city: 'Chicago', state: 'IL' }] },
      { name: 'Ordering Beta', services: [], addresses: [{ city: 'Boston' }, { city: 'Albany' }] },
    ];
    for (const body of made) await create(body);
    const page = (await (await h.call('manager', `${base}?q=Ordering&sort=name&limit=10`)).json()) as LocationList;
    expect(page).toMatchObject({ total: 3, limit: 10, offset: 0 });
    expect(page.items.map((i) => i.name)).toEqual(['Ordering Alpha', 'Ordering Beta', 'Ordering Gamma']);
    expect(page.items[0]).toMatchObject({ id: expect.any(String), name: 'Ordering Alpha', city: 'Chicago', state: 'IL', serviceCount: 3, services: expect.any(Array), address: expect.any(Array) });
    const byCity = (await (await h.call('manager', `${base}?q=Ordering&sort=city&order=desc`)).json()) as LocationList;
    expect(byCity.items.map((i) => i.city)).toEqual(['Chicago', 'Boston', 'Austin']);
    const byServices = (await (await h.call('manager', `${base}?q=Ordering&sort=services`)).json()) as LocationList;
    expect(byServices.items.map((i) => i.serviceCount)).toEqual([0, 1, 3]);
    const second = (await (await h.call('manager', `${base}?q=Ordering&sort=name&limit=10&page=2`)).json()) as LocationList;
    expect(second).toMatchObject({ items: [], total: 3, offset: 10 });
    const offset = (await (await h.call('manager', `${base}?q=Ordering&sort=name&offset=2`)).json()) as LocationList;
    expect(offset.items.map((i) => i.name)).toEqual(['Ordering Gamma']);
  });

  it('filters by a city of any address, a service, or the id', async () => {
    const id = await create({ name: 'Filter target', services: ['Podiatry'], addresses: [{ city: 'Nowhere' }, { city: 'Quahog' }] });
    for (const q of ['quahog', 'podiatry', id]) {
      const page = (await (await h.call('manager', `${base}?q=${encodeURIComponent(q)}`)).json()) as LocationList;
      expect(page.items.map((i) => i.id), q).toEqual([id]);
    }
  });
});

describe('search provider (palette)', () => {
  it('finds a location by name (typo-tolerant) and by the city of an address, linking to its page', async () => {
    const id = await create({ name: 'Wintergreen Pavilion', addresses: [{ line: ['5 Elm St'], city: 'Kalamazoo', state: 'MI', postalCode: '49007' }] });
    const byName = (await (await h.call('viewer', '/search?q=Wintergren')).json()) as SearchAnswer;
    expect(byName.groups.find((g) => g.type === 'location')?.hits[0]).toMatchObject({
      id,
      title: 'Wintergreen Pavilion',
      subtitle: '5 Elm St, Kalamazoo, MI 49007',
      path: `/practice/locations/${id}`,
    });
    const byCity = (await (await h.call('manager', '/search?q=kalamazoo')).json()) as SearchAnswer;
    expect(byCity.groups.find((g) => g.type === 'location')).toMatchObject({ label: 'Locations', hits: [{ id, matched: 'Kalamazoo' }] });
    const exact = (await (await h.call('manager', `/search?q=${id}`)).json()) as SearchAnswer;
    expect(exact.exact).toMatchObject({ type: 'location', id });
  });
});

describe('demo seed', () => {
  it('gives every demo account five locations with stable ids, several with more than one address', async () => {
    for (const key of ['astera', 'riverside', 'lakeside'] as const) {
      const rows = await h.db.select().from(locations).where(and(eq(locations.accountId, h.accounts[key].id), eq(locations.createdBy, 'Astera seed'))).orderBy(asc(locations.id));
      expect(rows).toHaveLength(demoLocationsPerAccount);
      expect(rows.map((r) => r.id).sort()).toEqual(Array.from({ length: 5 }, (_, n) => seedId(`location:${key}:${n}`)).sort());
      expect(rows.every((r) => r.services.length > 0 && r.addresses.length > 0)).toBe(true);
    }
    const main = await get(seedId('location:riverside:0'));
    expect(main).toMatchObject({ name: 'Riverside Main Clinic' });
    expect(main.addresses.length).toBeGreaterThan(1);
  });
});

describe('list filters by tag (tag=key or tag=key:value)', () => {
  it('answers only the location tagged with the key, or the key and value, any case; a tag on another record or another kind does not match', async () => {
    const tagged = await create({ name: 'Tagged Clinic' });
    const other = await create({ name: 'Other Tagged Clinic' });
    const tag = async (body: Record<string, unknown>) => expect((await send('manager', 'POST', '/tag', body)).status).toBe(201);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Location', taggedResourceId: tagged });
    await tag({ key: 'Audit wave', value: 'Autumn', taggedResourceType: 'Location', taggedResourceId: other });
    const [practitioner] = await h.db.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, h.accounts.riverside.id)).limit(1);
    await tag({ key: 'Audit wave', value: 'Spring', taggedResourceType: 'Practitioner', taggedResourceId: practitioner!.id });
    const ids = async (tagQuery: string) => {
      const res = await h.call('manager', `/locations/locations?tag=${encodeURIComponent(tagQuery)}&limit=100`);
      expect(res.status).toBe(200);
      return ((await res.json()) as LocationList).items.map((i) => i.id).sort();
    };
    expect(await ids('audit wave')).toEqual([tagged, other].sort());
    expect(await ids('Audit wave:SPRING')).toEqual([tagged]);
    expect(await ids('Audit wave:Winter')).toEqual([]);
    expect(await ids('wave')).toEqual([]);
  });
});
