import { eq } from 'drizzle-orm';
import { grantAll } from '../../domain/permissions.ts';
import type { DemoSeed, SeedStep } from '../area.ts';
// The default and demo roles' grants and the seed steps are the areas' (server/areas.ts describes them when loaded).
import { areas } from '../areas.ts';
import { defaultRoles } from '../db/default-roles.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Tx } from '../db/client.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { accounts, auditLog, credentials, meta, persons, roles, users, type NameEntry } from '../db/schema/index.ts';
import { seedId } from './ids.ts';

export { seedId, demoPeople, demoTenants } from './ids.ts';
export { demoContactPointTags, demoInsuranceTags, demoIssueTags, demoIssueTeams, demoLocationTags, demoPractitionerTags } from './demo-tags.ts';

export const demoAccounts = {
  astera: { id: seedId('account:astera'), name: 'Astera Health', abbreviation: 'AH' },
  riverside: { id: seedId('account:riverside'), name: 'Riverside Family Practice', abbreviation: 'RFP' },
  lakeside: { id: seedId('account:lakeside'), name: 'Lakeside Pediatrics', abbreviation: 'LP' },
} as const;

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

/** The areas' seed steps (each area's `seed`, server/routes/<area>/area.ts), in their order. */
const seedSteps = (): SeedStep[] => areas.flatMap((area) => area.seed ?? []).sort((a, b) => a.order - b.order);

/** Runs a step unless its marker says it has run; writes the marker when it did (not when it answers 'later'). */
async function runStep(step: SeedStep, demo: DemoSeed): Promise<boolean> {
  const done = await demo.tx.select().from(meta).where(eq(meta.key, step.key));
  if (done.length > 0) return false;
  if ((await step.run(demo)) === 'later') return false;
  await demo.tx.insert(meta).values({ key: step.key, value: { at: new Date().toISOString() } });
  return true;
}

/**
 * Seeds the demo data once; marker rows make later starts leave the data alone. `recordings`:
 * where the demo calls' recordings are written (without it, the demo calls have none). The demo's
 * accounts and users first; then every area's seed steps, each once (a step added later runs on a
 * database seeded before it).
 */
export async function seed(db: Db, options: { recordings?: RecordingStore } = {}): Promise<boolean> {
  const passwords = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  return db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(727275)');
    const demo: DemoSeed = { tx, accounts: demoAccounts, id: seedId, roleId, actor: SEED, recordings: options.recordings };
    const done = await tx.select().from(meta).where(eq(meta.key, 'seeded'));
    if (done.length === 0) {
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
    }
    let seeded = done.length === 0;
    for (const step of seedSteps()) if (await runStep(step, demo)) seeded = true;
    return seeded;
  });
}
