import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import type { Practitioner, PractitionerList } from '../../../domain/persons.ts';
import { auditLog, practitionerPhotos } from '../../db/schema/index.ts';
import { peopleTestKit } from '../../test/people-kit.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';

/**
 * Practitioners (server/routes/practitioners/): a person's practitioner record and its photo, at
 * /person/practitioners. What the persons' API shares with them (tenancy, Read Only, lists,
 * search) is in server/routes/persons/.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const { snapshot, auditRows, send, errorOf, name, createPerson, getPerson } = peopleTestKit(() => h);

// A 1×1 PNG, and the first bytes of a JPEG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]);

describe('practitioners', () => {
  it('makes a practitioner from a person, with defaults, and lists it under `items`', async () => {
    const { id } = await createPerson('manager', { name: [name('Kofi', 'Mensah')] });
    const res = await send('manager', 'POST', `/person/practitioners/${id}`, {
      specialty: 'Cardiology',
      group: 'Heart Team',
      initials: 'KM',
      pronunciation: 'KOH-fee MEN-sah',
      synonyms: ['Dr. Mensah', 'Dr. Mensah', ' Kofi '],
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id });
    const practitioner = (await (await h.call('manager', `/person/practitioners/${id}`)).json()) as Practitioner;
    expect(practitioner).toMatchObject({ id, name: 'Kofi Mensah', active: true, group: 'Heart Team', synonyms: ['Dr. Mensah', 'Kofi'], version: 1 });
    expect((await getPerson('manager', id)).practitionerRecord).toBe(true);
    expect((await send('manager', 'POST', `/person/practitioners/${id}`, {})).status).toBe(409);

    const list = (await (await h.call('manager', '/person/practitioners?q=mensah&limit=50')).json()) as PractitionerList;
    expect(list.items.map((p) => p.id)).toContain(id);
    expect(list).not.toHaveProperty('Items');

    const patched = await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 1, active: false, group: '', synonyms: [] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ active: false, group: null, synonyms: [], version: 2 });
    expect((await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 1, active: true })).status).toBe(409);
    const tooMany = await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 2, synonyms: Array.from({ length: 21 }, (_, i) => `s${i}`) });
    expect((await errorOf(tooMany)).fields?.synonyms).toBe(messages.tooManySynonyms);

    expect((await send('manager', 'DELETE', `/person/practitioners/${id}`)).status).toBe(204);
    expect((await h.call('manager', `/person/practitioners/${id}`)).status).toBe(404);
    expect((await getPerson('manager', id)).practitionerRecord).toBe(false);
  });

  it('stores a PNG or JPEG photo of at most 1 MB, checked by its bytes', async () => {
    const { id } = await createPerson('manager', { name: [name('Photo', 'Genic')], makePractitioner: true });
    const put = (body: Buffer | string, type: string) =>
      h.call('manager', `/person/practitioners/${id}/photo`, { method: 'PUT', body: typeof body === 'string' ? body : Uint8Array.from(body), headers: { 'Content-Type': type } });

    const before = await snapshot();
    const text = await put('<svg onload="alert(1)"/>', 'image/png');
    expect(text.status).toBe(400);
    expect((await errorOf(text)).message).toBe(messages.photoType);
    expect((await put(png, 'image/jpeg')).status).toBe(400);
    expect((await put(png, 'image/gif')).status).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await put(big, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).message).toBe(messages.photoTooLarge);
    expect(await snapshot()).toEqual(before);
    expect((await h.call('manager', `/person/practitioners/${id}/photo`)).status).toBe(404);

    const ok = await put(png, 'image/png');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ contentType: 'image/png', size: png.length, path: `/person/practitioners/${id}/photo` });
    const got = await h.call('manager', `/person/practitioners/${id}/photo`);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    expect((await h.call('viewer', `/person/practitioners/${id}/photo`)).status).toBe(200);
    expect((await h.call('admin', `/person/practitioners/${id}/photo`)).status).toBe(404);

    expect((await put(jpeg, 'image/jpeg')).status).toBe(200);
    const practitioner = (await (await h.call('manager', `/person/practitioners/${id}`)).json()) as Practitioner;
    expect(practitioner.photo).toMatchObject({ contentType: 'image/jpeg', size: jpeg.length });
    expect(practitioner.version).toBe(1);

    // A list item is the whole practitioner as GET answers it (issue 44): its photo and contact points too.
    const cp = await send('manager', 'POST', '/contactpoints/contact-points', { name: 'Photo line', description: 'The photo practitioner', value: '+1 312 555 0199', system: 'PHONE', serviceProvider: 'Twilio', rank: 1, vip: false, associations: [id] });
    expect(cp.status, await cp.clone().text()).toBe(201);
    const withLine = (await (await h.call('manager', `/person/practitioners/${id}`)).json()) as Practitioner;
    expect(withLine.associations).toEqual([{ id: ((await cp.json()) as { id: string }).id, name: 'Photo line' }]);
    const listed = (await (await h.call('manager', `/person/practitioners?q=${id}`)).json()) as PractitionerList;
    expect(listed.items).toEqual([withLine]);

    const removed = await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 1, photo: null });
    expect(await removed.json()).toMatchObject({ photo: null, version: 2 });
    expect((await h.db.select().from(practitionerPhotos).where(eq(practitionerPhotos.personId, id))).length).toBe(0);
  });
});

describe('photos', () => {
  const putPhoto = (user: DemoUser, id: string) =>
    h.call(user, `/person/practitioners/${id}/photo`, { method: 'PUT', body: Uint8Array.from(png), headers: { 'Content-Type': 'image/png' } });

  it('removing the photo with the practitioner PATCH is audited', async () => {
    const { id } = await createPerson('manager', { name: [name('Photo', 'Removed')], makePractitioner: true });
    expect((await putPhoto('manager', id)).status).toBe(200);
    const removed = await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 1, photo: null });
    expect(((await removed.json()) as Practitioner).photo).toBeNull();
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, id), eq(auditLog.resourceType, 'PractitionerPhoto'), eq(auditLog.action, 'delete')));
    expect(audit?.before).toMatchObject({ contentType: 'image/png', size: png.length });

    // Without a photo, `photo: null` removes nothing and audits no photo.
    const again = await send('manager', 'PATCH', `/person/practitioners/${id}`, { version: 2, photo: null });
    expect(again.status).toBe(200);
    const photoAudits = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.resourceType, 'PractitionerPhoto')));
    expect(photoAudits.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it("another account's practitioner photo can be neither written nor read", async () => {
    const { id } = await createPerson('admin', { name: [name('Foreign', 'Photo')], makePractitioner: true });
    const before = await auditRows();
    expect((await putPhoto('manager', id)).status).toBe(404);
    expect(await auditRows()).toBe(before);
    expect((await h.call('manager', `/person/practitioners/${id}/photo`)).status).toBe(404);
  });
});
