import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiKeyCreated } from '../domain/api-keys.ts';
import type { ContactPoint } from '../domain/contact-points.ts';
import { grantAll, type Resource } from '../domain/permissions.ts';
import { accessLog } from './db/schema/index.ts';
import { createHarness, type Harness } from './test/harness.ts';

/**
 * Issue 40: the access matrix for patient data. A person who is a practitioner and on a practice
 * team, with a name found nowhere else, is read through every GET route of the API (enumerated from
 * the app, so a new route is covered without touching this file), with each path parameter set to
 * the person's id or the team's, by an API key whose role holds every grant but reading persons,
 * practitioners and users. No answer may carry the person's name.
 */
let h: Harness;
let personId: string;
let teamId: string;
let secret: string;
let contactPointId: string;
const canary = 'Zqcanary';
const riverside = () => `accountId=${h.accounts.riverside.id}`;

beforeAll(async () => {
  h = await createHarness();
  const person = await h.call('manager', '/person/persons', { method: 'POST', json: { name: [{ use: 'official', given: [canary], family: 'Matrixperson' }], communication: [], makePractitioner: true } });
  expect(person.status, await person.clone().text()).toBe(201);
  personId = ((await person.json()) as { id: string }).id;
  const team = await h.call('manager', '/teams/teams', { method: 'POST', json: { name: 'Matrix team' } });
  teamId = ((await team.json()) as { id: string }).id;
  expect((await h.call('manager', `/teams/teams/${teamId}/member`, { method: 'POST', json: { personId } })).status).toBe(201);
  // A contact point the practitioner is associated with (spec §3: associations name the practitioner).
  const cp = await h.call('manager', '/contactpoints/contact-points', { method: 'POST', json: { name: 'Matrix line', value: '(415) 555-0199', description: 'x', system: 'PHONE', serviceProvider: 'Twilio', rank: 5, vip: false, associations: [{ id: personId, name: `${canary} Matrixperson` }] } });
  contactPointId = ((await cp.json()) as { id: string }).id;
  const personRecords = new Set<Resource>(['/person/persons', '/person/persons/{id}', '/person/practitioners', '/person/practitioners/{id}', '/person/users', '/person/users/{id}']);
  const role = await h.call('admin', `/permissions/roles?${riverside()}`, { method: 'POST', json: { name: 'All but persons', resources: grantAll((r) => !personRecords.has(r)) } });
  expect(role.status, await role.clone().text()).toBe(201);
  const { id: roleId } = (await role.json()) as { id: string };
  const key = await h.call('admin', `/permissions/apikeys?${riverside()}`, { method: 'POST', json: { name: 'All but persons key', roleId } });
  secret = ((await key.json()) as ApiKeyCreated).secret;
}, 120_000);
afterAll(() => h.close());

/** The GET paths of the API with every path parameter set to one of these ids, and the ones that answered the person's name. */
async function leaksThrough(ids: string[]): Promise<{ paths: number; leaks: string[] }> {
  const paths = new Set<string>();
  for (const route of h.api.routes) {
    if (route.method !== 'GET' || route.path.includes('*')) continue;
    for (const id of ids) paths.add(route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, id));
  }
  const leaks: string[] = [];
  for (const path of paths) {
    for (const query of [`q=${canary}&limit=100`, 'limit=100']) {
      const res = await h.api.request(`${path}?${query}`, { headers: { Authorization: `Bearer ${secret}` } });
      if ((await res.text()).includes(canary)) leaks.push(`${path}?${query} ${res.status}`);
    }
  }
  return { paths: paths.size, leaks };
}

it("no GET route answers a person's name to a role that may not read persons, practitioners or users", async () => {
  const { paths, leaks } = await leaksThrough([personId, teamId]);
  expect(paths).toBeGreaterThan(50);
  expect(leaks).toEqual([]);
  // The person is in the data the role reads (the team holds it), so the routes reached it.
  const members = (await (await h.api.request(`/teams/teams/${teamId}/members`, { headers: { Authorization: `Bearer ${secret}` } })).json()) as { hidden: number };
  expect(members.hidden).toBe(1);
});

// A contact point's associations name practitioners: to this role, by id alone (issue 40).
it("a contact point's associations do not name a practitioner to a role that may not read practitioners", async () => {
  expect((await leaksThrough([contactPointId])).leaks).toEqual([]);
});

it("a contact point's write answers and System log snapshots name its practitioners only to a role that may read them, each name a read in the access log", async () => {
  const asKey = (path: string, init: RequestInit = {}) => h.api.request(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${secret}` } });
  const current = (await (await asKey(`/contactpoints/contact-points/${contactPointId}`)).json()) as ContactPoint;
  expect(current.associations).toEqual([{ id: personId, name: null }]);
  // The answer sent back as it is keeps the association.
  const patched = await asKey(`/contactpoints/contact-points/${contactPointId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: current.version, rank: 4, associations: current.associations }),
  });
  expect(patched.status, await patched.clone().text()).toBe(200);
  expect(((await patched.json()) as ContactPoint).associations).toEqual([{ id: personId, name: null }]);
  const page = (await (await asKey('/audit/entries?resourceType=ContactPoint&limit=100')).json()) as { items: { id: string; resourceId: string }[] };
  const entry = page.items.find((e) => e.resourceId === contactPointId)!;
  const detail = await (await asKey(`/audit/entries/${entry.id}`)).text();
  expect(detail).toContain(personId);
  expect(detail).not.toContain(canary);
  // A caller who may read practitioners sees the names, and reads them.
  await h.deps.accessLog!.flush();
  const reads = () => h.db.select().from(accessLog).where(and(eq(accessLog.resourceType, 'Practitioner'), eq(accessLog.resourceId, personId)));
  const before = (await reads()).length;
  const shown = (await (await h.call('manager', `/contactpoints/contact-points/${contactPointId}`)).json()) as ContactPoint;
  expect(shown.associations).toEqual([{ id: personId, name: `${canary} Matrixperson` }]);
  expect(await (await h.call('manager', `/audit/entries/${entry.id}`)).text()).toContain(canary);
  await h.deps.accessLog!.flush();
  expect((await reads()).length).toBe(before + 2);
});
