/**
 * Demo contact points (issue #9): about forty per account, deterministic (a seeded PRNG, fixed
 * templates), with VIP numbers, fax and SMS lines, call-center queue ids and associations to the
 * account's seeded practitioners; and the bulk insert of `npm run seed -- --contact-points N`.
 */
import { sql } from 'drizzle-orm';
import { e164, normalizeValue, type ContactPointSystem, type ServiceProvider, type SystemType } from '../../domain/contact-points.ts';
import type { Db, Tx } from '../db/client.ts';
import { prng, seedOf, type Prng } from './demo-persons.ts';
import { auditLog, contactPointPractitioners, contactPoints } from '../db/schema/index.ts';
import { inArray } from 'drizzle-orm';
import type { DemoAccountKey, DemoSeed } from '../area.ts';
import { practitioners } from '../db/schema/index.ts';
import { demoPeople } from './ids.ts';

type Template = {
  name: string;
  system: ContactPointSystem;
  systemType: SystemType | null;
  serviceProvider: ServiceProvider;
  description: string | null;
  rank: number;
  vip?: boolean;
  /** How many of the account's practitioners it is associated with. */
  practitioners?: number;
};

/** The contact points of one practice, in the order they are seeded (names are unique per account). */
const templates: Template[] = [
  { name: 'Main line', system: 'PHONE', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'Published number; routes to the front desk queue', rank: 1 },
  { name: 'After-hours', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Amazon Connect', description: 'Answering service after 6 pm and on weekends', rank: 2, practitioners: 3 },
  { name: 'Billing', system: 'PHONE', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'Statements, payment plans and insurance questions', rank: 4 },
  { name: 'Scheduling', system: 'PHONE', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'New and follow-up appointments', rank: 3 },
  { name: 'Nurse triage', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Amazon Connect', description: 'Same-day symptoms; nurses call back within 30 minutes', rank: 2, practitioners: 2 },
  { name: 'Front desk', system: 'PHONE', systemType: 'Reception', serviceProvider: 'Verizon', description: 'Check-in desk, lobby phone', rank: 5 },
  { name: 'Prescription refills', system: 'PHONE', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'Refill requests; allow two business days', rank: 5, practitioners: 2 },
  { name: 'Lab results', system: 'PHONE', systemType: 'Main', serviceProvider: 'Twilio', description: 'Recorded results line and lab questions', rank: 6 },
  { name: 'Referral coordinator', system: 'PHONE', systemType: 'Main', serviceProvider: 'AT&T', description: 'Outgoing referrals and prior authorizations', rank: 6, practitioners: 1 },
  { name: 'Medical records', system: 'PHONE', systemType: 'Main', serviceProvider: 'AT&T', description: 'Release of information requests', rank: 7 },
  { name: 'Main fax', system: 'FAX', systemType: 'Main', serviceProvider: 'Halo', description: 'Incoming records and referrals', rank: 3 },
  { name: 'Pharmacy fax', system: 'FAX', systemType: 'Main', serviceProvider: 'Halo', description: 'Pharmacy refill authorizations', rank: 4, practitioners: 2 },
  { name: 'Billing fax', system: 'FAX', systemType: null, serviceProvider: 'Halo', description: 'Explanations of benefits and payer correspondence', rank: 8 },
  { name: 'Referral fax', system: 'FAX', systemType: null, serviceProvider: 'Verizon', description: 'Referrals from hospitals and other practices', rank: 6 },
  { name: 'Appointment reminders', system: 'SMS', systemType: 'Main', serviceProvider: 'Twilio', description: 'Outbound reminders two days before a visit', rank: 3 },
  { name: 'Patient texting', system: 'SMS', systemType: 'Reception', serviceProvider: 'Twilio', description: 'Two-way texting with the front desk', rank: 4 },
  { name: 'Care team texts', system: 'SMS', systemType: 'Priority', serviceProvider: 'Twilio', description: 'Care coordinators, follow-ups after discharge', rank: 5, practitioners: 2 },
  { name: 'Front desk queue', system: 'QUEUEID', systemType: 'Reception', serviceProvider: 'Amazon Connect', description: 'Amazon Connect queue for check-in and general calls', rank: 2 },
  { name: 'Triage queue', system: 'QUEUEID', systemType: 'Priority', serviceProvider: 'Amazon Connect', description: 'Amazon Connect queue for nurse triage', rank: 1, practitioners: 2 },
  { name: 'Billing queue', system: 'QUEUEID', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'Amazon Connect queue for billing questions', rank: 4 },
  { name: 'Callback queue', system: 'QUEUEID', systemType: 'Main', serviceProvider: 'Amazon Connect', description: 'Scheduled callbacks from the call-masking page', rank: 5 },
  { name: 'Front desk email', system: 'EMAIL', systemType: 'Reception', serviceProvider: 'Unknown', description: 'Shared inbox, read during office hours', rank: 6 },
  { name: 'Billing email', system: 'EMAIL', systemType: 'Main', serviceProvider: 'Unknown', description: 'Statements and payment questions', rank: 7 },
  { name: 'Records requests email', system: 'EMAIL', systemType: null, serviceProvider: 'Unknown', description: 'Requests for copies of medical records', rank: 8 },
  { name: 'Patient portal', system: 'URL', systemType: 'Main', serviceProvider: 'Unknown', description: 'Online check-in, messages and bill pay', rank: 5 },
  { name: 'On-call pager', system: 'PAGER', systemType: 'Priority', serviceProvider: 'Verizon', description: 'Physician on call overnight', rank: 1, practitioners: 3 },
  { name: 'Community Facebook page', system: 'URL', systemType: null, serviceProvider: 'Facebook', description: 'Office closures and flu clinic news', rank: 9 },
  { name: 'Staff Discord', system: 'OTHER', systemType: null, serviceProvider: 'Discord', description: 'Internal staff channel', rank: 10 },
  // VIP callers: their calls skip the queue (GET /contactpoints/vip/{value}).
  { name: 'Hospital transfer line', system: 'PHONE', systemType: 'Priority', serviceProvider: 'AT&T', description: 'Emergency department physicians calling about a patient', rank: 1, vip: true, practitioners: 2 },
  { name: 'Inpatient team direct', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Verizon', description: 'Inpatient team, admissions and discharges', rank: 1, vip: true, practitioners: 2 },
  { name: 'Home health agency', system: 'PHONE', systemType: 'Priority', serviceProvider: 'TMobile', description: 'Visiting nurses with urgent orders', rank: 2, vip: true, practitioners: 1 },
  { name: 'Hospice coordinator', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Google Fi', description: 'Comfort-care patients: always put through', rank: 1, vip: true, practitioners: 1 },
  { name: 'Board chair mobile', system: 'PHONE', systemType: null, serviceProvider: 'TMobile', description: 'Reaches the chair of the board directly', rank: 3, vip: true },
  { name: 'Skilled nursing facility', system: 'PHONE', systemType: 'Priority', serviceProvider: 'AT&T', description: 'Residents seen by the practice', rank: 2, vip: true, practitioners: 2 },
  { name: 'Poison control partner', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Unknown', description: 'Regional poison control center', rank: 2, vip: true },
  { name: 'Physician colleague line', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Verizon', description: 'Private line for colleagues', rank: 2, vip: true, practitioners: 1 },
  { name: 'Interpreter services', system: 'PHONE', systemType: 'Main', serviceProvider: 'Unknown', description: 'Telephone interpreters, 200 languages', rank: 6 },
  { name: 'Imaging center', system: 'PHONE', systemType: 'Main', serviceProvider: 'AT&T', description: 'X-ray and ultrasound scheduling', rank: 7, practitioners: 1 },
  { name: 'Behavioral health line', system: 'PHONE', systemType: 'Priority', serviceProvider: 'Amazon Connect', description: 'Counselors; crisis calls go to 988', rank: 3, practitioners: 1 },
  { name: 'Old main number', system: 'PHONE', systemType: null, serviceProvider: 'Unknown', description: 'Retired number kept for callers who still dial it', rank: 10 },
];

export const demoContactPointsPerAccount = templates.length;

/** The practices' area codes (one per demo account), so their numbers look like their region's. */
const areaCodes: Record<string, string> = { astera: '415', riverside: '503', lakeside: '608' };

/** Spellings a person might type (the API keeps the value as typed and matches any of them). */
const spellings = [
  (a: string, x: string, n: string) => `(${a}) ${x}-${n}`,
  (a: string, x: string, n: string) => `${a}-${x}-${n}`,
  (a: string, x: string, n: string) => `${a}.${x}.${n}`,
  (a: string, x: string, n: string) => `+1 ${a} ${x} ${n}`,
];

function valueOf(template: Template, key: string, index: number, rng: Prng): string {
  const slug = template.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  switch (template.system) {
    case 'PHONE':
    case 'FAX':
    case 'SMS':
    case 'PAGER': {
      // 555-0100 to 555-0199: the numbers set aside for fiction.
      const spell = rng.pick(spellings);
      return spell(areaCodes[key] ?? '555', '555', `01${String(index).padStart(2, '0')}`);
    }
    case 'QUEUEID':
      return `${key}-${slug}`;
    case 'EMAIL':
      return `${slug.replace(/-email$/, '')}@${key}.test`;
    case 'URL':
      return template.serviceProvider === 'Facebook' ? `https://facebook.example/${key}` : `https://portal.${key}.test/`;
    case 'OTHER':
      return `discord.example/${key}-staff`;
  }
}

type DemoContactPointOptions = {
  accountId: string;
  /** E.g. 'riverside': the generator's seed, the area code, the email domain. */
  key: string;
  /** The account's seeded practitioners (ids), to associate. */
  practitionerIds: string[];
  id: (name: string) => string;
  actor: string;
};

/** The demo contact points of one account and their practitioner associations, in two multi-row inserts. */
export async function insertDemoContactPoints(tx: Tx, o: DemoContactPointOptions): Promise<void> {
  const rng = prng(seedOf(`astera-demo-contact-points:${o.key}`));
  const stamp = { accountId: o.accountId, createdBy: o.actor, modifiedBy: o.actor };
  const rows: (typeof contactPoints.$inferInsert)[] = [];
  const links: (typeof contactPointPractitioners.$inferInsert)[] = [];
  for (const [index, t] of templates.entries()) {
    const id = o.id(`contact-point:${o.key}:${index}`);
    const value = valueOf(t, o.key, index, rng);
    const normalizedValue = normalizeValue(t.system, value);
    rows.push({ id, ...stamp, name: t.name, value, normalizedValue, system: t.system, serviceProvider: t.serviceProvider, description: t.description, systemType: t.systemType, rank: t.rank, vip: t.vip ?? false });
    const chosen = new Set<string>();
    while (o.practitionerIds.length > 0 && chosen.size < Math.min(t.practitioners ?? 0, o.practitionerIds.length)) chosen.add(rng.pick(o.practitionerIds));
    for (const practitionerId of chosen) links.push({ contactPointId: id, practitionerId, accountId: o.accountId });
  }
  await tx.insert(contactPoints).values(rows);
  if (links.length) await tx.insert(contactPointPractitioners).values(links);
}

/** Rows per INSERT statement of the bulk insert. */
const BATCH = 5000;

const bulkNames = ['Main line', 'After-hours', 'Billing', 'Scheduling', 'Nurse triage', 'Front desk', 'Refills', 'Lab results', 'Referrals', 'Records', 'Fax', 'Texting', 'Imaging', 'Pharmacy'];
const bulkPlaces = ['Oak Street', 'North Clinic', 'Westside', 'Harbor View', 'Pine Ridge', 'Maple Court', 'Riverbend', 'Cedar Park', 'Lakeshore', 'Hilltop', 'Elm Grove', 'Bayside'];
const bulkAreaCodes = ['206', '212', '303', '312', '404', '415', '503', '512', '608', '617', '702', '713', '808', '917', '971'];
const bulkSystems: (readonly [ContactPointSystem, number])[] = [['PHONE', 80], ['FAX', 10], ['SMS', 10]];
const bulkProviders: (readonly [ServiceProvider, number])[] = [['Amazon Connect', 60], ['Twilio', 15], ['Verizon', 10], ['AT&T', 10], ['Halo', 5]];
const bulkTypes: (readonly [SystemType | null, number])[] = [['Main', 60], ['Priority', 15], ['Reception', 15], [null, 10]];

type ManyContactPointsOptions = { seed?: number; actor?: string; onBatch?: (done: number) => void };

/**
 * Bulk-inserts `count` generated phone, fax and SMS contact points into one account
 * (`npm run seed -- --contact-points N`, the bench): batches of 5,000 rows, each one
 * INSERT … SELECT FROM unnest(arrays). A number the account already has for that system is
 * skipped and drawn again, so exactly `count` rows are added.
 */
export async function insertManyContactPoints(db: Db | Tx, accountId: string, count: number, options: ManyContactPointsOptions = {}) {
  const rng = prng(options.seed ?? 20_251_123);
  const actor = options.actor ?? 'Astera seed';
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    const batch = Array.from({ length: size }, () => {
      const system = rng.weighted(bulkSystems);
      const value = rng.pick(spellings)(rng.pick(bulkAreaCodes), String(200 + rng.int(800)), String(rng.int(10_000)).padStart(4, '0'));
      const name = `${system === 'FAX' ? 'Fax' : system === 'SMS' ? 'Texting' : rng.pick(bulkNames)} · ${rng.pick(bulkPlaces)} ${1 + rng.int(400)}`;
      return {
        name,
        value,
        normalizedValue: e164(value) ?? value,
        system,
        serviceProvider: rng.weighted(bulkProviders),
        systemType: rng.weighted(bulkTypes),
        rank: 1 + rng.int(10),
        vip: rng.chance(0.02),
      };
    });
    const column = (values: (string | null)[]) => sql.param(values);
    const result = await db.execute(sql`
      insert into contact_points (account_id, created_by, modified_by, name, value, normalized_value, system, service_provider, system_type, rank, vip)
      select ${accountId}, ${actor}, ${actor}, n, v, nv, s, p, st, r::integer, vip::boolean
      from unnest(
        ${column(batch.map((c) => c.name))}::text[],
        ${column(batch.map((c) => c.value))}::text[],
        ${column(batch.map((c) => c.normalizedValue))}::text[],
        ${column(batch.map((c) => c.system))}::text[],
        ${column(batch.map((c) => c.serviceProvider))}::text[],
        ${column(batch.map((c) => c.systemType))}::text[],
        ${column(batch.map((c) => String(c.rank)))}::text[],
        ${column(batch.map((c) => String(c.vip)))}::text[]
      ) as t(n, v, nv, s, p, st, r, vip)
      on conflict do nothing`);
    done += result.rowCount ?? size;
    options.onBatch?.(done);
  }
}

/** `insertManyContactPoints` for `npm run seed`: the rows and the audit row that records them, in one transaction. */
export async function insertManyContactPointsAudited(db: Db, accountId: string, count: number, options: ManyContactPointsOptions = {}) {
  const actor = options.actor ?? 'Astera seed';
  await db.transaction(async (tx) => {
    await insertManyContactPoints(tx, accountId, count, { ...options, actor });
    await tx.insert(auditLog).values({
      accountId,
      actorId: 'seed-cli',
      actorName: actor,
      action: 'create',
      resourceType: 'ContactPoint',
      resourceId: null,
      after: { name: `${count} generated contact points`, bulkContactPoints: count },
    });
  });
}

/** The seed step: contact points of every demo account, associated with its seeded practitioners. */
export async function seedDemoContactPoints({ tx, accounts, id, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    const account = accounts[key];
    const seeded = Array.from({ length: demoPeople.practitioners }, (_, i) => id(`person:${key}:${i}`));
    const present = await tx.select({ id: practitioners.personId }).from(practitioners).where(inArray(practitioners.personId, seeded));
    const practitionerIds = seeded.filter((sid) => present.some((p) => p.id === sid));
    await insertDemoContactPoints(tx, { accountId: account.id, key, practitionerIds, id, actor });
    await tx.insert(auditLog).values({ accountId: account.id, actorId: actor, actorName: actor, action: 'create', resourceType: 'ContactPoint', resourceId: null, after: { name: `${demoContactPointsPerAccount} demo contact points` } });
  }
}
