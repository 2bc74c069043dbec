import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e164, normalizeValue, phoneSystems } from '../../../domain/contact-points.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { demoContactPointsPerAccount, insertManyContactPoints } from '../../seed/demo-contact-points.ts';
import { contactPointPractitioners, contactPoints } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import type { ContactPointSort } from '../../../domain/contact-points.ts';
import { listContactPoints } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function search(user: 'admin' | 'manager' | 'viewer', q: string) {
  const res = await h.call(user, `/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchAnswer;
}
const contactPointHits = (answer: SearchAnswer) => answer.groups.find((g) => g.type === 'contact-point')?.hits ?? [];

/** Riverside's seeded 'Nurse triage' line (template 4): 503-555-0104, in whichever spelling the seed typed it. */
const nurseTriage = seedId('contact-point:riverside:4');

describe('demo seed', () => {
  it('gives every account about forty contact points, some VIP, with fax, SMS and queue ids, valid and associated with its practitioners', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select().from(contactPoints).where(eq(contactPoints.accountId, account.id));
      expect(rows).toHaveLength(demoContactPointsPerAccount);
      expect(demoContactPointsPerAccount).toBeGreaterThanOrEqual(35);
      expect(rows.filter((r) => r.vip).length).toBeGreaterThanOrEqual(5);
      for (const system of ['PHONE', 'FAX', 'SMS', 'QUEUEID', 'EMAIL'] as const) expect(rows.some((r) => r.system === system)).toBe(true);
      for (const r of rows) expect(r.normalizedValue).toBe(normalizeValue(r.system, r.value));
      const [links] = await h.db.select({ n: count() }).from(contactPointPractitioners).where(eq(contactPointPractitioners.accountId, account.id));
      expect(links!.n).toBeGreaterThan(10);
    }
    const [triage] = await h.db.select().from(contactPoints).where(eq(contactPoints.id, nurseTriage));
    expect(triage).toMatchObject({ name: 'Nurse triage', normalizedValue: '+15035550104', accountId: h.accounts.riverside.id });
  });

  it('answers each seeded contact point through the API (valid for its schema)', async () => {
    const res = await h.call('manager', `/contactpoints/contact-points/${nurseTriage}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { associations: unknown[] }).associations.length).toBe(2);
  });
});

describe('palette search of contact points', () => {
  it('finds one by its name, misspelt', async () => {
    const hits = contactPointHits(await search('manager', 'Nurse triaje'));
    expect(hits[0]).toMatchObject({ title: 'Nurse triage', path: `/practice/contact-points/${nurseTriage}` });
  });

  it('finds one by its number in any spelling, and by a part of it', async () => {
    for (const q of ['(503) 555-0104', '503.555.0104', '+1 503 555 0104', '503-555-0104', '555-0104']) {
      const hits = contactPointHits(await search('viewer', q));
      expect(hits[0], q).toMatchObject({ id: nurseTriage, matched: expect.stringMatching(/0104/) as string });
    }
  });

  it('a pasted number is the exact match, so the palette jumps to its contact point', async () => {
    expect((await search('manager', '(503) 555-0104')).exact).toMatchObject({ type: 'contact-point', id: nurseTriage, path: `/practice/contact-points/${nurseTriage}` });
    expect((await search('manager', '+1 (503) 555 0199')).exact).toBeNull();
  });

  it('finds an email address or a queue id by its value', async () => {
    expect(contactPointHits(await search('manager', 'billing@riverside'))[0]?.title).toBe('Billing email');
    expect(contactPointHits(await search('manager', 'riverside-triage-queue'))[0]?.title).toBe('Triage queue');
  });

  it("stays in the request's account", async () => {
    const hits = contactPointHits(await search('manager', '(608) 555-0104'));
    expect(hits).toEqual([]);
  });
});

describe('bulk insert (npm run seed -- --contact-points N)', () => {
  it('adds exactly N valid numbers to one account, drawing again when a number is taken', async () => {
    const account = h.accounts.lakeside.id;
    const before = await h.db.$count(contactPoints, eq(contactPoints.accountId, account));
    await insertManyContactPoints(h.db, account, 1200, { seed: 7 });
    // The same seed again: every number of its first draws is taken, and it still adds 1,200.
    await insertManyContactPoints(h.db, account, 1200, { seed: 7 });
    expect(await h.db.$count(contactPoints, eq(contactPoints.accountId, account))).toBe(before + 2400);
    const bad = await h.db
      .select({ n: count() })
      .from(contactPoints)
      .where(and(eq(contactPoints.accountId, account), inArray(contactPoints.system, [...phoneSystems]), sql`${contactPoints.normalizedValue} !~ '^\\+1[0-9]{10}$'`));
    expect(bad[0]!.n).toBe(0);
    const [sample] = await h.db.select().from(contactPoints).where(and(eq(contactPoints.accountId, account), like(contactPoints.name, '% · %'))).limit(1);
    expect(sample!.normalizedValue).toBe(e164(sample!.value));
  });
});

describe("at scale: lakeside's bulk contact points (issue 9's bench, small)", () => {
  const lakeside = () => h.accounts.lakeside.id;
  const inLakeside = async (q: string) => {
    const res = await h.call('admin', `/search?q=${encodeURIComponent(q)}&accountId=${lakeside()}`);
    expect(res.status).toBe(200);
    return contactPointHits((await res.json()) as SearchAnswer);
  };
  const list = async (params: string) => {
    const res = await h.call('admin', `/contactpoints/contact-points?accountId=${lakeside()}&${params}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { items: { id: string; name: string }[]; total: number; totalEstimated?: boolean };
  };

  it('a word many names hold, and a mistyped one, find names by their words', async () => {
    for (const q of ['oak street', 'oak stret', 'Oak Str', 'maple cort']) {
      const hits = await inLakeside(q);
      expect(hits.length, q).toBeGreaterThan(0);
      const words = q.startsWith('maple') ? /Maple Court/ : /Oak Street/;
      for (const hit of hits) expect(hit.title, q).toMatch(words);
    }
  });

  it('a value match is not crowded out by the names holding the same word', async () => {
    const [email] = await h.db.select().from(contactPoints).where(and(eq(contactPoints.accountId, lakeside()), eq(contactPoints.system, 'EMAIL'))).limit(1);
    const word = email!.normalizedValue.split('@')[0]!;
    const hits = await inLakeside(word);
    expect(hits[0]).toMatchObject({ id: email!.id, matched: email!.value });
  });

  it('a part of a word no name has as a word still finds it (trigrams)', async () => {
    const hits = await inLakeside('rben');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.title).toMatch(/Riverbend/);
  });

  it('the unfiltered total is exact through create, soft delete and restore', async () => {
    const live = () => h.db.$count(contactPoints, and(eq(contactPoints.accountId, lakeside()), sql`${contactPoints.deletedAt} is null`));
    expect((await list('limit=10')).total).toBe(await live());
    const created = await h.call('admin', `/contactpoints/contact-points?accountId=${lakeside()}`, { method: 'POST', json: { name: 'Count me', value: 'count-me@lakeside.test', system: 'EMAIL', description: 'Counted line' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const before = (await list('limit=10')).total;
    expect(before).toBe(await live());
    expect((await h.call('admin', `/contactpoints/contact-points/${id}?accountId=${lakeside()}`, { method: 'DELETE' })).status).toBe(204);
    expect((await list('limit=10')).total).toBe(before - 1);
    expect((await h.call('admin', `/contactpoints/contact-points/${id}/restore?accountId=${lakeside()}`, { method: 'POST' })).status).toBe(200);
    expect((await list('limit=10')).total).toBe(before);
  });

  it('a page in the second half (read from the other end) is the page an offset gives, for every sort and order', async () => {
    const total = (await list('limit=10')).total;
    const page = Math.ceil(total / 10) - 3;
    for (const sort of ['name', 'id', 'value', 'vip', 'rank']) {
      for (const order of ['asc', 'desc']) {
        const answer = await list(`limit=10&page=${page}&sort=${sort}&order=${order}`);
        const column = { name: 'name', id: 'id', value: 'value', vip: 'vip, name', rank: 'rank, name' }[sort]!;
        const ids = column.split(', ').concat(sort === 'id' ? [] : ['id']).map((c) => `${c} ${order}`).join(', ');
        const expected = await h.db.execute<{ id: string }>(
          sql.raw(`select id from contact_points where account_id = '${lakeside()}' and deleted_at is null order by ${ids} limit 10 offset ${(page - 1) * 10}`),
        );
        expect(answer.items.map((i) => i.id), `${sort} ${order}`).toEqual(expected.rows.map((r) => r.id));
      }
    }
  });

  it('a filtered page is the page an offset of the matches gives, row for row, for every sort and order', async () => {
    // system type is empty on some rows: an empty one sorts last going up and first going down, as on an unfiltered page.
    const columns = { name: 'name', id: 'id', value: 'value', vip: 'vip, name', serviceProvider: 'service_provider, name', systemType: 'system_type, name', rank: 'rank, name' };
    for (const [sort, column] of Object.entries(columns)) {
      for (const order of ['asc', 'desc']) {
        const answer = await list(`limit=10&page=4&sort=${sort}&order=${order}&q=triage`);
        const ids = column.split(', ').concat(sort === 'id' ? [] : ['id']).map((c) => `${c} ${order}`).join(', ');
        const expected = await h.db.execute<Record<string, unknown>>(
          sql.raw(
            `select id, name, value, system, vip, service_provider as "serviceProvider", system_type as "systemType", rank from contact_points where account_id = '${lakeside()}' and deleted_at is null and (name ilike '%triage%' or value ilike '%triage%') order by ${ids} limit 10 offset 30`,
          ),
        );
        expect(expected.rows).toHaveLength(10);
        // Each item is the whole record (issue 44): the list's columns are among its fields.
        expect(answer.items, `${sort} ${order}`).toEqual(expected.rows.map((row) => expect.objectContaining(row)));
      }
    }
  });

  it('a page of a word in more than a thousand rows is the page an offset of the matches gives: found in the sort index, or past its bound among every match', async () => {
    const columns = { name: 'name', id: 'id', value: 'value', vip: 'vip, name', serviceProvider: 'service_provider, name', systemType: 'system_type, name', rank: 'rank, name' };
    const [{ n }] = (await h.db.execute<{ n: string }>(sql`select count(*) as n from contact_points where account_id = ${lakeside()} and deleted_at is null and (name ilike '%o%' or value ilike '%o%')`)).rows as [{ n: string }];
    expect(Number(n)).toBeGreaterThan(1000);
    // The default bound finds these pages in the sort index; a bound of 25 entries runs out on
    // most of them, and the page is then sorted from every match; the last is past every match.
    for (const [walkBound, page] of [[undefined, 4], [undefined, 60], [25, 4], [25, 60], [undefined, 400]] as const) {
      for (const [sort, column] of Object.entries(columns)) {
        for (const order of ['asc', 'desc'] as const) {
          const answer = await listContactPoints(h.db, lakeside(), { q: 'o', sort: sort as ContactPointSort, order, limit: 10, page }, { walkBound });
          const ids = column.split(', ').concat(sort === 'id' ? [] : ['id']).map((c) => `${c} ${order}`).join(', ');
          const expected = await h.db.execute<Record<string, unknown>>(
            sql.raw(
              `select id, name, value, system, vip, service_provider as "serviceProvider", system_type as "systemType", rank from contact_points where account_id = '${lakeside()}' and deleted_at is null and (name ilike '%o%' or value ilike '%o%') order by ${ids} limit 10 offset ${(page - 1) * 10}`,
            ),
          );
          const where = `${sort} ${order}, page ${page}, bound ${walkBound ?? 'default'}`;
          expect(expected.rows, where).toHaveLength(page === 400 ? 0 : 10);
          expect(answer.items, where).toEqual(expected.rows.map((row) => expect.objectContaining(row)));
          expect(answer, where).toMatchObject({ total: 1000, totalEstimated: true, offset: (page - 1) * 10 });
        }
      }
    }
  });

  it('a filter holding a line break finds the name or the value holding it, never the end of one and the start of the other', async () => {
    const created = await h.call('admin', `/contactpoints/contact-points?accountId=${lakeside()}`, { method: 'POST', json: { name: 'Wrapped lines', value: 'wrapped@lakeside.test', system: 'EMAIL', description: 'Wrapped line' } });
    expect(created.status).toBe(201);
    expect((await list(`limit=10&q=${encodeURIComponent('wrapped lines')}`)).total).toBe(1);
    // The lowercased name and value are stored one after the other, a line break between them.
    const across = await list(`limit=10&q=${encodeURIComponent('lines\nwrapped@')}`);
    expect(across).toMatchObject({ items: [], total: 0 });
  });

  it('a filter matching more than a thousand stops counting at the bound and says so', async () => {
    const wide = await list('limit=10&q=%20%C2%B7%20');
    expect(wide).toMatchObject({ total: 1000, totalEstimated: true });
    expect(wide.items).toHaveLength(10);
    const narrow = await list(`limit=10&q=${encodeURIComponent('Count me')}`);
    expect(narrow.total).toBe(1);
    expect(narrow.totalEstimated).toBeUndefined();
  });
});
