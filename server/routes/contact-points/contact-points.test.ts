import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactPoint, ContactPointList, VipLookup } from '../../../domain/contact-points.ts';
import { contactPointValueTaken, messages } from '../../../domain/messages.ts';
import { auditLog, contactPointPractitioners, contactPoints, practitioners } from '../../db/schema/index.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';

let h: Harness;
let riversidePractitioners: { id: string; name: string }[];
let lakesidePractitioner: string;
beforeAll(async () => {
  h = await createHarness();
  riversidePractitioners = await h.db
    .select({ id: practitioners.personId, name: practitioners.name })
    .from(practitioners)
    .where(eq(practitioners.accountId, h.accounts.riverside.id))
    .limit(30);
  // Riverside's seed has 25 practitioners; the limits need a few more.
  for (let i = 0; riversidePractitioners.length < 28; i++) {
    const res = await h.call('manager', '/person/persons', { method: 'POST', json: { name: [{ use: 'official', family: `Extra${i}`, given: ['Prac'] }], makePractitioner: true } });
    const { practitionerId } = (await res.json()) as { practitionerId: string };
    riversidePractitioners.push({ id: practitionerId, name: `Prac Extra${i}` });
  }
  const [lake] = await h.db.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, h.accounts.lakeside.id)).limit(1);
  lakesidePractitioner = lake!.id;
}, 120_000);
afterAll(() => h.close());

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const base = '/contactpoints/contact-points';

let n = 0;
/** A phone number not used by another test (555-01xx are fictional). */
const freshPhone = () => `(555) 200-${String(1000 + n++).slice(-4)}`;

/** Spec §5: a description of at least one character is required, like the name and the value. */
const withDescription = (body: Record<string, unknown>) => ({ description: 'Test line', ...body });

async function create(body: Record<string, unknown>, user: DemoUser = 'manager', path = base) {
  const res = await send(user, 'POST', path, withDescription(body));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = async (id: string, user: DemoUser = 'manager') => (await (await h.call(user, `${base}/${id}`)).json()) as ContactPoint;

describe('create (spec §7, §9 defaults)', () => {
  it('takes the spec body and fills the defaults: PHONE, Amazon Connect, Main, rank 10, not VIP, no associations', async () => {
    const id = await create({ name: 'Front desk', value: '(555) 123-4567' });
    const cp = await get(id);
    expect(cp).toMatchObject({
      resourceType: 'ContactPoint',
      id,
      accountId: h.accounts.riverside.id,
      name: 'Front desk',
      value: '(555) 123-4567',
      normalizedValue: '+15551234567',
      system: 'PHONE',
      serviceProvider: 'Amazon Connect',
      systemType: 'Main',
      rank: 10,
      vip: false,
      description: 'Test line',
      associations: [],
      version: 1,
    });
    expect(cp.createdBy).toBeTruthy();
    expect(cp.modifiedBy).toBe(cp.createdBy);
    expect(Date.parse(cp.createdTimestamp)).not.toBeNaN();
  });

  it('stores every field sent', async () => {
    const id = await create({
      name: 'Queue A',
      value: 'queue-a',
      system: 'QUEUEID',
      serviceProvider: 'Twilio',
      description: 'Overflow queue',
      systemType: 'Priority',
      rank: 3,
      vip: true,
    });
    expect(await get(id)).toMatchObject({ system: 'QUEUEID', serviceProvider: 'Twilio', description: 'Overflow queue', systemType: 'Priority', rank: 3, vip: true, normalizedValue: 'queue-a' });
  });

  it('a create retried with its Idempotency-Key answers the same id and makes no second record', async () => {
    const init = { method: 'POST', json: withDescription({ name: 'Keyed', value: freshPhone() }), headers: { 'Idempotency-Key': 'cp-create-1' } };
    const first = await h.call('manager', base, init);
    const again = await h.call('manager', base, init);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect(await again.json()).toEqual({ id });
    expect(await h.db.select().from(contactPoints).where(eq(contactPoints.name, 'Keyed'))).toHaveLength(1);
  });

  it('writes an audit row in the account', async () => {
    const id = await create({ name: 'Audited', value: freshPhone() });
    const [row] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'ContactPoint'), eq(auditLog.resourceId, id)));
    expect(row).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id });
    expect((row!.after as ContactPoint).name).toBe('Audited');
  });
});

describe('validation (spec §5 messages)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty value', { name: 'X', value: '' }, 'value', messages.contactPointValueMin],
    ['a blank value', { name: 'X', value: '   ' }, 'value', messages.contactPointValueMin],
    ['no value', { name: 'X' }, 'value', messages.contactPointValueMin],
    ['an empty name', { name: '', value: freshPhone() }, 'name', messages.contactPointNameMin],
    ['no name', { value: freshPhone() }, 'name', messages.contactPointNameMin],
    ['an empty description', { name: 'X', value: freshPhone(), description: '' }, 'description', messages.contactPointDescriptionMin],
    ['a blank description', { name: 'X', value: freshPhone(), description: '  ' }, 'description', messages.contactPointDescriptionMin],
    ['a null description', { name: 'X', value: freshPhone(), description: null }, 'description', messages.contactPointDescriptionMin],
    ['no description (spec §5: min length 1, like name and value)', { name: 'X', value: freshPhone(), description: undefined }, 'description', messages.contactPointDescriptionMin],
    ['rank 0', { name: 'X', value: freshPhone(), rank: 0 }, 'rank', messages.contactPointRank],
    ['rank 11', { name: 'X', value: freshPhone(), rank: 11 }, 'rank', messages.contactPointRank],
    ['rank 2.5', { name: 'X', value: freshPhone(), rank: 2.5 }, 'rank', messages.contactPointRankWhole],
    ['rank as text', { name: 'X', value: freshPhone(), rank: '5' }, 'rank', messages.contactPointRankWhole],
    ['an unknown system', { name: 'X', value: 'x', system: 'TELEX' }, 'system', messages.contactPointSystemInvalid],
    ['an unknown provider', { name: 'X', value: freshPhone(), serviceProvider: 'Sprint' }, 'serviceProvider', messages.contactPointProviderInvalid],
    ['an unknown system type', { name: 'X', value: freshPhone(), systemType: 'Backup' }, 'systemType', messages.contactPointSystemTypeInvalid],
    ['vip as text', { name: 'X', value: freshPhone(), vip: 'yes' }, 'vip', messages.contactPointVipInvalid],
    ['a phone that is not 10 US digits', { name: 'X', value: '555-1234' }, 'value', messages.contactPointPhoneInvalid],
    ['an SMS number with letters', { name: 'X', value: '555-CALL-NOW', system: 'SMS' }, 'value', messages.contactPointPhoneInvalid],
    ['a fax number of another country', { name: 'X', value: '+44 20 7946 0958', system: 'FAX' }, 'value', messages.contactPointPhoneInvalid],
    ['an association that is no id', { name: 'X', value: freshPhone(), associations: ['nope'] }, 'associations.0', messages.contactPointAssociationInvalid],
  ];
  it.each(cases)('%s is refused with its message under the field', async (_, body, field, message) => {
    const before = (await h.db.select({ id: contactPoints.id }).from(contactPoints)).length;
    const res = await send('manager', 'POST', base, 'description' in body ? body : withDescription(body));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect((await h.db.select({ id: contactPoints.id }).from(contactPoints)).length).toBe(before);
  });

  it('takes every spelling of a US number the spec allows, for PHONE, SMS and FAX', async () => {
    const spellings = ['5553001001', '555-300-1002', '555.300.1003', '555 300 1004', '(555) 300-1005', '(555)300-1006', '+1 555 300 1007', '1-555-300-1008', '+1 (555) 300-1009'];
    for (const [i, value] of spellings.entries()) {
      const system = (['PHONE', 'SMS', 'FAX'] as const)[i % 3];
      const cp = await get(await create({ name: `Spelling ${i}`, value, system }));
      expect(cp.value).toBe(value);
      expect(cp.normalizedValue).toBe(`+1555300100${i + 1}`);
    }
  });

  it('does not hold EMAIL, URL or OTHER values to the phone pattern', async () => {
    await create({ name: 'Mail', value: 'desk@example.test', system: 'EMAIL' });
    await create({ name: 'Site', value: 'https://example.test', system: 'URL' });
    await create({ name: 'Other', value: 'ask at the desk', system: 'OTHER' });
  });
});

describe('one number, one contact point (per system and account)', () => {
  it('(555) 123-7777, 555.123.7777 and +1 555 123 7777 are one number: the second is refused naming the first', async () => {
    const id = await create({ name: 'Main line', value: '(555) 123-7777' });
    for (const value of ['555.123.7777', '+1 555 123 7777', '(555) 123-7777']) {
      const res = await send('manager', 'POST', base, withDescription({ name: 'Copy', value }));
      expect(res.status).toBe(409);
      const error = await errorOf(res);
      expect(error.fields?.value).toBe(contactPointValueTaken({ id, name: 'Main line' }));
    }
  });

  it('a create racing another for the same number is 409 on value, not 500 (the unique index settles it)', async () => {
    // Another writer holds the number, uncommitted: the request's check cannot see it, so its
    // insert waits on the unique index; once the other commits, the insert fails and is told apart.
    let answer: Promise<Response> | undefined;
    const holder = await h.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactPoints)
        .values({ accountId: h.accounts.riverside.id, createdBy: 'Other writer', modifiedBy: 'Other writer', name: 'Won the race', value: '555 700 0001', normalizedValue: '+15557000001', system: 'PHONE', serviceProvider: 'Twilio', rank: 1 })
        .returning();
      answer = send('manager', 'POST', base, withDescription({ name: 'Lost the race', value: '(555) 700-0001' }));
      // Commit only once the request's insert is waiting for this transaction.
      for (;;) {
        const waiting = await h.db.execute<{ n: string }>(sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "contact_points"%'`);
        if (Number(waiting.rows[0]!.n) > 0) break;
      }
      return row!;
    });
    const res = await answer!;
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.value).toBe(contactPointValueTaken({ id: holder.id, name: 'Won the race' }));
    expect(await h.db.select().from(contactPoints).where(eq(contactPoints.normalizedValue, '+15557000001'))).toHaveLength(1);
  });

  it('the same number may be a PHONE and an SMS contact point, and in another account', async () => {
    await create({ name: 'Texts', value: '555.123.7777', system: 'SMS' });
    await create({ name: 'Lake line', value: '555 123 7777' }, 'manager', `${base}?accountId=${h.accounts.lakeside.id}`);
  });

  it('a PATCH onto a number already held is refused on value', async () => {
    const id = await create({ name: 'Moving', value: freshPhone() });
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, value: '+1 (555) 123-7777' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.value).toContain('Main line');
    expect((await get(id)).version).toBe(1);
  });

  it('a PATCH that makes the value a bad phone number (by changing the system) is refused on value', async () => {
    const id = await create({ name: 'Queue', value: 'queue-b', system: 'QUEUEID' });
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, system: 'PHONE' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.value).toBe(messages.contactPointPhoneInvalid);
  });
});

describe('associations (spec §3, §5: practitioners, max 25, duplicates ignored)', () => {
  it('keeps each practitioner once and answers them with their names', async () => {
    const [a, b] = riversidePractitioners;
    const id = await create({ name: 'Assoc', value: freshPhone(), associations: [a!.id, b!.id, a!.id, { id: b!.id, name: 'whatever' }] });
    const cp = await get(id);
    expect(cp.associations.map((x) => x.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(cp.associations.find((x) => x.id === a!.id)?.name).toBe(a!.name);
  });

  it('refuses more than 25 practitioners, but 25 plus duplicates is fine', async () => {
    expect(riversidePractitioners.length).toBeGreaterThanOrEqual(26);
    const ids = riversidePractitioners.map((p) => p.id);
    const res = await send('manager', 'POST', base, withDescription({ name: 'Too many', value: freshPhone(), associations: ids.slice(0, 26) }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.associations).toBe(messages.contactPointTooManyAssociations);
    const id = await create({ name: 'Exactly 25', value: freshPhone(), associations: [...ids.slice(0, 25), ...ids.slice(0, 5)] });
    expect((await get(id)).associations).toHaveLength(25);
  });

  it("the practitioner's own answer lists its contact points", async () => {
    const p = riversidePractitioners[1]!;
    const id = await create({ name: 'AAA practitioner side', value: freshPhone(), associations: [p.id] });
    const practitioner = (await (await h.call('manager', `/person/practitioners/${p.id}`)).json()) as { associations: { id: string; name: string }[] };
    expect(practitioner.associations).toContainEqual({ id, name: 'AAA practitioner side' });
  });

  it("refuses another account's practitioner or an unknown id", async () => {
    for (const other of [lakesidePractitioner, '00000000-0000-4000-8000-000000000000']) {
      const res = await send('manager', 'POST', base, withDescription({ name: 'Foreign', value: freshPhone(), associations: [other] }));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.associations).toBe(messages.contactPointPractitionerUnknown);
    }
  });

  it('a PATCH replaces them; a practitioner with 25 contact points takes no 26th', async () => {
    const p = riversidePractitioners[27]!;
    const id = await create({ name: 'Re-associate', value: freshPhone() });
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, associations: [p.id] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ContactPoint).associations).toEqual([{ id: p.id, name: p.name }]);
    for (let i = 0; i < 24; i++) await create({ name: `Fill ${i}`, value: freshPhone(), associations: [p.id] });
    const full = await send('manager', 'POST', base, withDescription({ name: 'One too many', value: freshPhone(), associations: [p.id] }));
    expect(full.status).toBe(400);
    expect((await errorOf(full)).fields?.associations).toBe(messages.practitionerTooManyContactPoints);
    const links = await h.db.select().from(contactPointPractitioners).where(eq(contactPointPractitioners.practitionerId, p.id));
    expect(links).toHaveLength(25);
  });
});

describe('versioned PATCH, DELETE', () => {
  it('updates the fields sent, bumps the version, audits, and refuses a stale version with 409', async () => {
    const id = await create({ name: 'Old name', value: freshPhone() });
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'New name', rank: 2, vip: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'New name', rank: 2, vip: true, version: 2, systemType: 'Main' });
    const stale = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'Other name' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await get(id)).name).toBe('New name');
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({ resourceType: 'ContactPoint' });
  });

  it('a retried PATCH whose answer was lost gets the record, not 409', async () => {
    const id = await create({ name: 'Retry', value: freshPhone() });
    const body = { version: 1, name: 'Retried', value: '555 400 1000' };
    expect((await send('manager', 'PATCH', `${base}/${id}`, body)).status).toBe(200);
    const again = await send('manager', 'PATCH', `${base}/${id}`, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as ContactPoint).version).toBe(2);
  });

  it('DELETE is soft: the record is 404 at once but keeps its row and associations, audited; a second DELETE is 404', async () => {
    const id = await create({ name: 'Doomed', value: freshPhone(), associations: [riversidePractitioners[0]!.id] });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 2, name: 'Revived' })).status).toBe(404);
    const [row] = await h.db.select().from(contactPoints).where(eq(contactPoints.id, id));
    expect(row).toMatchObject({ name: 'Doomed', version: 2 });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.deletedBy).toBe(row!.modifiedBy);
    expect(await h.db.select().from(contactPointPractitioners).where(eq(contactPointPractitioners.contactPointId, id))).toHaveLength(1);
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.action).toBe('delete');
    expect((audit!.before as ContactPoint).associations.map((a) => a.id)).toEqual([riversidePractitioners[0]!.id]);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(404);
  });
});

describe('soft delete and restore (issue 9)', () => {
  const restore = (id: string, user: DemoUser = 'manager', query = '') => send(user, 'POST', `${base}/${id}/restore${query}`);
  const ago = (id: string, days: number) =>
    h.db.update(contactPoints).set({ deletedAt: sql`now() - ${days}::int * interval '1 day'` }).where(eq(contactPoints.id, id));

  it('restore brings back the same id with its fields and associations, bumps the version and audits it', async () => {
    const [a, b] = riversidePractitioners;
    const id = await create({ name: 'Comeback', value: freshPhone(), vip: true, rank: 4, associations: [a!.id, b!.id] });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    const res = await restore(id);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as ContactPoint;
    expect(answer).toMatchObject({ id, name: 'Comeback', vip: true, rank: 4, version: 3 });
    expect(answer.associations.map((x) => x.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(await get(id)).toEqual(answer);
    const [row] = await h.db.select().from(contactPoints).where(eq(contactPoints.id, id));
    expect(row).toMatchObject({ deletedAt: null, deletedBy: null });
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'restore', resourceType: 'ContactPoint', accountId: h.accounts.riverside.id });
    expect((audit!.after as ContactPoint).id).toBe(id);
    // Restored once; it is no longer deleted.
    expect((await restore(id)).status).toBe(404);
  });

  it('a deleted contact point leaves the list, its search, the VIP lookup and the practitioner at once; restore brings it back to each', async () => {
    const p = riversidePractitioners[2]!;
    const id = await create({ name: 'Vanishing VIP', value: '(555) 301-7001', vip: true, associations: [p.id] });
    const seen = async () => {
      const byName = (await (await h.call('manager', `${base}?q=Vanishing`)).json()) as ContactPointList;
      const byNumber = (await (await h.call('manager', `${base}?q=${encodeURIComponent('555.301.7001')}`)).json()) as ContactPointList;
      const all = (await (await h.call('manager', base)).json()) as ContactPointList;
      const vip = (await (await h.call('manager', `/contactpoints/vip/${encodeURIComponent('+1 555 301 7001')}`)).json()) as VipLookup;
      const practitioner = (await (await h.call('manager', `/person/practitioners/${p.id}`)).json()) as { associations: { id: string }[] };
      return {
        byName: byName.items.map((i) => i.id),
        byNumber: byNumber.items.map((i) => i.id),
        listed: all.total,
        total: byName.total,
        vip: vip.contactPoint?.id ?? null,
        practitioner: practitioner.associations.some((x) => x.id === id),
      };
    };
    const before = await seen();
    expect(before).toMatchObject({ byName: [id], byNumber: [id], total: 1, vip: id, practitioner: true });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect(await seen()).toEqual({ byName: [], byNumber: [], listed: before.listed - 1, total: 0, vip: null, practitioner: false });
    expect((await restore(id)).status).toBe(200);
    expect(await seen()).toEqual(before);
  });

  it("a deleted contact point's number is free for a new one; restoring the old one then is 409 naming the holder", async () => {
    const value = freshPhone();
    const old = await create({ name: 'Old holder', value });
    expect((await send('manager', 'DELETE', `${base}/${old}`)).status).toBe(204);
    const spelledAnotherWay = `+1 ${value.replace(/\D/g, '').replace(/(\d{3})(\d{3})(\d{4})/, '$1 $2 $3')}`;
    const holder = await create({ name: 'New holder', value: spelledAnotherWay });
    const res = await restore(old);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.fields?.value).toBe(contactPointValueTaken({ id: holder, name: 'New holder' }));
    expect(error.message).toBe(error.fields?.value);
    expect((await h.call('manager', `${base}/${old}`)).status).toBe(404);
    // Once the new one is gone, the old one comes back.
    expect((await send('manager', 'DELETE', `${base}/${holder}`)).status).toBe(204);
    expect((await restore(old)).status).toBe(200);
  });

  it('restore within 30 days works; one deleted more than 30 days ago is 404', async () => {
    const recent = await create({ name: 'Deleted 29 days ago', value: freshPhone() });
    const old = await create({ name: 'Deleted 31 days ago', value: freshPhone() });
    for (const id of [recent, old]) expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    await ago(recent, 29);
    await ago(old, 31);
    expect((await restore(old)).status).toBe(404);
    expect((await restore(recent)).status).toBe(200);
    expect((await h.call('manager', `${base}/${old}`)).status).toBe(404);
  });

  it('deleted contact points do not count towards a practitioner\'s 25; a restore that would make 26 is 409 on associations', async () => {
    const p = riversidePractitioners[26]!;
    const first = await create({ name: 'Limit first', value: freshPhone(), associations: [p.id] });
    expect((await send('manager', 'DELETE', `${base}/${first}`)).status).toBe(204);
    for (let i = 0; i < 25; i++) await create({ name: `Limit fill ${i}`, value: freshPhone(), associations: [p.id] });
    const res = await restore(first);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.associations).toBe(messages.practitionerTooManyContactPoints);
    expect((await h.call('manager', `${base}/${first}`)).status).toBe(404);
  });

  it('a read-only user may not restore (403); the record stays deleted', async () => {
    const id = await create({ name: 'Viewer cannot', value: freshPhone() });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await restore(id, 'viewer')).status).toBe(403);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
  });

  it("another account's deleted contact point cannot be restored from this one (404)", async () => {
    const lake = `?accountId=${h.accounts.lakeside.id}`;
    const id = await create({ name: 'Lakeside deleted', value: freshPhone() }, 'manager', `${base}${lake}`);
    expect((await send('manager', 'DELETE', `${base}/${id}${lake}`)).status).toBe(204);
    expect((await restore(id)).status).toBe(404);
    expect((await restore('not-an-id')).status).toBe(404);
    expect((await restore(id, 'manager', lake)).status).toBe(200);
  });
});

describe('tenancy and permissions', () => {
  it("another account's contact point is 404 for every verb", async () => {
    const id = await create({ name: 'Lakeside only', value: freshPhone() }, 'manager', `${base}?accountId=${h.accounts.lakeside.id}`);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 1, name: 'Stolen' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(404);
    const list = (await (await h.call('manager', `${base}?limit=50&q=Lakeside`)).json()) as ContactPointList;
    expect(list.items.map((i) => i.id)).not.toContain(id);
    expect((await h.call('manager', `${base}/${id}?accountId=${h.accounts.lakeside.id}`)).status).toBe(200);
  });

  it('a read-only user may read but not create, change or delete (403)', async () => {
    const id = await create({ name: 'Read me', value: freshPhone() });
    expect((await h.call('viewer', `${base}/${id}`)).status).toBe(200);
    expect((await h.call('viewer', base)).status).toBe(200);
    expect((await h.call('viewer', `/contactpoints/vip/${encodeURIComponent('555 123 4567')}`)).status).toBe(200);
    expect((await send('viewer', 'POST', base, withDescription({ name: 'No', value: freshPhone() }))).status).toBe(403);
    expect((await send('viewer', 'PATCH', `${base}/${id}`, { version: 1, name: 'No' })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `${base}/${id}`)).status).toBe(403);
    expect((await get(id)).name).toBe('Read me');
  });
});

describe('list (items, paging, sort, filter)', () => {
  it('answers items with paging, sorted and filtered on the server', async () => {
    for (const [name, rank] of [['Zeta list', 1], ['Alpha list', 5], ['Mid list', 9]] as const) await create({ name, value: freshPhone(), rank });
    const page = (await (await h.call('manager', `${base}?q=list&sort=name&order=asc&limit=10`)).json()) as ContactPointList;
    expect(page.items.map((i) => i.name)).toEqual(['Alpha list', 'Mid list', 'Zeta list']);
    expect(page).toMatchObject({ total: 3, limit: 10, offset: 0 });
    // Each item is the whole record (issue 44: spec §3's fields, the list's columns among them), as GET answers it.
    const record = (await (await h.call('manager', `${base}/${page.items[0]!.id}`)).json()) as Record<string, unknown>;
    expect(Object.keys(page.items[0]!).sort()).toEqual(Object.keys(record).sort());
    expect(Object.keys(page.items[0]!)).toEqual(expect.arrayContaining(['id', 'name', 'rank', 'serviceProvider', 'system', 'systemType', 'value', 'vip']));
    const byRank = (await (await h.call('manager', `${base}?q=list&sort=rank&order=desc`)).json()) as ContactPointList;
    expect(byRank.items.map((i) => i.rank)).toEqual([9, 5, 1]);
    const second = (await (await h.call('manager', `${base}?q=list&sort=name&limit=10&offset=1`)).json()) as ContactPointList;
    expect(second.items.map((i) => i.name)).toEqual(['Mid list', 'Zeta list']);
  });

  it('finds a phone number by any spelling', async () => {
    const id = await create({ name: 'Findable', value: '555-600-7000' });
    for (const q of ['(555) 600-7000', '+1 555 600 7000', '555.600.7000']) {
      const page = (await (await h.call('manager', `${base}?q=${encodeURIComponent(q)}`)).json()) as ContactPointList;
      expect(page.items.map((i) => i.id)).toEqual([id]);
    }
  });
});

describe('list filter: what it finds', () => {
  const list = async (q: string, params = '') => (await (await h.call('manager', `${base}?q=${encodeURIComponent(q)}&sort=name&limit=50${params}`)).json()) as ContactPointList;

  it('finds by a part of the name, a part of the value as typed, the number in another spelling, and the id; the total is exact', async () => {
    const byName = await create({ name: 'Wombat annex line', value: freshPhone() });
    const byValue = await create({ name: 'Plain mailbox', system: 'EMAIL', value: 'wombat.desk@clinic.test' });
    const byNumber = await create({ name: 'Number only', value: '555-610-7001' });
    // Neither another account's nor a deleted one.
    await create({ name: 'Wombat elsewhere', value: freshPhone() }, 'manager', `${base}?accountId=${h.accounts.lakeside.id}`);
    const gone = await create({ name: 'Wombat deleted', value: freshPhone() });
    expect((await send('manager', 'DELETE', `${base}/${gone}`)).status).toBe(204);

    const words = await list('WOMBAT');
    expect(words.items.map((i) => i.id)).toEqual([byValue, byName]);
    expect(words).toMatchObject({ total: 2, offset: 0 });
    expect(words.totalEstimated).toBeUndefined();
    // The whole record (issue 44), as GET answers it.
    expect(words.items[0]).toMatchObject({ id: byValue, name: 'Plain mailbox', value: 'wombat.desk@clinic.test', system: 'EMAIL', vip: false, serviceProvider: 'Amazon Connect', systemType: 'Main', rank: 10 });
    expect(words.items[0]).toEqual(await (await h.call('manager', `${base}/${byValue}`)).json());
    expect((await list('desk@clin')).items.map((i) => i.id)).toEqual([byValue]);
    expect((await list('610-70')).items.map((i) => i.id)).toEqual([byNumber]);
    expect((await list('(555) 610-7001')).items.map((i) => i.id)).toEqual([byNumber]);
    expect((await list(byNumber.toUpperCase())).items.map((i) => i.id)).toEqual([byNumber]);

    // A page past the matches still says how many there are.
    const past = await list('wombat', '&offset=50');
    expect(past).toMatchObject({ items: [], total: 2 });
  });
});

describe('GET /contactpoints/vip/{value}', () => {
  it('finds the contact point by each spelling and tells whether it is VIP', async () => {
    const id = await create({ name: 'VIP line', value: '(555) 999-0001', vip: true });
    for (const spelling of ['(555) 999-0001', '555.999.0001', '+1 555 999 0001', '5559990001']) {
      const res = await h.call('viewer', `/contactpoints/vip/${encodeURIComponent(spelling)}`);
      expect(res.status).toBe(200);
      expect((await res.json()) as VipLookup).toEqual({ vip: true, contactPoint: { id, name: 'VIP line', value: '(555) 999-0001', system: 'PHONE' } });
    }
  });

  it('a known number that is not VIP, and an unknown one', async () => {
    const id = await create({ name: 'Plain line', value: '555 999 0002' });
    expect(await (await h.call('manager', `/contactpoints/vip/${encodeURIComponent('555-999-0002')}`)).json()).toEqual({
      vip: false,
      contactPoint: { id, name: 'Plain line', value: '555 999 0002', system: 'PHONE' },
    });
    expect(await (await h.call('manager', `/contactpoints/vip/${encodeURIComponent('555-999-0003')}`)).json()).toEqual({ vip: false, contactPoint: null });
  });

  it('finds an email contact point whatever its case', async () => {
    const id = await create({ name: 'VIP mail', value: 'Boss@Example.test', system: 'EMAIL', vip: true });
    const answer = (await (await h.call('manager', `/contactpoints/vip/${encodeURIComponent('boss@example.TEST')}`)).json()) as VipLookup;
    expect(answer).toEqual({ vip: true, contactPoint: { id, name: 'VIP mail', value: 'Boss@Example.test', system: 'EMAIL' } });
  });

  it("does not see another account's VIP number", async () => {
    await create({ name: 'Lake VIP', value: '555 999 0004', vip: true }, 'manager', `${base}?accountId=${h.accounts.lakeside.id}`);
    expect(await (await h.call('manager', `/contactpoints/vip/5559990004`)).json()).toEqual({ vip: false, contactPoint: null });
  });

  it('is one probe of the (account, normalised value) index', async () => {
    // A test database is small, so the planner is told to prefer indexes; the plan must then use
    // the value index (not a scan of the account's contact points through another one).
    await h.db.execute(sql`analyze contact_points`);
    const plan = await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from contact_points where account_id = ${h.accounts.riverside.id} and normalized_value in ('+15559990001') and deleted_at is null order by vip desc, id limit 1`,
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('contact_points_account_value');
    expect(text).toMatch(/Index Cond: \(\(account_id = .*normalized_value/s);
  });
});
