import fc from 'fast-check';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { persons, queues } from './db/schema/index.ts';
import { demoTenants, seedId } from './seed/seed.ts';
import { directoryChannelId, directoryGuid } from './integrations/team-directory/simulator.ts';
import { createHarness, type DemoUser, type Harness } from './test/harness.ts';
import { fillPath, pathParamsOf, queryParamsOf } from './test/routes.ts';

/**
 * Issue #8: thousands of generated bad requests against every route of the API — enumerated from
 * the app, so a new route is fuzzed without touching this file — as an instance administrator, a
 * practice administrator and a read-only user. None may answer 5xx, and none that was refused may
 * have written anything: every table of the database counts its changed rows (a trigger), and a
 * refused request must leave the count where it was.
 */
let h: Harness;
let writeCount: () => Promise<number>;
const ids: string[] = [];
beforeAll(async () => {
  h = await createHarness();
  // A notification sent by a fuzzed POST is written by a job a moment later: that write would be
  // counted against whichever request runs then. The queue stays stopped (the job waits in it).
  await h.jobs.stop();
  await h.db.execute(sql`
    CREATE TABLE fuzz_writes (n bigint NOT NULL);
    INSERT INTO fuzz_writes VALUES (0);
    CREATE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$;
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT table_name FROM information_schema.tables
               -- rate_limits: a refused public survey answer still counts against its client, by design.
               WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('fuzz_writes', 'rate_limits')
      LOOP
        EXECUTE format('CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION fuzz_count()', t);
      END LOOP;
    END $$;
  `);
  writeCount = async () => Number((await h.db.execute<{ n: string }>(sql`SELECT n FROM fuzz_writes`)).rows[0]!.n);
  // Records to aim at: persons of the practices, but not the demo users' own (a fuzzed delete of
  // those would lock the fuzzing users out and leave the rest of the run at 401/403).
  const demoPersons = (['admin', 'manager', 'viewer'] as const).map((u) => seedId(`person:${u}`));
  // Mostly of Riverside (where the practice users act, and the administrator with ?accountId=).
  for (const [account, n] of [[h.accounts.riverside.id, 10], [h.accounts.lakeside.id, 2]] as const) {
    const rows = await h.db.select({ id: persons.id }).from(persons).where(and(eq(persons.accountId, account), notInArray(persons.id, demoPersons))).limit(n);
    ids.push(...rows.map((r) => r.id));
  }
  // And a few of Riverside's issues and insurance plans, so their updates get past the lookup.
  ids.push(...[0, 1].flatMap((i) => [seedId(`issue:riverside:${i}`), seedId(`insurance:riverside:${i}`)]));
  // A seeded schedule of Riverside: its item, restore and task paths reach the handlers.
  ids.push(seedId(`schedule:${h.accounts.riverside.id}:0`));
  // Two demo locations of Riverside, so location updates reach their handler too.
  ids.push(seedId('location:riverside:1'), seedId('location:riverside:2'));
  // Riverside's demo API keys, so key updates and deletes reach their handler.
  ids.push(seedId('apikey:riverside:reporting'), seedId('apikey:riverside:scheduling'));
  // Riverside's Front Desk team in the team-directory simulator (the bot is installed there).
  ids.push(frontDesk);
  // A demo role of Riverside no demo user holds, so role and policy edits reach their handlers.
  ids.push(seedId('role:riverside:Scheduler'));
  // A running demo campaign of Riverside and one of its responses, so campaign edits and results reach their handlers.
  ids.push(seedId('campaign:riverside:0'), seedId('survey:riverside:0:0'));
  // A call-center queue of Riverside (last: the queue update below takes `ids.at(-1)`; ids are the contact center's), so queue updates reach their handler.
  const [queue] = await h.db.select({ id: queues.queueId }).from(queues).where(eq(queues.accountId, h.accounts.riverside.id)).limit(1);
  ids.push(queue!.id);
}, 120_000);
afterAll(() => h.close());

const frontDesk = directoryGuid(`${demoTenants.riverside}:team:0`);
const frontDeskGeneral = directoryChannelId(`${demoTenants.riverside}:0:General`);

const fields = [
  'version', 'name', 'abbreviation', 'active', 'theme', 'locale', 'timeZone', 'accountId', 'gender', 'orgRole',
  'communication', 'makePractitioner', 'email', 'principalId', 'source', 'oktaId', 'roleId', 'instanceAdmin',
  'specialty', 'group', 'initials', 'pronunciation', 'synonyms', 'photo', 'use', 'family', 'given', 'prefix',
  'suffix', 'period', 'start', 'end', 'code', 'preferred', 'text', 'id', '__proto__', 'constructor',
  'value', 'system', 'serviceProvider', 'description', 'systemType', 'rank', 'vip', 'associations',
  'category', 'urgent', 'insurancePlanName', 'insuranceType', 'planPrefix', 'isInNetwork', 'isAuthorizationRequired', 'isOkToBringAuthorization',
  'title', 'who', 'notes', 'recurrence', 'ownerType', 'ownerId', 'practitionerId', 'isRecurring', 'occurrence', 'parentId',
  'key', 'taggedResourceType', 'taggedResourceId',
  'message',
  'services', 'addresses', 'line', 'city', 'district', 'state', 'postalCode', 'country', 'type',
  'agentGreetingImageLocationPath', 'agentGreetings', 'inbound', 'outbound', 'callback', 'dispositions',
  'resources', 'trustedRelationships', 'assumeRoles', 'ccpConfig', 'features', 'settings', 'roleAssociations', 'actions',
  'surveyType', 'question', 'commentLabel', 'campaignId', 'answer', 'comment', 'externalId', 'externalUser', 'queryParameters',
  'domainName', 'domainNames', 'config', 'userSource',
  'read', 'jumpPath', 'userId',
];

/** An id of a record that exists (read when generated: the ids are known once the database is). */
const knownId = fc.nat({ max: 23 }).map((i) => ids[i % ids.length]!);

/** Strings a careless server trips on: NUL, halves of characters, huge and odd numbers, ids of every shape. */
const oddString = () =>
  fc.oneof(
    fc.constantFrom(
      '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udbff\udfff', '\u202e', '%00', '%', '%zz', '..', '../..', '/',
      '99999999999999999999', '1e400', '-1', '0', '1.5', 'NaN', 'Infinity', '-0', '0x10', '9007199254740993', '2147483648',
      '00000000-0000-0000-0000-000000000000', 'not-a-uuid', 'light', 'en-GB', 'Europe/London', 'official', 'M', 'cy', 'asc', 'name',
      '2020-02-31', '<script>', 'null', 'true', '[]', '{}', 'x'.repeat(5000),
    ),
    knownId,
    knownId.map((id) => id.toUpperCase()),
    fc.constantFrom(seedId('account:riverside'), seedId('account:lakeside'), seedId('account:astera')),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('a\u0000b', '\ud800x', 'x\udfff'),
  );

/** JSON values of every type; numbers never a version that exists (so refused updates are the rule). */
const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString(),
    fc.constantFrom(null, true, false, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -0, 0.5),
    fc.oneof(fc.integer({ min: -(2 ** 53), max: 0 }), fc.integer({ min: 2 ** 31, max: 2 ** 53 })),
    fc.double({ noNaN: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * A field's value: mostly odd, but a version that may be current and names that are nearly right,
 * so that requests also get past validation into the handlers and the database. `active` is never
 * a boolean: a fuzzed `{ version: 1, active: false }` would close an account (or user) of the
 * fuzzing users and leave the rest of the run at 403.
 */
const nameEntry = fc.record(
  {
    use: fc.oneof(fc.constantFrom('official', 'usual'), oddValue),
    family: fc.oneof(oddString(), oddValue),
    given: fc.oneof(fc.array(oddString(), { minLength: 1, maxLength: 3 }), oddValue),
    prefix: fc.oneof(fc.constantFrom(['Dr'], []), oddValue),
    period: fc.oneof(fc.record({ start: oddString(), end: oddString() }, { requiredKeys: [] }), oddValue),
  },
  { requiredKeys: ['use', 'family', 'given'] },
);
const fieldValue = (field: string): fc.Arbitrary<unknown> => {
  switch (field) {
    case 'version':
      return fc.oneof(fc.constantFrom(1, 2, 3), oddValue);
    case 'active':
      return oddValue.filter((v) => typeof v !== 'boolean');
    case 'name':
      return fc.oneof(fc.array(nameEntry, { minLength: 1, maxLength: 2 }), oddString(), oddValue);
    case 'email':
      return fc.oneof(fc.emailAddress(), oddString().map((s) => `${s}@example.test`), oddValue);
    case 'communication':
      return fc.oneof(fc.array(fc.record({ code: fc.oneof(fc.constantFrom('cy', 'en-GB'), oddString()), preferred: fc.oneof(fc.boolean(), oddValue) }), { maxLength: 3 }), oddValue);
    default:
      return fc.oneof(oddString(), oddValue);
  }
};

/** Text with a character PostgreSQL cannot store somewhere in it. */
const unstorable = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\udbff', '\u0000\u0000'), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/**
 * Bodies that every route would take (unknown keys are dropped), with `name` as a person's list of
 * names or as a user's or practitioner's text. A few of their fields are then spoilt, so the
 * requests reach the handlers and the database with one bad value among good ones.
 */
const goodFields = {
  version: 1,
  abbreviation: 'FZ',
  theme: 'dark',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  email: 'fuzz@example.test',
  principalId: 'fuzz-principal',
  source: 'fuzz',
  oktaId: 'okta-fuzz',
  specialty: 'Cardiology',
  group: 'North',
  initials: 'FZ',
  pronunciation: 'fuzz',
  synonyms: ['Doc'],
  communication: [{ code: 'cy', preferred: true }],
  gender: 'M',
  orgRole: 'Nurse',
  // A contact point's (the other routes drop these keys).
  value: '(555) 010-0000',
  system: 'PHONE',
  serviceProvider: 'Twilio',
  description: 'Fuzz line',
  systemType: 'Main',
  rank: 5,
  vip: false,
  // An issue's and an insurance's (the other routes drop these keys).
  category: 'Clinical',
  urgent: true,
  insurancePlanName: 'Fuzz Plan',
  insuranceType: ['HMO', 'Medicare'],
  planPrefix: ['FZ1'],
  isInNetwork: true,
  isAuthorizationRequired: true,
  isOkToBringAuthorization: true,
  isMedicade: false,
  // A schedule task's.
  title: 'Fuzz block',
  who: 'Fuzz desk',
  notes: 'Fuzz notes',
  start: '2026-05-04T09:00:00-04:00',
  end: '2026-05-04T10:00:00-04:00',
  recurrence: { freq: 'WEEKLY', byDay: ['MO'], count: 3 },
  // A tag's (on a seeded Riverside practitioner; `value` is the contact point's, any text will do).
  key: 'fuzz',
  taggedResourceType: 'Practitioner',
  taggedResourceId: seedId('person:riverside:0'),
  // A channel message's (the team service).
  message: 'Fuzz message to the channel',
  // A location's.
  services: ['Laboratory', 'X-ray'],
  addresses: [{ use: 'work', type: 'both', line: ['1 Fuzz Street', 'Suite 2'], city: 'Fuzzton', district: 'Fuzz County', state: 'IL', postalCode: '62701', country: 'US', period: { start: '2020-01-01', end: '2030-01-01' } }],
  // A call-center queue's settings.
  agentGreetingImageLocationPath: 'https://assets.test/fuzz.png',
  agentGreetings: { inbound: 'Hello, this is {{agentName}}', outbound: 'Hi', callback: 'Returning your call' },
  dispositions: ['Fuzz resolved', 'Fuzz escalated'],
  // A survey campaign's.
  surveyType: 'three',
  question: 'Fuzz question?',
  commentLabel: 'Fuzz comment label',
  // An account's (POST /accounts, POST /accounts/account/domain).
  domainName: 'fuzz.example.com',
  userSource: 'fuzz',
  config: { azure: { tenantId: 'fuzz-tenant' }, awsConnect: { region: 'us-east-1', defaultProvisionProfile: { acwTimeout: 30, autoAnswer: false } }, ccp: { ccpUrl: 'https://fuzz.test/ccp' } },
  // A notification's (`title` and `message` above are its too).
  read: true,
  jumpPath: '/home',
};
const baselines = [
  { ...goodFields, name: [{ use: 'official', family: 'Fuzz', given: ['Ann', 'B'], prefix: ['Dr'], period: { start: '2020-01-01' } }] },
  { ...goodFields, name: 'Fuzz Name' },
];
/** An API key's: a role of Riverside (only for the keys' routes: elsewhere a valid roleId would regrant users). */
const apiKeyBaseline = { ...baselines[1]!, roleId: seedId('role:riverside:Read Only') };
const spoilable = [
  ...Object.keys(goodFields), 'name', 'name.0', 'name.0.family', 'name.0.given.0', 'name.0.given.1', 'name.0.use', 'name.0.prefix.0',
  'name.0.period.start', 'synonyms.0', 'communication.0.code', 'communication.0.preferred', 'accountId', 'roleId', 'instanceAdmin', 'photo',
  'recurrence.freq', 'recurrence.byDay.0', 'recurrence.until', 'recurrence.count', 'recurrence.interval', 'ownerType', 'ownerId', 'practitionerId', 'isRecurring', 'occurrence',
  'addresses.0', 'addresses.0.use', 'addresses.0.type', 'addresses.0.line', 'addresses.0.period', 'addresses.0.period.start', 'addresses.0.period.end',
  'agentGreetings', 'dispositions', 'read', 'userId',
];
/** The text fields, spoilt more often: text is what reaches the database unchanged. */
const textPaths = [
  'name', 'name.0.family', 'name.0.given.0', 'name.0.given.1', 'abbreviation', 'principalId', 'source', 'oktaId', 'specialty',
  'group', 'initials', 'pronunciation', 'synonyms.0', 'orgRole', 'locale', 'timeZone', 'value', 'description', 'key',
  'insurancePlanName', 'planPrefix.0', 'insuranceType.0',
  'title', 'who', 'notes', 'start', 'end',
  'services.0', 'addresses.0.line.0', 'addresses.0.line.1', 'addresses.0.city', 'addresses.0.district', 'addresses.0.state',
  'addresses.0.postalCode', 'addresses.0.country', 'addresses.0.text', 'message',
  'agentGreetingImageLocationPath', 'agentGreetings.inbound', 'agentGreetings.outbound', 'agentGreetings.callback', 'dispositions.0', 'dispositions.1',
  'question', 'commentLabel',
  'domainName', 'userSource', 'config.azure.tenantId', 'config.ccp.ccpUrl', 'config.awsConnect.region', 'config.awsConnect.defaultProvisionProfile.acwTimeout',
  'jumpPath',
];
const spoilPath = fc.oneof({ arbitrary: fc.constantFrom(...textPaths), weight: 2 }, { arbitrary: fc.constantFrom(...spoilable), weight: 1 });
function spoil(base: Record<string, unknown>, changes: [string, unknown][]): string {
  const body = structuredClone(base);
  for (const [path, value] of changes) {
    const keys = path.split('.');
    let at: Record<string, unknown> = body;
    for (const key of keys.slice(0, -1)) {
      if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
    at[keys.at(-1)!] = value;
  }
  return JSON.stringify(body);
}
/** A good body for the route (a person's names are a list; everyone else's name is text), a field or two spoilt. */
const spoilt = (route: string) =>
  fc
    .tuple(
      route === '/person/persons'
        ? fc.constant(baselines[0]!)
        : route.startsWith('/permissions/apikeys')
          ? fc.constantFrom<Record<string, unknown>>(apiKeyBaseline, apiKeyBaseline, baselines[1]!)
          : fc.constantFrom(baselines[1]!, baselines[1]!, baselines[0]!),
      fc.uniqueArray(spoilPath, { minLength: 1, maxLength: 2 }).chain((paths) =>
        fc.tuple(...paths.map((path) => fc.oneof({ arbitrary: unstorable, weight: 3 }, { arbitrary: fieldValue(path), weight: 2 }).map((value): [string, unknown] => [path, value]))),
      ),
    )
    .map(([base, changes]) => spoil(base, changes));

/** A body: a good body with a few fields spoilt, known fields with odd values, any JSON, or text that is not JSON at all. */
const body = (route: string) => fc.oneof(
  { arbitrary: spoilt(route), weight: 6 },
  {
    arbitrary: fc
      .uniqueArray(fc.constantFrom(...fields), { maxLength: 6 })
      .chain((keys) => fc.tuple(...keys.map(fieldValue)).map((values) => JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, values[i]]))))),
    weight: 2,
  },
  { arbitrary: oddValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 1 },
  { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
  {
    arbitrary: fc.constantFrom('', '{', '{"version":', '[1,2', '{"name":[{"use":"official"', `{"version":${'9'.repeat(400)}}`, '"\\ud800"', '{"a":"\\u0000"}', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]', 'null', 'true'),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
);

const contentType = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'image/png', 'image/jpeg', 'multipart/form-data', null);

/** A path segment as a client could send it, including lone surrogates (as their UTF-8 bytes, which are not valid UTF-8). */
function encodeSegment(s: string): string {
  return [...s].map((ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

/** Path segments malformed on the wire (issue 40): NUL, escapes that are no UTF-8, dot segments, very long, unicode. */
const malformedSegments = [
  '%', '%zz', '%00', 'a%00b', '%2e%2e', '%2F', '%ED%A0%80', '%ED%B0%80', '%FF', '%C0%AF', '..', 'a%20b',
  'x'.repeat(600), encodeURIComponent('Zoë 😀'), encodeURIComponent('\u202e'), '%E2%80',
];

const pathId = fc.oneof(
  { arbitrary: knownId, weight: 4 },
  { arbitrary: oddString().map(encodeSegment), weight: 1 },
  { arbitrary: fc.constantFrom(...malformedSegments), weight: 2 },
);

/** The values of a route's path parameters, in order: mostly one id for all (so nested routes reach their handlers), else each its own. */
const pathIds = fc.oneof(
  { arbitrary: pathId.map((id) => [id, id, id]), weight: 2 },
  { arbitrary: fc.tuple(pathId, pathId, pathId), weight: 1 },
);

/** The account to act in: none (one's own), a practice's (upper or lower case), or nonsense. */
const accountParam = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  { arbitrary: fc.constantFrom(seedId('account:riverside'), seedId('account:riverside').toUpperCase(), seedId('account:lakeside'), seedId('account:astera')), weight: 3 },
  { arbitrary: oddString(), weight: 1 },
);

/** A query string of the parameters the app's validators take (read from the app: a new one is fuzzed too) and odd ones. */
const queryString = (queryKeys: string[]) => fc.dictionary(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 6 })), oddString(), { maxKeys: 4 }).map((q) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .join('&'),
);

it('no generated bad request gets a 5xx, and none that was refused wrote anything', async () => {
  const routes = [...new Map(h.api.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()];
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const users: DemoUser[] = ['admin', 'manager', 'viewer'];
  const tokens = Object.fromEntries(await Promise.all(users.map(async (u) => [u, await h.token(u)] as const))) as Record<DemoUser, string>;
  // The good bodies are good: spoiling one field is what makes a request bad.
  for (const [route, good] of [
    ['/person/persons', baselines[0]!],
    [`/person/practitioners/${ids[0]}`, baselines[1]!],
    ['/contactpoints/contact-points', { ...baselines[1]!, value: '(555) 010-0001' }],
    ['/issues', { ...baselines[1]!, name: 'Fuzz Issue' }],
    ['/insurances', { ...baselines[1]!, insurancePlanName: 'Fuzz Plan 2' }],
    ['/schedule/schedule', baselines[1]!],
    [`/schedule/schedule/${seedId(`schedule:${h.accounts.riverside.id}:0`)}/task`, baselines[1]!],
    ['/tag', { ...baselines[1]!, key: 'fuzz-good' }],
    ['/locations/locations', baselines[1]!],
    ['/teams/teams', { ...baselines[1]!, name: 'Fuzz Practice Team' }],
    ['/surveys/campaigns', { ...baselines[1]!, name: 'Fuzz Campaign' }],
  ] as const) {
    const res = await h.call('manager', route, { method: 'POST', json: good });
    expect(res.status, `${route}: ${await res.clone().text()}`).toBe(201);
  }
  // A notification (made and answered, issue 44) and "Mark all read".
  const sent = await h.call('manager', '/notifications/notifications', { method: 'POST', json: baselines[1]! });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const allRead = await h.call('manager', '/notifications/notifications', { method: 'PATCH', json: baselines[1]! });
  expect(allRead.status, await allRead.clone().text()).toBe(200);
  // API keys are the instance administrator's to make in the demo (no practice role manages them).
  const key = await h.call('admin', `/permissions/apikeys?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: { ...apiKeyBaseline, name: 'Fuzz good key' } });
  expect(key.status, await key.clone().text()).toBe(201);
  const keyId = ((await key.json()) as { id: string }).id;
  const keyPatch = await h.call('admin', `/permissions/apikeys/${keyId}?accountId=${h.accounts.riverside.id}`, { method: 'PATCH', json: { ...apiKeyBaseline, name: 'Fuzz good key 2' } });
  expect(keyPatch.status, await keyPatch.clone().text()).toBe(200);
  // The team service's writes: the instance administrator in Riverside (practice roles hold no grant).
  for (const [route, good, status] of [
    [`/teamsbot/graph/team/${frontDesk}`, undefined, 200],
    [`/teamsbot/graph/team/${frontDesk}/channels/${encodeURIComponent(frontDeskGeneral)}/messages`, baselines[1]!, 201],
  ] as const) {
    const res = await h.call('admin', `${route}?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: good });
    expect(res.status, `${route}: ${await res.clone().text()}`).toBe(status);
  }
  // The patients' survey answer (public: its body is strict, so it is its own).
  const answered = await h.api.request('/surveys/public/surveys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ campaignId: seedId('campaign:riverside:0'), answer: 1, comment: 'Fuzz comment', externalId: 'fuzz-patient' }) });
  expect(answered.status, await answered.clone().text()).toBe(201);
  // And so is the queue update's (PATCH, on the version it reads).
  const queuePath = `/callcenter/queues/${ids.at(-1)}`;
  const { version } = (await (await h.call('manager', queuePath)).json()) as { version: number };
  const saved = await h.call('manager', queuePath, { method: 'PATCH', json: { ...baselines[1]!, version } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  // Roles and policies: only the instance administrator here may write them.
  for (const [route, good] of [
    ['/permissions/roles', { ...baselines[1]!, name: 'Fuzz Role' }],
    ['/permissions/policies', { ...baselines[1]!, name: 'Fuzz Policy' }],
  ] as const) {
    const res = await h.call('admin', `${route}?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: good });
    expect(res.status, `${route}: ${await res.clone().text()}`).toBe(201);
  }
  // Accounts: only an instance administrator creates one; a domain name is added to Riverside.
  for (const [route, good] of [
    ['/accounts', { ...baselines[1]!, name: 'Fuzz Account' }],
    [`/accounts/account/domain?accountId=${h.accounts.riverside.id}`, baselines[1]!],
  ] as const) {
    const res = await h.call('admin', route, { method: 'POST', json: good });
    expect(res.status, `${route}: ${await res.clone().text()}`).toBe(201);
  }
  const hits = new Map<string, Set<number>>();
  let written = await writeCount();

  type Route = (typeof routes)[number];
  // Every path parameter of every route is filled from `pathIds` (issue 40), read from the route itself as the query keys are from its validators.
  const filledParams = new Set<string>();
  const probe = async ([route, text]: [Route, string], user: DemoUser, values: string[], odd: string, type: string | null, withQuery: boolean, accountId: string | null) => {
    const path = fillPath(route.path, (name, i) => {
      filledParams.add(`${route.method} ${route.path} :${name}`);
      return values[i % values.length]!;
    });
    const query = [accountId === null ? '' : `accountId=${encodeSegment(accountId)}`, withQuery ? odd : ''].filter(Boolean).join('&');
    const headers = new Headers();
    // Logout revokes the token it carries: it gets one of its own.
    headers.set('Authorization', `Bearer ${route.path === '/auth/logout' ? await h.token(user) : tokens[user]}`);
    if (type) headers.set('Content-Type', type);
    const hasBody = !['GET', 'HEAD'].includes(route.method);
    const res = await h.api.request(query ? `${path}?${query}` : path, { method: route.method, headers, body: hasBody ? text : undefined });
    // The notifications' event stream stays open: its answer is the headers.
    if (route.path === '/notifications/stream' && res.ok) await res.body?.cancel();
    else await res.arrayBuffer();
    const key = `${route.method} ${route.path}`;
    if (!hits.has(key)) hits.set(key, new Set());
    hits.get(key)!.add(res.status);
    expect(res.status, `${route.method} ${path}?${query} as ${user}: ${text.slice(0, 200)}`).toBeLessThan(500);
    // Rows changed since the last request: none, unless this one was answered as done.
    const writes = await writeCount();
    if (res.status >= 400) expect(writes, `${route.method} ${path}?${query} refused with ${res.status} but wrote: ${text.slice(0, 200)}`).toBe(written);
    written = writes;
  };
  const queryKeys = [...new Set(['accountId', ...h.api.routes.flatMap((r) => queryParamsOf(r.handler) ?? [])])];
  expect(queryKeys).toContain('tag');
  const others = [fc.constantFrom(...users), pathIds, queryString(queryKeys), contentType, fc.boolean(), accountParam] as const;
  await fc.assert(
    fc.asyncProperty(
      // Writes twice as often as reads: they have more input to get wrong.
      fc
        .oneof({ arbitrary: fc.constantFrom(...routes.filter((r) => r.method !== 'GET')), weight: 2 }, { arbitrary: fc.constantFrom(...routes), weight: 1 })
        .chain((route) => fc.tuple(fc.constant(route), body(route.path))),
      ...others,
      probe,
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 2000), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  // A route the random picks missed (with a hundred routes, a read is picked a handful of times) gets generated requests of its own.
  for (const route of routes.filter((r) => !hits.has(`${r.method} ${r.path}`))) {
    const [sample] = fc.sample(fc.tuple(fc.tuple(fc.constant(route), body(route.path)), ...others), 1);
    await probe(...sample!);
  }

  // Every path parameter of every route, malformed each way in turn (the others generated), as the
  // query parameters are read from the app's validators: none gets a 5xx (issue 40: a NUL byte in
  // a recording's event id reached PostgreSQL).
  for (const route of routes) {
    const names = pathParamsOf(route.path);
    for (const [at] of names.entries()) {
      for (const bad of malformedSegments) {
        const [request, user, values, odd, type, withQuery, accountId] = fc.sample(fc.tuple(fc.tuple(fc.constant(route), body(route.path)), ...others), 1)[0]!;
        await probe(request, user, names.map((_, i) => (i === at ? bad : values[i % values.length]!)), odd, type, withQuery, accountId);
      }
    }
  }

  // Every route was reached, and not only to be refused at the door (401) or by its validator.
  expect([...hits.keys()].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  expect([...hits.values()].some((statuses) => statuses.has(200))).toBe(true);
  // And every path parameter of every route was generated.
  const allParams = routes.flatMap((r) => pathParamsOf(r.path).map((name) => `${r.method} ${r.path} :${name}`));
  expect(allParams).toContain('GET /interactions/interactions/:id/events/:eventId/recordings/:path{.+} :eventId');
  expect([...filledParams].sort()).toEqual(allParams.sort());
}, 240_000);
