/**
 * Issue 44: every entity of spec §3 that has endpoints in spec §7 is taken and answered in its §3
 * shape. One row per entity: it is created with the spec's shape, read back (the answer has the
 * §3 fields with their types, and what was sent), updated with a spec-shaped PATCH that carries no
 * version, and listed (each item in the §3 shape). A new entity is one more row of `entities`.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queues } from './db/schema/index.ts';
import { seedId } from './seed/seed.ts';
import { fileHarness } from './test/harness.ts';

const h = fileHarness();

/** A field's JSON type; `?` after it: may be null. */
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';
type Shape = Record<string, Kind | `${Kind}?`>;

/** Spec §3 "Common to most records". */
const common: Shape = {
  id: 'string',
  accountId: 'string',
  createdTimestamp: 'string',
  modifiedTimestamp: 'string',
  createdBy: 'string',
  modifiedBy: 'string',
  resourceType: 'string',
};

type Body = Record<string, unknown>;
type Entity = {
  /** The entity as spec §3 names it. */
  name: string;
  /** Makes the record with the spec's body and answers its id (default: POST `create.path`, the answer's `id`). */
  create: { path: () => string; body: () => Body } | { existing: () => Promise<string> };
  /** Where the record is read (and patched, unless `patchPath`). */
  read: (id: string) => string;
  patchPath?: (id: string) => string;
  /** Spec §3's fields of the record beside the common ones. */
  shape: Shape;
  /** Fields of the create body that read back as sent (default: every key of the body that `shape` names). */
  echoes?: (body: Body) => Body;
  /** A spec-shaped change, sent without a version: it must apply and read back. */
  update?: Body;
  /** The list and the key of its items (spec §7: `items`, `Items`, `apiKeys`); its items' shape (default: the record's). */
  list: { path: string; key: string; shape?: Shape };
  /** The fields of spec §3 that are not common on this record (e.g. an account is no account's record). */
  notCommon?: string[];
  /**
   * Known mismatches still open, each with why: fields of the record (`record`) or of its list
   * items (`list`, or `'*'` for a list of summaries) that the check leaves out. Each is in
   * docs/api-shapes.md "Open mismatches"; closing one is deleting it here.
   */
  gaps?: { record?: Record<string, string>; list?: Record<string, string> };
};

let riverside: string;
let campaignId: string;
/** A MANUAL workflow of Riverside (its items wait to be started), for the workflow item's row. */
let workflowId: string;
let personSeq = 0;
/** A new person of Riverside (practitioners and users are made from a person, spec §7). */
async function person(): Promise<string> {
  const res = await h.call('admin', `/person/persons?accountId=${riverside}`, {
    method: 'POST',
    json: { name: [{ use: 'official', family: `Shape${personSeq++}`, given: ['Spec'] }] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const practitionerName = 'Spec Practitioner';
const entities: Entity[] = [
  {
    name: 'Person',
    create: {
      path: () => '/person/persons',
      body: () => ({
        name: [{ use: 'official', text: 'Ada Lovelace', family: 'Lovelace', given: ['Ada', 'King'], prefix: ['Dr'], suffix: [], period: { start: '2020-01-01' } }],
        gender: 'F',
        orgRole: 'Nurse',
        communication: [
          { code: 'en-US', preferred: false },
          { code: 'fr-FR', preferred: true },
        ],
      }),
    },
    read: (id) => `/person/persons/${id}`,
    shape: { name: 'array', gender: 'string?', orgRole: 'string?', communication: 'array', practitionerRecord: 'boolean', userRecord: 'boolean' },
    echoes: (body) => ({ gender: body.gender, orgRole: body.orgRole, communication: body.communication }),
    update: { orgRole: 'Doctor', communication: [{ code: 'en-US', preferred: true }] },
    list: { path: '/person/persons', key: 'Items' },
  },
  {
    name: 'Practitioner',
    create: {
      existing: async () => {
        const id = await person();
        const res = await h.call('admin', `/person/practitioners/${id}?accountId=${riverside}`, {
          method: 'POST',
          json: { active: true, name: practitionerName, specialty: 'Cardiology', group: 'North', initials: 'SP', pronunciation: 'spek', synonyms: ['Dr Spec'] },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return id;
      },
    },
    read: (id) => `/person/practitioners/${id}`,
    shape: { active: 'boolean', name: 'string', specialty: 'string?', group: 'string?', initials: 'string?', pronunciation: 'string?', synonyms: 'array', associations: 'array', photo: 'object?' },
    update: { specialty: 'Neurology', synonyms: ['Dr S'] },
    list: { path: '/person/practitioners', key: 'items' },
  },
  {
    name: 'User',
    create: {
      existing: async () => {
        const id = await person();
        const res = await h.call('admin', `/person/users/${id}?accountId=${riverside}`, {
          method: 'POST',
          json: {
            email: `spec.user.${id.slice(0, 8)}@example.com`,
            principalId: `spec-${id}`,
            source: 'okta',
            oktaId: `okta-${id.slice(0, 8)}`,
            active: true,
            userPolicy: { accessPolicy: { role: 'Read Only' } },
          },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        const user = (await (await h.call('admin', `/person/users/${id}?accountId=${riverside}`)).json()) as { userPolicy: { accessPolicy: { role: string } } };
        // The role named as spec §3 names it (by its name) is the user's.
        expect(user.userPolicy.accessPolicy.role).toBe('Read Only');
        return id;
      },
    },
    read: (id) => `/person/users/${id}`,
    shape: { name: 'string', email: 'string', principalId: 'string', source: 'string?', oktaId: 'string?', active: 'boolean', userPolicy: 'object', instanceAdmin: 'boolean' },
    update: { source: 'azure', active: false, userPolicy: { accessPolicy: { role: 'Practice Administrator' } } },
    list: { path: '/person/users', key: 'Items' },
  },
  {
    name: 'ContactPoint',
    create: {
      path: () => '/contactpoints/contact-points',
      body: () => ({
        system: 'PHONE',
        serviceProvider: 'Twilio',
        value: '+1 (312) 555-0177',
        name: 'Spec line',
        description: 'A line made in the spec shape',
        systemType: 'Priority',
        rank: 3,
        vip: true,
        associations: [{ id: seedId('person:riverside:0'), name: 'Whoever' }],
      }),
    },
    read: (id) => `/contactpoints/contact-points/${id}`,
    shape: { system: 'string', serviceProvider: 'string', value: 'string', name: 'string', description: 'string', systemType: 'string?', rank: 'number', vip: 'boolean', associations: 'array' },
    echoes: (body) => ({ system: body.system, serviceProvider: body.serviceProvider, name: body.name, description: body.description, systemType: body.systemType, rank: body.rank, vip: body.vip }),
    update: { rank: 4, vip: false, associations: [] },
    list: { path: '/contactpoints/contact-points', key: 'items' },
  },
  {
    name: 'Account',
    create: {
      path: () => '/accounts',
      body: () => ({ name: `Spec account ${Date.now()}`, abbreviation: 'SPEC', userSource: 'okta', active: true }),
    },
    read: (id) => `/accounts/account?accountId=${id}`,
    patchPath: (id) => `/accounts/account?accountId=${id}`,
    shape: { name: 'string', abbreviation: 'string?', userSource: 'string?', domainNames: 'array', assumedAccounts: 'array', active: 'boolean', config: 'object' },
    update: { abbreviation: 'SPC' },
    // Spec §3: "Account list items have id and name".
    list: { path: '/accounts', key: 'items', shape: { id: 'string', name: 'string' } },
    notCommon: ['accountId'],
  },
  {
    name: 'Campaign',
    create: {
      path: () => '/surveys/campaigns',
      body: () => ({ name: `Spec campaign ${Date.now()}`, description: 'Spec shape', questions: [{ questionText: 'How was it?', type: 'three' }, { questionText: 'Tell us more', type: 'comment' }] }),
    },
    read: (id) => `/surveys/campaigns/${id}`,
    shape: {
      name: 'string',
      description: 'string?',
      status: 'string',
      startTimestamp: 'string',
      endTimestamp: 'string?',
      questions: 'array',
      completedCount: 'number',
      reachedCount: 'number',
      requestCount: 'number',
    },
    update: { questions: [{ questionText: 'Was it quick?', type: 'thumbs' }] },
    list: { path: '/surveys/campaigns', key: 'items' },
  },
  {
    name: 'Survey response',
    create: {
      existing: async () => {
        const res = await h.call('admin', '/surveys/public/surveys', {
          method: 'POST',
          json: {
            campaignId,
            answers: [
              { questionText: 'How was your visit?', type: 'three', answer: 1 },
              { questionText: 'Anything else?', type: 'comment', answer: 'Quick' },
            ],
            externalId: `PT-${Date.now()}`,
            externalUser: '+15550100',
            queryParameters: { utm: 'spec' },
          },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      },
    },
    read: (id) => `/surveys/campaigns/${campaignId}/surveys/${id}`,
    // Spec §3 gives a response no common fields but id and accountId.
    shape: { id: 'string', accountId: 'string', campaignId: 'string', startTimestamp: 'string', endTimestamp: 'string', answers: 'array', externalId: 'string?', externalUser: 'string?', queryParameters: 'object' },
    list: { path: '/surveys/campaigns/{campaignId}/surveys', key: 'items' },
    notCommon: ['createdTimestamp', 'modifiedTimestamp', 'createdBy', 'modifiedBy', 'resourceType'],
  },
  {
    name: 'Tag',
    create: { path: () => '/tag', body: () => ({ key: 'spec', value: `shape-${Date.now()}`, taggedResourceId: seedId('person:riverside:0'), taggedResourceType: 'Practitioner' }) },
    read: (id) => `/tag/${id}`,
    shape: { key: 'string', value: 'string', taggedResourceId: 'string', taggedResourceType: 'string' },
    update: { value: 'updated' },
    list: { path: '/tag', key: 'items' },
  },
  {
    name: 'Location',
    create: {
      path: () => '/locations/locations',
      body: () => ({
        name: `Spec clinic ${Date.now()}`,
        services: ['X-ray'],
        address: [{ use: 'work', type: 'physical', text: '1 Main St, Springfield', line: ['1 Main St'], city: 'Springfield', district: 'Sangamon', state: 'IL', postalCode: '62701', country: 'US', period: { start: '2020-01-01' } }],
      }),
    },
    read: (id) => `/locations/locations/${id}`,
    shape: { name: 'string', services: 'array', address: 'array' },
    update: { services: ['X-ray', 'Lab'] },
    list: { path: '/locations/locations', key: 'items' },
  },
  {
    name: 'Notification',
    // POST takes the spec's body and answers the notification made (201).
    create: {
      path: () => '/notifications/notifications',
      body: () => ({ userId: seedId('person:admin'), read: false, jumpPath: '/home', title: `Spec ${Date.now()}`, message: 'A notification in the spec shape' }),
    },
    read: (id) => `/notifications/notifications/${id}`,
    shape: { userId: 'string', read: 'boolean', jumpPath: 'string?', title: 'string', message: 'string' },
    update: { read: true },
    list: { path: '/notifications/notifications', key: 'items' },
  },
  {
    name: 'Role',
    create: {
      path: () => '/permissions/roles',
      body: () => ({
        name: `Spec role ${Date.now()}`,
        resources: { '/person/persons': { GET: true, POST: false, PATCH: false, DELETE: false } },
        trustedRelationships: {},
        assumeRoles: {},
        ccpConfig: {
          awsConnect: { accountId: '123456789012', instanceId: 'instance', region: 'us-east-1', ccpUrl: 'https://example.com/ccp', loginUrl: 'https://example.com/login', defaultProvisionProfile: { acwTimeout: 30, autoAnswer: false, hierarchyGroupId: 'h', routingProfileId: 'r', securityProfileId: 's' } },
          spiceDomain: 'spice.example.com',
          spiceDomain2: 'spice2.example.com',
          allowPauseResumeRecording: true,
        },
      }),
    },
    read: (id) => `/permissions/roles/${id}`,
    shape: { name: 'string', resources: 'object', trustedRelationships: 'object', assumeRoles: 'object', ccpConfig: 'object?' },
    echoes: (body) => ({ name: body.name, resources: { '/person/persons': { GET: true } } }),
    update: { resources: { '/person/persons': { GET: true, POST: true } } },
    list: { path: '/permissions/roles', key: 'items' },
  },
  {
    name: 'Team',
    create: { path: () => '/teams/teams', body: () => ({ name: `Spec team ${Date.now()}`, type: 'Nursing', description: 'Spec', isViewable: true, isSchedulable: false, tags: [{ key: 'spec', value: 'shape' }] }) },
    read: (id) => `/teams/teams/${id}`,
    shape: { name: 'string', type: 'string?', description: 'string?', affiliation: 'string?', isViewable: 'boolean', isSchedulable: 'boolean', tags: 'array' },
    update: { isSchedulable: true },
    list: { path: '/teams/teams', key: 'items' },
  },
  {
    name: 'Interaction',
    create: {
      path: () => '/interactions/interactions',
      body: () => ({
        startTimestamp: '2026-01-05T10:00:00Z',
        escalated: false,
        status: 'completed',
        isComplete: true,
        priority: ['high'],
        agentNotes: 'Spec notes',
        patient: { name: 'Pat Spec', dob: '1980-02-03', type: 'patient', location: 'Home', contactNumber: '+13125550123', email: 'pat@example.com', smsOk: true },
      }),
    },
    read: (id) => `/interactions/interactions/${id}`,
    echoes: ({ startTimestamp: _instant, ...body }) => body,
    shape: { startTimestamp: 'string', escalated: 'boolean', escalatedType: 'string?', status: 'string', isComplete: 'boolean', priority: 'array', patient: 'object?' },
    update: { escalated: true, escalatedType: 'clinical' },
    // The list carries the §3 fields that a list can (the patient as its object); events and the like are the detail's.
    list: { path: '/interactions/interactions', key: 'items', shape: { id: 'string', accountId: 'string', resourceType: 'string', startTimestamp: 'string', escalated: 'boolean', status: 'string', isComplete: 'boolean', priority: 'array', patient: 'object?' } },
  },
  {
    name: 'Insurance',
    create: {
      path: () => '/insurances',
      body: () => ({
        insurancePlanName: `Spec plan ${Date.now()}`,
        insuranceType: ['PPO'],
        isWorkercomp: false,
        isMedicare: false,
        isMedicade: false,
        isReferralRequired: true,
        isAuthorizationRequired: false,
        isOkToBringAuthorization: false,
        planPrefix: ['ABC'],
        isInNetwork: true,
        isSecondaryOnly: false,
        // Spec §3 Tag's key and value (the record's tags are its /tag records).
        tags: [{ key: 'spec', value: 'shape' }],
      }),
    },
    read: (id) => `/insurances/${id}`,
    shape: {
      insurancePlanName: 'string',
      insuranceType: 'array',
      isWorkercomp: 'boolean',
      isMedicare: 'boolean',
      isMedicade: 'boolean',
      isReferralRequired: 'boolean',
      isAuthorizationRequired: 'boolean',
      isOkToBringAuthorization: 'boolean',
      planPrefix: 'array',
      isInNetwork: 'boolean',
      isSecondaryOnly: 'boolean',
      tags: 'array',
    },
    update: { isInNetwork: false },
    list: { path: '/insurances', key: 'items' },
  },
  {
    name: 'Queue',
    // Queues come from the contact center (spec §7 has no create): a seeded one.
    create: { existing: async () => (await h.db.select({ id: queues.queueId }).from(queues).where(eq(queues.accountId, riverside)).limit(1))[0]!.id },
    read: (id) => `/callcenter/queues/${id}`,
    shape: { queueName: 'string', queueArn: 'string?', agentGreetings: 'object', agentGreetingImageLocationPath: 'string?', dispositions: 'array' },
    update: { agentGreetings: { inbound: 'Hello from {{agentName}}', outbound: 'Hi', callback: 'Calling back' }, dispositions: ['Booked'] },
    list: { path: '/callcenter/queues', key: 'items' },
    notCommon: ['id'],
  },
  {
    name: 'Task workflow',
    create: {
      path: () => '/task-workflows/workflows',
      body: () => ({ title: `Spec workflow ${Date.now()}`, description: 'Spec shape', tasks: [{ name: 'outboundCall', delay: { amount: 0, unit: 'days' } }], tags: [{ key: 'spec', value: 'shape' }] }),
    },
    read: (id) => `/task-workflows/workflows/${id}`,
    shape: { title: 'string', description: 'string', tasks: 'array', tags: 'array' },
    update: { description: 'Updated without a version', tags: [{ key: 'spec', value: 'changed' }] },
    list: { path: '/task-workflows/workflows', key: 'items' },
  },
  {
    name: 'Workflow item',
    create: {
      path: () => `/task-workflows/workflows/${workflowId}/items`,
      body: () => ({
        generalInfo: { mrn: `MRN-${Date.now()}`, dob: '1970-04-02', email: 'pat@example.com', address: '12 Main St, Springfield, IL', balance: 120.5, patientName: 'Pat Spec', payerClassA: 'Commercial', maximumDiscount: 10, phone: '(217) 555-0142' },
        source: 'api',
      }),
    },
    read: (id) => `/task-workflows/items/${id}`,
    shape: { tasks: 'array', taskWorkflowId: 'string', currentTask: 'number?', status: 'string', source: 'string', generalInfo: 'object' },
    // Items have no PATCH (spec §7): abort, retry and start are actions of their own.
    list: { path: '/task-workflows/workflows/{workflowId}/items', key: 'items' },
    echoes: (body) => ({ source: body.source, generalInfo: { mrn: (body.generalInfo as Body).mrn, patientName: 'Pat Spec' } }),
  },
  {
    name: 'API key',
    create: { path: () => '/permissions/apikeys', body: () => ({ name: `Spec key ${Date.now()}`, active: true, roleId: seedId('role:riverside:Read Only') }) },
    read: (id) => `/permissions/apikeys/${id}`,
    shape: { name: 'string', active: 'boolean', id: 'string', roleId: 'string?' },
    update: { active: false, name: 'Spec key renamed' },
    list: { path: '/permissions/apikeys', key: 'apiKeys' },
  },
];

/** The path in Riverside (the administrator acts there), with its `accountId` unless it names one. */
const inRiverside = (path: string) => (path.includes('accountId=') ? path : `${path}${path.includes('?') ? '&' : '?'}accountId=${riverside}`);

/** What is wrong with a value against a shape: one line per field missing or of another type. */
function mismatches(value: unknown, shape: Shape): string[] {
  if (typeof value !== 'object' || value === null) return ['not an object'];
  const record = value as Record<string, unknown>;
  return Object.entries(shape).flatMap(([field, kind]) => {
    if (!(field in record)) return [`${field}: missing`];
    const nullable = kind.endsWith('?');
    const want = kind.replace('?', '') as Kind;
    const got = record[field];
    if (got === null) return nullable ? [] : [`${field}: null, expected ${want}`];
    const actual = Array.isArray(got) ? 'array' : typeof got;
    return actual === want ? [] : [`${field}: ${actual}, expected ${want}`];
  });
}

const without = (shape: Shape, gaps: Record<string, string> = {}): Shape => Object.fromEntries(Object.entries(shape).filter(([field]) => !(field in gaps)));
const fullShape = (entity: Entity): Shape =>
  without(
    {
      ...Object.fromEntries(Object.entries(common).filter(([field]) => !entity.notCommon?.includes(field))),
      ...entity.shape,
    },
    entity.gaps?.record,
  );

async function createOf(entity: Entity): Promise<{ id: string; body: Body | null }> {
  if ('existing' in entity.create) return { id: await entity.create.existing(), body: null };
  const body = entity.create.body();
  const res = await h.call('admin', inRiverside(entity.create.path()), { method: 'POST', json: body });
  expect(res.status, `${entity.name}: ${await res.clone().text()}`).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, body };
}

const read = async (entity: Entity, id: string) => {
  const res = await h.call('admin', inRiverside(entity.read(id)));
  expect(res.status, `${entity.name}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  riverside = h.accounts.riverside.id;
  const res = await h.call('admin', `/surveys/campaigns?accountId=${riverside}`, {
    method: 'POST',
    json: { name: 'Spec shapes survey', questions: [{ questionText: 'How was your visit?', type: 'three' }, { questionText: 'Anything else?', type: 'comment' }] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  campaignId = ((await res.json()) as { id: string }).id;
  const workflow = await h.call('admin', `/task-workflows/workflows?accountId=${riverside}`, {
    method: 'POST',
    json: { title: 'Spec shapes workflow', description: 'Items in spec shape', tasks: [{ name: 'outboundCall' }], status: 'MANUAL' },
  });
  expect(workflow.status, await workflow.clone().text()).toBe(201);
  workflowId = ((await workflow.json()) as { id: string }).id;
});

describe.each(entities.map((entity) => [entity.name, entity] as const))('%s in spec §3’s shape (issue 44)', (_name, entity) => {
  let id: string;

  it('is created with the spec’s body and read back in its shape, with what was sent', async () => {
    const created = await createOf(entity);
    id = created.id;
    const record = await read(entity, id);
    expect(mismatches(record, fullShape(entity))).toEqual([]);
    if (created.body) {
      const echoed = entity.echoes?.(created.body) ?? Object.fromEntries(Object.entries(created.body).filter(([field]) => field in fullShape(entity)));
      expect(record).toMatchObject(echoed);
    }
  });

  it.runIf(entity.update !== undefined)('is updated with a spec-shaped PATCH that carries no version', async () => {
    const before = await read(entity, id);
    const res = await h.call('admin', inRiverside((entity.patchPath ?? entity.read)(id)), { method: 'PATCH', json: entity.update });
    expect(res.status, `${entity.name}: ${await res.clone().text()}`).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    expect(mismatches(answer, fullShape(entity))).toEqual([]);
    const after = await read(entity, id);
    expect(after).toMatchObject(entity.update!);
    if (typeof before.version === 'number') expect(after.version).toBe(before.version + 1);
  });

  it.runIf(!entity.gaps?.list?.['*'])('is listed with items in the spec’s shape', async () => {
    const res = await h.call('admin', inRiverside(entity.list.path.replace('{campaignId}', campaignId).replace('{workflowId}', workflowId)));
    expect(res.status, `${entity.name}: ${await res.clone().text()}`).toBe(200);
    const items = ((await res.json()) as Record<string, unknown>)[entity.list.key];
    expect(Array.isArray(items), `${entity.name}: the list's ${entity.list.key}`).toBe(true);
    expect((items as unknown[]).length).toBeGreaterThan(0);
    const shape = without(entity.list.shape ?? fullShape(entity), entity.gaps?.list);
    expect((items as unknown[]).flatMap((item, i) => mismatches(item, shape).map((m) => `${i}.${m}`)).slice(0, 20)).toEqual([]);
  });
});

describe('spec §3 entities read only through a list (issue 44)', () => {
  it('a team member is added with its person and listed as spec §3’s Team member (personId, personName, teamId, teamName)', async () => {
    const team = await h.call('admin', `/teams/teams?accountId=${riverside}`, { method: 'POST', json: { name: `Spec members ${Date.now()}`, isViewable: true, isSchedulable: false } });
    expect(team.status, await team.clone().text()).toBe(201);
    const teamId = ((await team.json()) as { id: string }).id;
    // A member is a user or practitioner of the account: the first practitioner listed.
    const practitioners = await h.call('admin', `/person/practitioners?limit=1&accountId=${riverside}`);
    const personId = ((await practitioners.json()) as { items: { id: string }[] }).items[0]!.id;
    const added = await h.call('admin', `/teams/teams/${teamId}/member?accountId=${riverside}`, { method: 'POST', json: { personId } });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const res = await h.call('admin', `/teams/teams/${teamId}/members?accountId=${riverside}`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { items: Record<string, unknown>[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.flatMap((item) => mismatches(item, { personId: 'string', personName: 'string', teamId: 'string', teamName: 'string' }))).toEqual([]);
    expect(items.map((item) => item.personId)).toContain(personId);
  });

  it('the Teams service’s users are listed as spec §3’s Team-service user (displayName, jobTitle, id, teamsBotInstalled)', async () => {
    const res = await h.call('admin', `/teamsbot/graph/users?accountId=${riverside}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const users = ((await res.json()) as { users: Record<string, unknown>[] }).users;
    expect(users.length).toBeGreaterThan(0);
    expect(users.flatMap((user) => mismatches(user, { displayName: 'string', jobTitle: 'string?', id: 'string', teamsBotInstalled: 'boolean' }))).toEqual([]);
  });
});
