import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { grantAll } from '../../domain/permissions.ts';
// The default and demo roles' grants are the areas' (server/areas.ts describes them when loaded).
import '../areas.ts';
import { defaultRoles } from '../db/default-roles.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Tx } from '../db/client.ts';
import type { IssueCategory } from '../../domain/issues.ts';
import type { TaggedResourceType } from '../../domain/tags.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { insertDemoApiKeys } from './demo-apikeys.ts';
import { insertDemoCampaigns } from './demo-campaigns.ts';
import { demoInsurances, demoIssues, seedCatalogue } from './demo-catalogue.ts';
import { demoContactPointsPerAccount, insertDemoContactPoints } from './demo-contact-points.ts';
import { demoLocationsPerAccount, insertDemoLocations } from './demo-locations.ts';
import { insertDemoRoles } from './demo-roles.ts';
import { insertDemoPeople, prng, seedOf } from './demo-persons.ts';
import { insertDemoMaskingSessions } from './demo-masking.ts';
import { insertDemoWebChat } from './demo-chat.ts';
import { insertDemoWorkflows } from './demo-workflows.ts';
import { platformNumberOf } from '../telephony/practice-settings.ts';
import { insertDemoPracticeTeams } from './demo-practice-teams.ts';
import { insertDemoQueues } from './demo-queues.ts';
import { insertDemoInteractions } from './demo-interactions.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { insertDemoSchedules } from './demo-schedules.ts';
import { insertDemoTeamDirectories } from './demo-team-directory.ts';
import { hasSimulators } from '../integrations/simulators/migrate.ts';
import { accounts, auditLog, contactPoints, credentials, insurances, issues, locations, meta, persons, practitioners, roles, tags, users, type NameEntry } from '../db/schema/index.ts';

/** Stable UUIDs for demo records, so links in the README and tests never change. */
export function seedId(name: string): string {
  const hex = createHash('sha1').update(`astera-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export const demoAccounts = {
  astera: { id: seedId('account:astera'), name: 'Astera Health', abbreviation: 'AH' },
  riverside: { id: seedId('account:riverside'), name: 'Riverside Family Practice', abbreviation: 'RFP' },
  lakeside: { id: seedId('account:lakeside'), name: 'Lakeside Pediatrics', abbreviation: 'LP' },
} as const;

/** The tags the demo seed puts on practitioners (languages spoken, availability, how they see patients). */
export const demoPractitionerTags = [
  ['language', 'Spanish'], ['language', 'Spanish'], ['language', 'Vietnamese'], ['language', 'Mandarin'], ['language', 'ASL'],
  ['accepting', 'New patients'], ['accepting', 'Referrals only'], ['shift', 'Nights'], ['shift', 'Weekends'],
  ['telehealth', 'Video visits'], ['on-call', 'Rotation A'], ['on-call', 'Rotation B'],
] as const;

/** The tags the demo seed puts on contact points (what a line is for, where calls go when it is busy). */
export const demoContactPointTags = [
  ['line', 'After-hours'], ['line', 'Billing'], ['line', 'Pharmacy refills'], ['line', 'Scheduling'],
  ['routing', 'Overflow'], ['language', 'Spanish'], ['campaign', 'Flu season'],
] as const;

export const roleId = (account: keyof typeof demoAccounts, role: string) => seedId(`role:${account}:${role}`);


export const demoUsers = [
  { key: 'admin', email: 'admin@astera.test', password: 'astera-admin', given: 'Alex', family: 'Morgan', account: 'astera', role: 'Administrator', instanceAdmin: true },
  { key: 'manager', email: 'manager@astera.test', password: 'astera-manager', given: 'Maria', family: 'Lopez', account: 'riverside', role: 'Practice Administrator', instanceAdmin: false },
  { key: 'viewer', email: 'viewer@astera.test', password: 'astera-viewer', given: 'Victor', family: 'Chen', account: 'riverside', role: 'Read Only', instanceAdmin: false },
] as const;

const SEED = 'Astera seed';

function nameEntry(given: string, family: string): NameEntry {
  return { use: 'official', text: `${given} ${family}`, family, given: [given], prefix: [], suffix: [] };
}

async function seedAccount(tx: Tx, key: keyof typeof demoAccounts) {
  const account = demoAccounts[key];
  const assumedAccounts = key === 'riverside' ? [{ accountId: demoAccounts.lakeside.id, accountName: demoAccounts.lakeside.name }] : [];
  await tx.insert(accounts).values({ ...account, assumedAccounts, createdBy: SEED, modifiedBy: SEED });
  const stamp = { accountId: account.id, createdBy: SEED, modifiedBy: SEED };
  const practiceAdmin = roleId(key, 'Practice Administrator');
  await tx.insert(roles).values([
    { id: roleId(key, 'Administrator'), ...stamp, name: 'Administrator', resources: grantAll() },
    {
      id: practiceAdmin,
      ...stamp,
      ...defaultRoles.practiceAdministrator,
      // Riverside's practice administrators may act in Lakeside as Lakeside's, which trusts them.
      assumeRoles: key === 'riverside' ? { [demoAccounts.lakeside.id]: roleId('lakeside', 'Practice Administrator') } : {},
      trustedRelationships: key === 'lakeside' ? { [demoAccounts.riverside.id]: roleId('riverside', 'Practice Administrator') } : {},
    },
    { id: roleId(key, 'Read Only'), ...stamp, ...defaultRoles.readOnly },
  ]);
  await tx.insert(auditLog).values({
    accountId: account.id,
    actorId: SEED,
    actorName: SEED,
    action: 'create',
    resourceType: 'Account',
    resourceId: account.id,
    after: { name: account.name },
  });
}

/** The demo roles beyond the first three (server/seed/demo-roles.ts), per account (a marker of its own, so older databases get them too). */
async function seedRoles(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.roles'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    await insertDemoRoles(tx, demoAccounts[key].id, (name) => roleId(key, name), SEED);
  }
  await tx.insert(meta).values({ key: 'seeded.roles', value: { at: new Date().toISOString() } });
  return true;
}

/** Demo people per account (spec §2 lists): enough to page, sort and search through. */
export const demoPeople = { persons: 300, practitioners: 25, users: 10 } as const;

/** Persons, practitioners and users of every demo account (a marker of its own, so a database seeded before they existed gets them too). */
async function seedPeople(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.people'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    const account = demoAccounts[key];
    await insertDemoPeople(tx, {
      accountId: account.id,
      key,
      ...demoPeople,
      roles: { readOnly: roleId(key, 'Read Only'), practiceAdmin: roleId(key, 'Practice Administrator') },
      id: seedId,
      pediatric: key === 'lakeside',
      actor: SEED,
    });
    await tx.insert(auditLog).values({
      accountId: account.id,
      actorId: SEED,
      actorName: SEED,
      action: 'create',
      resourceType: 'Person',
      resourceId: null,
      after: { demoPeople },
    });
  }
  await tx.insert(meta).values({ key: 'seeded.people', value: { at: new Date().toISOString() } });
  return true;
}

/** Issues and insurance plans of every demo account (issue #9). */
const seedDemoCatalogue = (tx: Tx) =>
  seedCatalogue(tx, Object.fromEntries(Object.entries(demoAccounts).map(([key, account]) => [key, account.id])), seedId, SEED);

/** Three schedules with recurring tasks per demo account (a marker of its own, like the people's). */
async function seedSchedules(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.schedules'));
  if (done.length > 0) return false;
  for (const account of Object.values(demoAccounts)) await insertDemoSchedules(tx, account.id, seedId, SEED);
  await tx.insert(meta).values({ key: 'seeded.schedules', value: { at: new Date().toISOString() } });
  return true;
}

/** The team that takes each category of issue: every demo issue is tagged with one. */
export const demoIssueTeams: Record<IssueCategory, string> = {
  Clinical: 'Nursing', Medication: 'Nursing', Scheduling: 'Front desk', Billing: 'Billing office',
  Records: 'Medical records', Referral: 'Referrals', Administrative: 'Front desk', Other: 'Front desk',
};

/** Further tags the demo seed puts on issues, insurance plans and locations. */
export const demoIssueTags = [['script', 'Triage protocol'], ['escalate', 'Same day'], ['season', 'Flu season'], ['language', 'Spanish']] as const;
export const demoInsuranceTags = [
  ['billing', 'Electronic'], ['billing', 'Electronic'], ['billing', 'Electronic'], ['billing', 'Paper claims'],
  ['contract', 'Renewal due'], ['credentialing', 'In progress'], ['portal', 'Payer portal'],
] as const;
export const demoLocationTags = [
  ['parking', 'Yes'], ['parking', 'Yes'], ['parking', 'Street only'], ['access', 'Wheelchair accessible'],
  ['transit', 'Bus line'], ['hours', 'Evenings'], ['lab', 'On site'],
] as const;

type TagPool = readonly (readonly [string, string])[];
type TagRow = typeof tags.$inferInsert;

/** Up to `perRecord` tags from the pool on each record, picked by `random` (one value per key, except languages). */
function pickTags(random: ReturnType<typeof prng>, rows: TagRow[], stamp: Pick<TagRow, 'accountId' | 'createdBy' | 'modifiedBy'>, type: TaggedResourceType, ids: string[], pool: TagPool, perRecord: number, first?: (id: string) => [string, string]) {
  for (const id of ids) {
    const chosen = new Set<string>();
    const add = (tagKey: string, value: string) => {
      // One value per key on a record: two languages are two tags, but not "shift: nights" and "shift: days".
      if (tagKey !== 'language' && [...chosen].some((c) => c.startsWith(`${tagKey}:`))) return;
      if (chosen.has(`${tagKey}:${value}`)) return;
      chosen.add(`${tagKey}:${value}`);
      rows.push({ ...stamp, key: tagKey, value, taggedResourceType: type, taggedResourceId: id });
    };
    if (first) add(...first(id));
    const n = random.int(perRecord + 1);
    for (let i = 0; i < n; i++) add(...random.pick(pool));
  }
}

/** Inserts tags 1000 rows at a time (one insert of many rows would pass PostgreSQL's 65,535 bind parameters). */
async function insertTags(tx: Tx, rows: TagRow[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(tags).values(rows.slice(i, i + 1000));
}

/** The seeded records among `ids` that exist (a database may have lost some), in name order. */
const seededIn = async (tx: Tx, table: typeof practitioners | typeof contactPoints | typeof locations | typeof issues | typeof insurances, id: PgColumn, name: PgColumn, ids: string[]) =>
  (await tx.select({ id }).from(table as typeof locations).where(inArray(id, ids)).orderBy(asc(name), asc(id))).map((r) => r.id as string);

/**
 * Tags per account on its seeded practitioners and contact points (spec §3 Tag), picked by a
 * fixed seed from the records in name order, so every fresh database has the same. Only the
 * records the seed made are tagged (never the account's bulk rows). Runs after the records it
 * tags are seeded (its own marker: a database seeded before tags existed gets them).
 */
async function seedTags(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.tags'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    const account = demoAccounts[key];
    const random = prng(seedOf(`tags:${key}`));
    const stamp = { accountId: account.id, createdBy: SEED, modifiedBy: SEED };
    const rows: TagRow[] = [];
    const practitionerIds = Array.from({ length: demoPeople.practitioners }, (_, i) => seedId(`person:${key}:${i}`));
    pickTags(random, rows, stamp, 'Practitioner', await seededIn(tx, practitioners, practitioners.personId, practitioners.name, practitionerIds), demoPractitionerTags, 3);
    const contactPointIds = Array.from({ length: demoContactPointsPerAccount }, (_, i) => seedId(`contact-point:${key}:${i}`));
    pickTags(random, rows, stamp, 'ContactPoint', await seededIn(tx, contactPoints, contactPoints.id, contactPoints.name, contactPointIds), demoContactPointTags, 2);
    await insertTags(tx, rows);
  }
  await tx.insert(meta).values({ key: 'seeded.tags', value: { at: new Date().toISOString() } });
  return true;
}

/**
 * Tags on the seeded issues (each its team, by category), insurance plans and locations of every
 * demo account; a marker of its own, so a database tagged before these kinds could be gets them.
 * Runs after issues, plans and locations are seeded.
 */
async function seedCatalogueTags(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.tags.catalogue'));
  if (done.length > 0) return false;
  const teamOf = new Map(demoIssues.map((issue, i) => [i, demoIssueTeams[issue.category]]));
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    const account = demoAccounts[key];
    const random = prng(seedOf(`tags:catalogue:${key}`));
    const stamp = { accountId: account.id, createdBy: SEED, modifiedBy: SEED };
    const rows: TagRow[] = [];
    const issueIds = demoIssues.map((_, i) => seedId(`issue:${key}:${i}`));
    const team = (id: string): [string, string] => ['team', teamOf.get(issueIds.indexOf(id))!];
    pickTags(random, rows, stamp, 'Issue', await seededIn(tx, issues, issues.id, issues.name, issueIds), demoIssueTags, 1, team);
    const planIds = demoInsurances.map((_, i) => seedId(`insurance:${key}:${i}`));
    pickTags(random, rows, stamp, 'Insurance', await seededIn(tx, insurances, insurances.id, insurances.insurancePlanName, planIds), demoInsuranceTags, 2);
    const locationIds = Array.from({ length: demoLocationsPerAccount }, (_, i) => seedId(`location:${key}:${i}`));
    pickTags(random, rows, stamp, 'Location', await seededIn(tx, locations, locations.id, locations.name, locationIds), demoLocationTags, 3);
    await insertTags(tx, rows);
  }
  await tx.insert(meta).values({ key: 'seeded.tags.catalogue', value: { at: new Date().toISOString() } });
  return true;
}

/** Five locations of every demo account (a marker of its own, so a database seeded before locations existed gets them too). */
async function seedLocations(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.locations'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    await insertDemoLocations(tx, { accountId: demoAccounts[key].id, key, id: seedId, actor: SEED });
  }
  await tx.insert(meta).values({ key: 'seeded.locations', value: { at: new Date().toISOString() } });
  return true;
}

/** The Azure tenants of the demo accounts that have one (the team service's directories). */
export const demoTenants = { riverside: seedId('tenant:riverside'), lakeside: seedId('tenant:lakeside') } as const;

/** The team service's demo tenants and directories (a marker of its own, like the people). */
async function seedTeamDirectories(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.team-directories'));
  // The directories live in the simulators' schema: without it (no simulator chosen), later.
  if (done.length > 0 || !(await hasSimulators(tx))) return false;
  await insertDemoTeamDirectories(
    tx,
    (Object.keys(demoTenants) as (keyof typeof demoTenants)[]).map((key) => ({ accountId: demoAccounts[key].id, tenantId: demoTenants[key] })),
  );
  await tx.insert(meta).values({ key: 'seeded.team-directories', value: { at: new Date().toISOString() } });
  return true;
}

/** Contact points of every demo account, associated with its seeded practitioners (a marker of its own, like the people). */
async function seedContactPoints(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.contact-points'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    const account = demoAccounts[key];
    const seeded = Array.from({ length: demoPeople.practitioners }, (_, i) => seedId(`person:${key}:${i}`));
    const present = await tx.select({ id: practitioners.personId }).from(practitioners).where(inArray(practitioners.personId, seeded));
    const practitionerIds = seeded.filter((id) => present.some((p) => p.id === id));
    await insertDemoContactPoints(tx, { accountId: account.id, key, practitionerIds, id: seedId, actor: SEED });
    await tx.insert(auditLog).values({ accountId: account.id, actorId: SEED, actorName: SEED, action: 'create', resourceType: 'ContactPoint', resourceId: null, after: { name: `${demoContactPointsPerAccount} demo contact points` } });
  }
  await tx.insert(meta).values({ key: 'seeded.contact-points', value: { at: new Date().toISOString() } });
  return true;
}

/** Two API keys of every demo account (a marker of its own, so a database seeded before keys existed gets them too). */
async function seedApiKeys(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.apikeys'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    await insertDemoApiKeys(tx, { accountId: demoAccounts[key].id, key, id: seedId, roleId: (role) => roleId(key, role), actor: SEED });
  }
  await tx.insert(meta).values({ key: 'seeded.apikeys', value: { at: new Date().toISOString() } });
  return true;
}

/** Call-center queues of every demo account, from the simulated contact center (a marker of its own, like the people's). */
async function seedQueues(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.queues'));
  // The demo's queues come from the simulated contact center, in the simulators' schema: without it, later.
  if (done.length > 0 || !(await hasSimulators(tx))) return false;
  await insertDemoQueues(tx, Object.values(demoAccounts).map((a) => a.id), SEED);
  for (const account of Object.values(demoAccounts)) {
    await tx.insert(auditLog).values({ accountId: account.id, actorId: SEED, actorName: SEED, action: 'create', resourceType: 'Queue', resourceId: null, after: { name: 'queues of the contact center' } });
  }
  await tx.insert(meta).values({ key: 'seeded.queues', value: { at: new Date().toISOString() } });
  return true;
}

/** The survey resources (issue 11) granted to the demo roles of a database seeded before they existed. */
const surveyGrants = {
  'Practice Administrator': grantAll((r) => r.startsWith('/surveys/')),
  'Read Only': grantAll((r) => r.startsWith('/surveys/'), ['GET']),
} as const;

/** Survey campaigns with a few hundred responses per account (a marker of its own, like the people's). */
async function seedCampaigns(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.campaigns'));
  if (done.length > 0) return false;
  const now = new Date();
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    await insertDemoCampaigns(tx, { accountId: demoAccounts[key].id, key, id: seedId, actor: SEED, now });
    for (const [role, grants] of Object.entries(surveyGrants)) {
      await tx
        .update(roles)
        .set({ resources: sql`${roles.resources} || ${JSON.stringify(grants)}::jsonb` })
        .where(eq(roles.id, roleId(key, role)));
    }
  }
  await tx.insert(meta).values({ key: 'seeded.campaigns', value: { at: now.toISOString() } });
  return true;
}

/** Practice teams with members and tags per demo account (issue 26; a marker of its own, after the people). */
async function seedPracticeTeams(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.practice-teams'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) {
    await insertDemoPracticeTeams(tx, demoAccounts[key].id, key, seedId, SEED);
  }
  await tx.insert(meta).values({ key: 'seeded.practice-teams', value: { at: new Date().toISOString() } });
  return true;
}

/** Masked call links in each state per demo account (issue 42; a marker of its own, after the people and contact points). */
/** Web chat on in the demo practice (Riverside), with two conversations, one answered (issue 42). */
async function seedWebChat(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.webchat'));
  if (done.length > 0) return false;
  await insertDemoWebChat(tx, demoAccounts.riverside.id, 'riverside', { id: seedId('person:manager'), name: 'Maria Lopez' });
  await tx.insert(meta).values({ key: 'seeded.webchat', value: { at: new Date().toISOString() } });
  return true;
}

/** Task workflows in the demo practice (Riverside), with items in every status (issue 43). */
async function seedWorkflows(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.workflows'));
  if (done.length > 0) return false;
  const riverside = demoAccounts.riverside.id;
  await insertDemoWorkflows(tx, riverside, 'riverside', 'Maria Lopez', (await platformNumberOf(tx, riverside)) ?? '+15035550100');
  await tx.insert(meta).values({ key: 'seeded.workflows', value: { at: new Date().toISOString() } });
  return true;
}

async function seedMaskingSessions(tx: Tx) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.masking'));
  if (done.length > 0) return false;
  for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) await insertDemoMaskingSessions(tx, demoAccounts[key].id, key, SEED);
  await tx.insert(meta).values({ key: 'seeded.masking', value: { at: new Date().toISOString() } });
  return true;
}

/**
 * The call history of every demo account (issue 26), after its queues and people (a marker of
 * its own, like the people's). Its calls come from the simulated contact center: without the
 * simulators' schema, later. Recordings go to `recordings` when given.
 */
async function seedInteractions(tx: Tx, recordings: RecordingStore | undefined) {
  const done = await tx.select().from(meta).where(eq(meta.key, 'seeded.interactions'));
  if (done.length > 0 || !(await hasSimulators(tx))) return false;
  const now = Date.now();
  await insertDemoInteractions(tx, (Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]).map((key) => ({ id: demoAccounts[key].id, key })), { now, recordings });
  await tx.insert(meta).values({ key: 'seeded.interactions', value: { at: new Date(now).toISOString() } });
  return true;
}

/**
 * Seeds the demo data once; marker rows make later starts leave the data alone. `recordings`:
 * where the demo calls' recordings are written (without it, the demo calls have none).
 */
export async function seed(db: Db, options: { recordings?: RecordingStore } = {}): Promise<boolean> {
  const passwords = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  return db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(727275)');
    const done = await tx.select().from(meta).where(eq(meta.key, 'seeded'));
    if (done.length > 0) {
      const people = await seedPeople(tx);
      const catalogue = await seedDemoCatalogue(tx);
      const schedules = await seedSchedules(tx);
      const contactPoints = await seedContactPoints(tx);
      const sites = await seedLocations(tx);
      const keys = await seedApiKeys(tx);
      const teamDirectories = await seedTeamDirectories(tx);
      const queued = await seedQueues(tx);
      const moreRoles = await seedRoles(tx);
      const surveyed = await seedCampaigns(tx);
      const teamed = await seedPracticeTeams(tx);
      const masked = await seedMaskingSessions(tx);
      const chatted = await seedWebChat(tx);
      const workflowed = await seedWorkflows(tx);
      // Tags last: they go on the records seeded above.
      const tagged = await seedTags(tx);
      const catalogueTagged = await seedCatalogueTags(tx);
      const called = await seedInteractions(tx, options.recordings);
      return called || catalogue || schedules || contactPoints || tagged || catalogueTagged || sites || keys || people || teamDirectories || queued || moreRoles || surveyed || teamed || masked || chatted || workflowed;
    }
    for (const key of Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]) await seedAccount(tx, key);
    for (const [index, user] of demoUsers.entries()) {
      const account = demoAccounts[user.account];
      const personId = seedId(`person:${user.key}`);
      const principalId = seedId(`principal:${user.key}`);
      const name = `${user.given} ${user.family}`;
      const stamp = { accountId: account.id, createdBy: SEED, modifiedBy: SEED };
      await tx.insert(persons).values({ id: personId, ...stamp, name: [nameEntry(user.given, user.family)], displayName: name, gender: 'UNK', orgRole: user.instanceAdmin ? 'Administrator' : 'Staff', communication: [{ code: 'en-US', preferred: true }], userRecord: true });
      await tx.insert(users).values({ personId, ...stamp, name, email: user.email, principalId, source: 'astera', active: true, roleId: roleId(user.account, user.role), instanceAdmin: user.instanceAdmin });
      await tx.insert(credentials).values({ subject: principalId, email: user.email, name, passwordHash: passwords[index]! });
      await tx.insert(auditLog).values({ accountId: account.id, actorId: SEED, actorName: SEED, action: 'create', resourceType: 'User', resourceId: personId, after: { name } });
    }
    await tx.insert(meta).values({ key: 'seeded', value: { at: new Date().toISOString() } });
    await seedPeople(tx);
    await seedDemoCatalogue(tx);
    await seedSchedules(tx);
    await seedContactPoints(tx);
    await seedLocations(tx);
    await seedApiKeys(tx);
    await seedTeamDirectories(tx);
    await seedQueues(tx);
    await seedRoles(tx);
    await seedCampaigns(tx);
    await seedPracticeTeams(tx);
    await seedMaskingSessions(tx);
    await seedWebChat(tx);
    await seedWorkflows(tx);
    await seedTags(tx);
    await seedCatalogueTags(tx);
    await seedInteractions(tx, options.recordings);
    return true;
  });
}
