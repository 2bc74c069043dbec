import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../domain/search.ts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { riversideHolderOf } from '../../test/role-holder.ts';
import { phoneDigits } from './index.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function search(user: 'admin' | 'manager' | 'viewer', q: string, extra = '') {
  const res = await h.call(user, `/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchAnswer;
}

describe('GET /search', () => {
  it('finds a user by a misspelt name, grouped by type, with the matched text and the page path', async () => {
    const answer = await search('manager', 'Marai Lopes');
    const users = answer.groups.find((g) => g.type === 'user');
    expect(users?.label).toBe('Users');
    expect(users?.hits[0]).toMatchObject({ title: 'Maria Lopez', path: `/practice/users/${seedId('person:manager')}` });
  });

  it('finds roles by name, typo-tolerant', async () => {
    const answer = await search('viewer', 'Practise Admin');
    const roles = answer.groups.find((g) => g.type === 'role');
    expect(roles?.hits[0]).toMatchObject({ title: 'Practice Administrator', path: `/system/roles/${seedId('role:riverside:Practice Administrator')}` });
  });

  it("searches only the request's account", async () => {
    const own = await search('admin', 'Maria Lopez');
    expect(own.groups.find((g) => g.type === 'user')).toBeUndefined();
    const riverside = await search('admin', 'Maria Lopez', `&accountId=${h.accounts.riverside.id}`);
    expect(riverside.groups.find((g) => g.type === 'user')?.hits[0]?.title).toBe('Maria Lopez');
    expect((await h.call('viewer', `/search?q=maria&accountId=${h.accounts.astera.id}`)).status).toBe(403);
  });

  it('leaves out the types the role may not read', async () => {
    // The Scheduler has no grant on roles (the Practice Administrator reads them since issue 40, and finds them).
    expect((await search('manager', 'Practice Administrator')).groups.find((g) => g.type === 'role')).toBeDefined();
    const scheduler = await riversideHolderOf(h, 'Scheduler');
    try {
      const res = await h.call('manager', `/search?q=${encodeURIComponent('Practice Administrator')}`, { token: scheduler.token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as SearchAnswer).groups.find((g) => g.type === 'role')).toBeUndefined();
    } finally {
      await scheduler.restore();
    }
  });

  it("finds accounts by name or domain for the instance administrator only, opening the account's page", async () => {
    const domain = `lakeside-search-${Date.now().toString(36)}.example`;
    await h.db.update(accounts).set({ domainNames: [domain] }).where(eq(accounts.id, h.accounts.lakeside.id));
    const byName = await search('admin', 'Lakesde Pediatric');
    expect(byName.groups.find((g) => g.type === 'account')).toMatchObject({
      label: 'Accounts',
      hits: [{ id: h.accounts.lakeside.id, title: 'Lakeside Pediatrics', path: `/account/${h.accounts.lakeside.id}` }],
    });
    const byDomain = await search('admin', domain);
    expect(byDomain.groups.find((g) => g.type === 'account')?.hits[0]).toMatchObject({ id: h.accounts.lakeside.id, matched: domain });
    expect((await search('admin', h.accounts.lakeside.id)).exact).toMatchObject({ path: `/account/${h.accounts.lakeside.id}` });
    // A practice administrator and Read Only may read their own account, yet list no account: none is offered.
    for (const user of ['manager', 'viewer'] as const) {
      expect((await search(user, 'Lakeside Pediatrics')).groups.find((g) => g.type === 'account')).toBeUndefined();
      expect((await search(user, domain)).groups.find((g) => g.type === 'account')).toBeUndefined();
      expect((await search(user, h.accounts.riverside.id)).exact).toBeNull();
    }
  });

  it('answers a pasted id of a record as the exact match', async () => {
    const answer = await search('viewer', seedId('person:viewer'));
    expect(answer.exact).toMatchObject({ id: seedId('person:viewer') });
    const none = await search('viewer', '00000000-0000-4000-8000-000000000000');
    expect(none.exact).toBeNull();
  });

  it('validates the query', async () => {
    expect((await h.call('viewer', `/search?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await h.call('viewer', '/search')).status).toBe(400);
    expect(await search('viewer', '   ')).toEqual({ groups: [], exact: null });
  });

  it('recognises US phone numbers in their usual spellings', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('+1 555.123.4567')).toBe('5551234567');
    expect(phoneDigits('555-1234')).toBeNull();
    expect(phoneDigits('maria')).toBeNull();
  });
});

describe('GET /search, hostile input', () => {
  it('never fails on NUL or LIKE wildcards', async () => {
    expect((await h.call('viewer', '/search?q=%00')).status).toBe(200);
    const answer = await search('viewer', '%');
    expect(answer.groups.find((g) => g.type === 'role')).toBeUndefined();
  });
});
