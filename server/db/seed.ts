import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { grantAll, type Resource } from '../../domain/permissions.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Tx } from './client.ts';
import { demoContactPointsPerAccount, insertDemoContactPoints } from './demo-contact-points.ts';
import { insertDemoPeople } from './demo-persons.ts';
import { accounts, auditLog, credentials, meta, persons, practitioners, roles, users, type NameEntry } from './schema.ts';

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

export const roleId = (account: keyof typeof demoAccounts, role: string) => seedId(`role:${account}:${role}`);

const practiceResources = new Set<Resource>([
  '/permissions/accesspolicy',
  '/person/persons',
  '/person/persons/{id}',
  '/person/practitioners',
  '/person/practitioners/{id}',
  '/person/users',
  '/person/users/{id}',
  '/contactpoints/contact-points',
  '/contactpoints/contact-points/{id}',
  '/contactpoints/vip/{value}',
  '/locations/locations',
  '/locations/locations/{id}',
  '/schedule/schedule',
  '/schedule/schedule/{id}',
  '/issues',
  '/issues/{id}',
  '/insurances',
  '/insurances/{id}',
  '/tag',
  '/tag/{id}',
  '/callcenter/queues',
  '/callcenter/queues/{queueId}',
]);

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
      name: 'Practice Administrator',
      resources: grantAll((r) => practiceResources.has(r)),
      // Riverside's practice administrators may act in Lakeside as Lakeside's, which trusts them.
      assumeRoles: key === 'riverside' ? { [demoAccounts.lakeside.id]: roleId('lakeside', 'Practice Administrator') } : {},
      trustedRelationships: key === 'lakeside' ? { [demoAccounts.riverside.id]: roleId('riverside', 'Practice Administrator') } : {},
    },
    { id: roleId(key, 'Read Only'), ...stamp, name: 'Read Only', resources: grantAll(() => true, ['GET']) },
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

/** Seeds the demo data once; marker rows make later starts leave the data alone. */
export async function seed(db: Db): Promise<boolean> {
  const passwords = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  return db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(727275)');
    const done = await tx.select().from(meta).where(eq(meta.key, 'seeded'));
    if (done.length > 0) {
      const people = await seedPeople(tx);
      const contactPoints = await seedContactPoints(tx);
      return people || contactPoints;
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
    await seedContactPoints(tx);
    return true;
  });
}
