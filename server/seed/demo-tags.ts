import { asc, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { IssueCategory } from '../../domain/issues.ts';
import type { TaggedResourceType } from '../../domain/tags.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';
import type { Tx } from '../db/client.ts';
import { contactPoints, insurances, issues, locations, practitioners, tags } from '../db/schema/index.ts';
import { demoInsurances, demoIssues } from './demo-catalogue.ts';
import { demoContactPointsPerAccount } from './demo-contact-points.ts';
import { demoLocationsPerAccount } from './demo-locations.ts';
import { prng, seedOf } from './demo-persons.ts';
import { demoPeople } from './ids.ts';

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
 * tags are seeded (its own step: a database seeded before tags existed gets them).
 */
export async function insertDemoTags({ tx, accounts, id: seedId, actor: SEED }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    const account = accounts[key];
    const random = prng(seedOf(`tags:${key}`));
    const stamp = { accountId: account.id, createdBy: SEED, modifiedBy: SEED };
    const rows: TagRow[] = [];
    const practitionerIds = Array.from({ length: demoPeople.practitioners }, (_, i) => seedId(`person:${key}:${i}`));
    pickTags(random, rows, stamp, 'Practitioner', await seededIn(tx, practitioners, practitioners.personId, practitioners.name, practitionerIds), demoPractitionerTags, 3);
    const contactPointIds = Array.from({ length: demoContactPointsPerAccount }, (_, i) => seedId(`contact-point:${key}:${i}`));
    pickTags(random, rows, stamp, 'ContactPoint', await seededIn(tx, contactPoints, contactPoints.id, contactPoints.name, contactPointIds), demoContactPointTags, 2);
    await insertTags(tx, rows);
  }
}

/**
 * Tags on the seeded issues (each its team, by category), insurance plans and locations of every
 * demo account; a step of its own, so a database tagged before these kinds could be gets them.
 * Runs after issues, plans and locations are seeded.
 */
export async function insertDemoCatalogueTags({ tx, accounts, id: seedId, actor: SEED }: DemoSeed) {
  const teamOf = new Map(demoIssues.map((issue, i) => [i, demoIssueTeams[issue.category]]));
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    const account = accounts[key];
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
}

