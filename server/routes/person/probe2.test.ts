import { afterAll, beforeAll, it } from 'vitest';
import { seedId } from '../../db/seed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => { h = await createHarness(); });
afterAll(() => h.close());

it('probe', async () => {
  const pid = seedId('person:riverside:0');
  const deep = '['.repeat(30000) + ']'.repeat(30000);
  const reqs: [string, string, RequestInit][] = [
    ['POST', '/person/persons', { body: `{"name":${deep}}`, headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/persons/${pid}`, { body: JSON.stringify({ version: '1', orgRole: 'x' }), headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/persons/${pid}`, { body: JSON.stringify({ version: 1e300, orgRole: 'x' }), headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/persons/${pid}`, { body: JSON.stringify({ version: 1, communication: null }), headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/persons/${pid}`, { body: JSON.stringify({ version: 1, name: null }), headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/persons/${pid}`, { body: 'version=1', headers: { 'content-type': 'text/plain' } }],
    ['PUT', `/person/practitioners/${pid}/photo`, { headers: { 'content-type': 'image/png' } }],
    ['PUT', `/person/practitioners/${pid}/photo`, { body: new Uint8Array(0), headers: { 'content-type': 'image/png' } }],
    ['PATCH', `/person/practitioners/${pid}`, { body: JSON.stringify({ version: 1, photo: 'x' }), headers: { 'content-type': 'application/json' } }],
    ['PATCH', `/person/users/${seedId('person:riverside:30')}`, { body: JSON.stringify({ version: 1, roleId: null, name: ' ' }), headers: { 'content-type': 'application/json' } }],
    ['POST', `/person/persons`, { body: JSON.stringify({ name: [{ use: 'official', family: 'A', given: ['B'], period: { start: '2020-13-45' } }] }), headers: { 'content-type': 'application/json' } }],
    ['POST', `/person/persons`, { body: JSON.stringify({ name: [{ use: 'official', family: 'A', given: ['B'], period: null }] }), headers: { 'content-type': 'application/json' } }],
    ['POST', `/person/persons`, { body: JSON.stringify({ name: [{ use: 'official', family: 'A', given: ['B'], period: { start: 5 } }] }), headers: { 'content-type': 'application/json' } }],
    ['GET', `/person/persons?sort=__proto__&order=constructor&q[]=a`, {}],
    ['GET', `/person/persons?q=${'%25'.repeat(99)}`, {}],
  ];
  for (const [method, p, init] of reqs) {
    const res = await h.call('manager', p, { method, ...init });
    console.log('PROBE', res.status, method, p.slice(0, 60), (await res.text()).slice(0, 180));
  }
});
