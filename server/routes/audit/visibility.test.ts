import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../domain/api.ts';
import type { ApiKeyCreated } from '../../../domain/api-keys.ts';
import type { AuditLogFacets, AuditLogPage } from '../../../domain/audit.ts';
import type { ResourceGrants } from '../../../domain/permissions.ts';
import { auditLog } from '../../db/schema/index.ts';
import { fileHarness } from '../../test/harness.ts';

const h = fileHarness();

const riverside = () => `accountId=${h.accounts.riverside.id}`;

/** A role of Riverside with these grants, and an API key holding it (made by the instance administrator). */
async function keyWith(name: string, resources: ResourceGrants) {
  const role = await h.call('admin', `/permissions/roles?${riverside()}`, { method: 'POST', json: { name, resources } });
  expect(role.status, await role.clone().text()).toBe(201);
  const { id: roleId } = (await role.json()) as { id: string };
  const key = await h.call('admin', `/permissions/apikeys?${riverside()}`, { method: 'POST', json: { name: `${name} key`, roleId } });
  expect(key.status, await key.clone().text()).toBe(201);
  return ((await key.json()) as ApiKeyCreated).secret;
}

const withKey = (secret: string, path: string) => h.api.request(path, { headers: { Authorization: `Bearer ${secret}` } });
const json = async <T>(res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

const policyOnly = { '/permissions/accesspolicy': { GET: true }, '/audit/entries': { GET: true } } satisfies ResourceGrants;

describe('the system log shows an entry only to a caller who may read its record', () => {
  let personId: string;
  let entryId: string;
  let blind: string;
  let reader: string;

  beforeAll(async () => {
    const created = await h.call('manager', '/person/persons', {
      method: 'POST',
      json: { name: [{ use: 'official', given: ['Hidden'], family: 'Patient' }], communication: [] },
    });
    expect(created.status).toBe(201);
    personId = ((await created.json()) as { id: string }).id;
    const issue = await h.call('manager', '/issues', { method: 'POST', json: { name: 'Visible issue', category: 'Other' } });
    expect(issue.status).toBe(201);
    const all = await json<AuditLogPage>(await h.call('manager', `/audit/entries?resourceType=Person&limit=100`));
    entryId = all.items.find((item) => item.resourceId === personId)!.id;
    blind = await keyWith('Log only', policyOnly);
    reader = await keyWith('Log and persons', { ...policyOnly, '/person/persons/{id}': { GET: true }, '/issues/{id}': { GET: true } });
  });

  it('a key that may not read persons gets 403 on the person, and nothing of it from the log', async () => {
    expect((await withKey(blind, `/person/persons/${personId}`)).status).toBe(403);

    const list = await json<AuditLogPage>(await withKey(blind, '/audit/entries?limit=100'));
    expect(list.items.some((item) => item.resourceType === 'Person')).toBe(false);
    expect(list.items.some((item) => item.resourceId === personId)).toBe(false);
    // Asking for the kind, or paging from the entry, finds nothing either.
    expect((await json<AuditLogPage>(await withKey(blind, '/audit/entries?resourceType=Person'))).items).toEqual([]);
    expect((await json<AuditLogPage>(await withKey(blind, `/audit/entries?before=${Number(entryId) + 1}&limit=100`))).items.some((i) => i.resourceId === personId)).toBe(false);
    // A single entry is as if it were not there (404, not 403: its existence is not told).
    expect((await withKey(blind, `/audit/entries/${entryId}`)).status).toBe(404);
    // The home page's recent changes.
    const recent = await json<{ items: AuditEntry[] }>(await withKey(blind, '/audit/recent?limit=100'));
    expect(recent.items.some((item) => item.resourceType === 'Person' || item.resourceId === personId)).toBe(false);
    // The facets do not tell that persons changed.
    const facets = await json<AuditLogFacets>(await withKey(blind, '/audit/facets'));
    expect(facets.resourceTypes).not.toContain('Person');
    expect(facets.resourceTypes).not.toContain('Issue');
  });

  it('a key that may read persons sees their entries, in the list, by kind, one by one and in recent', async () => {
    const list = await json<AuditLogPage>(await withKey(reader, '/audit/entries?limit=100'));
    expect(list.items.some((item) => item.resourceId === personId)).toBe(true);
    expect(new Set(list.items.map((item) => item.resourceType))).toEqual(new Set(['Person', 'Issue']));
    expect((await json<AuditLogPage>(await withKey(reader, '/audit/entries?resourceType=Person&limit=100'))).items.map((i) => i.id)).toContain(entryId);
    const detail = await json<{ after: { displayName?: string } }>(await withKey(reader, `/audit/entries/${entryId}`));
    expect(detail.after.displayName).toBe('Hidden Patient');
    const recent = await json<{ items: AuditEntry[] }>(await withKey(reader, '/audit/recent?limit=100'));
    expect(recent.items.some((item) => item.resourceId === personId)).toBe(true);
    const facets = await json<AuditLogFacets>(await withKey(reader, '/audit/facets'));
    expect(facets.resourceTypes).toEqual(expect.arrayContaining(['Issue', 'Person']));
    expect(facets.resourceTypes.every((kind) => ['Issue', 'Person'].includes(kind))).toBe(true);
  });

  it('the facets list only actors (and kinds) of entries the caller may see', async () => {
    const { id: accountId } = h.accounts.riverside;
    const tagged = { taggedResourceType: 'ContactPoint', taggedResourceId: '00000000-0000-4000-8000-000000000077' };
    await h.db.insert(auditLog).values([
      { accountId, actorId: 'person-only-actor', actorName: 'Person Only', action: 'update', resourceType: 'Person', after: {} },
      { accountId, actorId: 'issue-actor', actorName: 'Issue Writer', action: 'update', resourceType: 'Issue', after: {} },
      { accountId, actorId: 'line-tagger', actorName: 'Line Tagger', action: 'create', resourceType: 'Tag', after: tagged },
    ]);
    const ids = (facets: AuditLogFacets) => facets.actors.map((a) => a.id);
    const blindFacets = await json<AuditLogFacets>(await withKey(blind, '/audit/facets'));
    expect(ids(blindFacets)).not.toContain('person-only-actor');
    expect(ids(blindFacets)).not.toContain('issue-actor');
    const readerFacets = await json<AuditLogFacets>(await withKey(reader, '/audit/facets'));
    expect(ids(readerFacets)).toEqual(expect.arrayContaining(['person-only-actor', 'issue-actor']));
    expect(ids(readerFacets)).not.toContain('line-tagger');
    // A tag is seen only with the record it tags: its tagger and its kind too.
    const tags = await keyWith('Log and tags only', { ...policyOnly, '/tag/{id}': { GET: true } });
    const tagFacets = await json<AuditLogFacets>(await withKey(tags, '/audit/facets'));
    expect(ids(tagFacets)).not.toContain('line-tagger');
    expect(tagFacets.resourceTypes).not.toContain('Tag');
    const lines = await keyWith('Log, tags and lines only', { ...policyOnly, '/tag/{id}': { GET: true }, '/contactpoints/contact-points/{id}': { GET: true } });
    const lineFacets = await json<AuditLogFacets>(await withKey(lines, '/audit/facets'));
    expect(ids(lineFacets)).toContain('line-tagger');
    expect(lineFacets.resourceTypes).toContain('Tag');
    // The same actors as the list's entries (the list filtered by each actor finds something).
    for (const actor of blindFacets.actors) {
      const found = await json<AuditLogPage>(await withKey(blind, `/audit/entries?actor=${encodeURIComponent(actor.id)}&limit=1`));
      expect(found.items, actor.id).toHaveLength(1);
    }
    // An instance administrator sees them all.
    const admin = await json<AuditLogFacets>(await h.call('admin', `/audit/facets?account=${accountId}`));
    expect(ids(admin)).toEqual(expect.arrayContaining(['person-only-actor', 'issue-actor', 'line-tagger']));
  });

  it('the log is its own resource: the access policy alone no longer reads it', async () => {
    const none = await keyWith('Policy only', { '/permissions/accesspolicy': { GET: true } });
    for (const path of ['/audit/entries', '/audit/recent', '/audit/facets', `/audit/entries/${entryId}`]) expect((await withKey(none, path)).status).toBe(403);
  });

  it('a tag on a record is seen only with that record', async () => {
    const contactPoint = await h.call('manager', '/contactpoints/contact-points', { method: 'POST', json: { name: 'Tagged line', value: '(555) 800-0077', description: 'Private line' } });
    expect(contactPoint.status).toBe(201);
    const { id } = (await contactPoint.json()) as { id: string };
    const tag = await h.call('manager', '/tag', { method: 'POST', json: { key: 'line', value: 'private', taggedResourceType: 'ContactPoint', taggedResourceId: id } });
    expect(tag.status, await tag.clone().text()).toBe(201);
    const tags = await keyWith('Log and tags', { ...policyOnly, '/tag/{id}': { GET: true } });
    const both = await keyWith('Log, tags and lines', { ...policyOnly, '/tag/{id}': { GET: true }, '/contactpoints/contact-points/{id}': { GET: true } });
    expect((await json<AuditLogPage>(await withKey(tags, '/audit/entries?resourceType=Tag&limit=100'))).items.some((i) => i.about?.resourceId === id)).toBe(false);
    expect((await json<AuditLogPage>(await withKey(both, '/audit/entries?resourceType=Tag&limit=100'))).items.some((i) => i.about?.resourceId === id)).toBe(true);
  });
});
