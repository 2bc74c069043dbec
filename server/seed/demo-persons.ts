/**
 * Realistic demo persons, practitioners and users, generated deterministically from a seed
 * (a small PRNG, never Math.random) so every fresh database holds the same people, and inserted
 * in multi-row batches so the first start stays fast.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Communication, Gender, LanguageCode, NameEntry, NamePrefix, NameSuffix } from '../../domain/persons.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, persons, practitioners, users } from '../db/schema/index.ts';

// The PRNG is shared with the simulators (server/random.ts); the seeds import it from here too.
import { prng, type Prng } from '../random.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';
import { demoPeople } from './ids.ts';
export { prng, type Prng };

export const seedOf = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

// The demo sign-ins' names (Alex Morgan, Maria Lopez, Victor Chen) are left out of the pools,
// so searching for them finds them and not a namesake.
const femaleNames = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Elizabeth',
  'Sofia', 'Camila', 'Aria', 'Scarlett', 'Grace', 'Chloe', 'Zoë', 'Hannah', 'Nora', 'Lily', 'Eleanor', 'Hazel',
  'Aaliyah', 'Fatima', 'Layla', 'Amara', 'Chiamaka', 'Ngozi', 'Mei', 'Yuki', 'Priya', 'Ananya', 'Sunita', 'Thi Lan',
  'Guadalupe', 'Ximena', 'Valentina', 'Lucía', 'Siobhán', 'Aoife', 'Ingrid', 'Agnieszka', 'Olga', 'Keisha', 'Tamika',
  'Imani', 'Leilani', 'Noelani', 'Ji-woo', 'Seo-yeon', 'Rosa', 'Carmen', 'Margaret', 'Dorothy', 'Patricia', 'Linda',
];
const maleNames = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Theodore', 'Jack', 'Levi',
  'Mateo', 'Santiago', 'José', 'Diego', 'Luis', 'Carlos', 'Jamal', 'DeShawn', 'Malik', 'Andre', 'Kwame', 'Chukwuemeka',
  'Oluwaseun', 'Wei', 'Hiroshi', 'Kenji', 'Arjun', 'Rahul', 'Vikram', 'Mohammed', 'Omar', 'Yusuf', 'Tariq', 'Duc',
  'Minh', 'Sean', 'Ciarán', 'Lars', 'Piotr', 'Dmitri', 'Ivan', 'Kai', 'Keoni', 'Min-jun', 'Ethan', 'Samuel', 'David',
  'Robert', 'Richard', 'Thomas', 'Charles', 'Daniel', 'Joseph', 'George', 'Frank', 'Raymond',
];
const neutralNames = ['Jordan', 'Taylor', 'Riley', 'Casey', 'Avery', 'Quinn', 'Rowan', 'Sage', 'River', 'Emerson', 'Skyler', 'Jamie'];
const familyNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
  'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
  'Carter', 'Roberts', 'Okafor', 'Adeyemi', 'Mensah', 'Nwosu', 'Diallo', 'Kim', 'Park', 'Choi', 'Wang', 'Li', 'Zhang',
  'Liu', 'Tanaka', 'Suzuki', 'Yamamoto', 'Patel', 'Shah', 'Singh', 'Kumar', 'Gupta', 'Khan', 'Haddad', 'Nasser',
  'Al-Sayed', 'Tran', 'Pham', 'Le', "O'Brien", 'Murphy', 'Kelly', 'Byrne', 'Kowalski', 'Nowak', 'Kowalczyk', 'Ivanova',
  'Petrov', 'Novak', 'Müller', 'Schmidt', 'Fischer', 'Rossi', 'Russo', 'Dubois', 'Lefèvre', 'Silva', 'Santos',
  'Oliveira', 'Kahananui', 'Begay', 'Yazzie', 'Jensen', 'Larsen', 'Andersson', 'Davies', 'Evans', 'Hughes', 'Llewellyn',
  'Van der Berg', 'De la Cruz', 'St. James',
];
/** How to say the harder family names (for practitioners, whom callers ask for by name). */
const pronunciations: Record<string, string> = {
  Nguyen: 'win', Okafor: 'oh-KAH-for', Adeyemi: 'ah-DAY-yeh-mee', Mensah: 'MEN-sah', Nwosu: 'nuh-WOH-soo',
  Diallo: 'dee-AH-loh', Kowalczyk: 'koh-VAHL-chik', Kowalski: 'koh-VAHL-skee', Haddad: 'hah-DAHD',
  Kahananui: 'kah-HAH-nah-NOO-ee', Yazzie: 'YAH-zee', Llewellyn: 'loo-WEL-in', Lefèvre: 'luh-FEV-ruh',
  Tanaka: 'tah-NAH-kah', Suzuki: 'soo-ZOO-kee', Byrne: 'burn', Begay: 'beh-GAY', Pham: 'fahm', Tran: 'chun',
  Müller: 'MEW-ler', Ivanova: 'ee-vah-NOH-vah', Dubois: 'doo-BWAH', Oliveira: 'oh-lee-VAY-rah',
};
const nicknames: Record<string, string> = {
  Elizabeth: 'Liz', Margaret: 'Peggy', Patricia: 'Trish', Dorothy: 'Dot', Abigail: 'Abby', Isabella: 'Bella',
  William: 'Bill', Robert: 'Bob', Richard: 'Rick', Thomas: 'Tom', Charles: 'Chuck', Joseph: 'Joe', Benjamin: 'Ben',
  Theodore: 'Teddy', Samuel: 'Sam', Daniel: 'Dan', Chukwuemeka: 'Emeka', Oluwaseun: 'Seun', Mohammed: 'Mo',
  Santiago: 'Santi', Guadalupe: 'Lupe', Valentina: 'Vale', Dmitri: 'Dima', Agnieszka: 'Aga', Raymond: 'Ray',
};
const middleNames = ['Marie', 'Ann', 'Rose', 'Grace', 'Jane', 'Lynn', 'James', 'Lee', 'Michael', 'Alexander', 'José', 'Kofi', 'Wen', 'Ray', 'Joy'];

const orgRoles = [
  ['Patient', 70], ['Staff', 6], ['Nurse', 5], ['Physician', 3], ['Front Desk', 3], ['Billing', 2], ['Caregiver', 4],
  ['Medical Assistant', 3], ['Pharmacist', 1], [null, 3],
] as const;
const otherLanguages = [
  ['es-US', 20], ['es-MX', 10], ['zh-CN', 6], ['vi', 5], ['tl', 4], ['ar', 4], ['ko', 3], ['ht', 3], ['ru', 3],
  ['fr-FR', 3], ['fr-CA', 2], ['pt-BR', 3], ['de', 2], ['hi', 3], ['pl', 2], ['it', 2], ['ja', 2], ['en-GB', 2],
  ['cy', 1], ['he', 1], ['el', 1], ['zh-TW', 2], ['nl', 1], ['tr', 1],
] as const satisfies readonly (readonly [LanguageCode, number])[];
const specialties = [
  'Family Medicine', 'Pediatrics', 'Cardiology', 'Internal Medicine', 'Dermatology', 'Obstetrics & Gynecology',
  'Orthopedics', 'Neurology', 'Psychiatry', 'Endocrinology', 'Gastroenterology', 'Pulmonology', 'Oncology',
  'Ophthalmology', 'Urgent Care', 'Physical Therapy',
];
const pediatricSpecialties = ['Pediatrics', 'Pediatric Cardiology', 'Neonatology', 'Adolescent Medicine', 'Pediatric Allergy', 'Developmental Pediatrics'];
const groups = ['North Clinic', 'Downtown Clinic', 'Westside Medical Group', 'Cardiology Associates', 'Pediatric Partners', 'After Hours Team', 'Women’s Health Center'];
const credentials = [['MD', 6], ['DO', 2], ['NP', 3], ['PA', 2]] as const;

type PersonRow = typeof persons.$inferInsert;

export type GeneratedPerson = PersonRow & { first: string; family: string; gender: Gender };

/** One person: 1 official name (sometimes with a middle name, prefix, suffix), sometimes a nickname or maiden name too. */
export function generatePerson(rng: Prng, stamp: { accountId: string; createdBy: string; modifiedBy: string }, id?: string): GeneratedPerson {
  const gender = rng.weighted<Gender>([['F', 48], ['M', 46], ['UN', 3], ['UNK', 3]]);
  const first = gender === 'F' ? rng.pick(femaleNames) : gender === 'M' ? rng.pick(maleNames) : rng.chance(0.6) ? rng.pick(neutralNames) : rng.pick([...femaleNames, ...maleNames]);
  const family = rng.chance(0.05) ? `${rng.pick(familyNames)}-${rng.pick(familyNames)}` : rng.pick(familyNames);
  const orgRole = rng.weighted(orgRoles);
  const given = rng.chance(0.3) ? [first, rng.pick(middleNames)] : [first];
  const prefix: NamePrefix[] = orgRole === 'Physician' ? ['Dr'] : rng.chance(0.08) ? [gender === 'F' ? rng.pick(['Ms', 'Mrs', 'Miss'] as const) : gender === 'M' ? 'Mr' : 'Mx'] : [];
  const suffix: NameSuffix[] = gender === 'M' && rng.chance(0.06) ? [rng.pick(['Jr', 'Sr', 'II', 'III'] as const)] : [];
  const name: NameEntry[] = [{ use: 'official', text: `${first} ${family}`, family, given, prefix, suffix }];
  const nickname = nicknames[first];
  if (nickname && rng.chance(0.5)) name.push({ use: 'nickname', text: `${nickname} ${family}`, family, given: [nickname], prefix: [], suffix: [] });
  else if (gender === 'F' && rng.chance(0.12)) {
    const maiden = rng.pick(familyNames);
    name.push({ use: 'maiden', text: `${first} ${maiden}`, family: maiden, given: [first], prefix: [], suffix: [], period: { end: `20${String(rng.int(24)).padStart(2, '0')}-0${1 + rng.int(9)}-1${rng.int(10)}` } });
  }
  const languages: LanguageCode[] = [rng.chance(0.8) ? 'en-US' : rng.weighted(otherLanguages)];
  const extra = rng.weighted([[0, 70], [1, 24], [2, 6]] as const);
  for (let i = 0; i < extra; i++) {
    const code = rng.weighted(otherLanguages);
    if (!languages.includes(code)) languages.push(code);
  }
  const preferred = rng.chance(0.85) ? 0 : rng.int(languages.length);
  const communication: Communication[] = languages.map((code, i) => ({ code, preferred: i === preferred }));
  return { ...(id ? { id } : {}), ...stamp, name, displayName: `${first} ${family}`, gender, orgRole, communication, first, family };
}

const toRow = ({ first: _first, family: _family, ...row }: GeneratedPerson): PersonRow => row;

const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

export type DemoPeopleOptions = {
  accountId: string;
  /** E.g. 'riverside': the users' email domain is `<domain>.test`, and the seed of the generator. */
  key: string;
  persons: number;
  practitioners: number;
  users: number;
  /** Role ids for the generated users: most get `readOnly`, every fourth `practiceAdmin`. */
  roles: { readOnly: string; practiceAdmin: string };
  /** A stable id per generated record. */
  id: (name: string) => string;
  pediatric?: boolean;
  actor: string;
};

/**
 * The demo people of one account: persons, some of them practitioners and users (those persons'
 * flags set to match), written in three multi-row inserts.
 */
export async function insertDemoPeople(tx: Tx, o: DemoPeopleOptions): Promise<void> {
  const rng = prng(seedOf(`astera-demo-people:${o.key}`));
  const stamp = { accountId: o.accountId, createdBy: o.actor, modifiedBy: o.actor };
  const people = Array.from({ length: o.persons }, (_, i) => generatePerson(rng, stamp, o.id(`person:${o.key}:${i}`)));

  // Practitioners: the first persons become clinicians (their role and prefix follow).
  const practitionerRows: (typeof practitioners.$inferInsert)[] = [];
  for (const person of people.slice(0, o.practitioners)) {
    const credential = rng.weighted(credentials);
    person.orgRole = credential === 'MD' || credential === 'DO' ? 'Physician' : credential === 'NP' ? 'Nurse Practitioner' : 'Physician Assistant';
    const official = person.name[0]!;
    official.prefix = credential === 'MD' || credential === 'DO' ? ['Dr'] : [];
    person.practitionerRecord = true;
    const specialty = o.pediatric ? rng.pick(pediatricSpecialties) : rng.pick(specialties);
    const familyPlain = person.family.split('-')[0]!;
    const synonyms = [official.prefix.length ? `Dr. ${person.family}` : `${person.first} ${person.family}`, person.first];
    if (person.name[1]?.use === 'nickname') synonyms.push(`${person.name[1].given[0]} ${person.family}`);
    practitionerRows.push({
      personId: person.id!,
      ...stamp,
      active: rng.chance(0.9),
      name: `${person.first} ${person.family}, ${credential}`,
      specialty,
      group: specialty.includes('Cardiology') && rng.chance(0.7) ? 'Cardiology Associates' : rng.pick(groups),
      initials: `${person.first[0]}${person.name[0]!.given[1]?.[0] ?? ''}${person.family[0]}`.toUpperCase(),
      pronunciation: pronunciations[familyPlain] ?? null,
      synonyms,
    });
  }

  // Users: staff persons after the practitioners, with emails at the account's domain.
  const userRows: (typeof users.$inferInsert)[] = [];
  const emails = new Set<string>();
  for (const [i, person] of people.slice(o.practitioners, o.practitioners + o.users).entries()) {
    person.orgRole = rng.pick(['Staff', 'Front Desk', 'Billing', 'Office Manager', 'Medical Assistant']);
    person.userRecord = true;
    let email = `${ascii(person.first)}.${ascii(person.family)}@${o.key}.test`;
    if (emails.has(email)) email = email.replace('@', `${i}@`);
    emails.add(email);
    const principal = createHash('sha1').update(`astera-demo-principal:${o.key}:${i}`).digest('hex').slice(0, 24);
    userRows.push({
      personId: person.id!,
      ...stamp,
      name: person.displayName,
      email,
      principalId: `auth0|${principal}`,
      source: 'astera',
      active: i !== 7,
      roleId: i % 4 === 0 ? o.roles.practiceAdmin : o.roles.readOnly,
      instanceAdmin: false,
    });
  }

  await tx.insert(persons).values(people.map(toRow));
  if (practitionerRows.length) await tx.insert(practitioners).values(practitionerRows);
  if (userRows.length) await tx.insert(users).values(userRows);
}

/** Rows per INSERT statement. */
export const BATCH = 5000;

type ManyPersonsOptions = { seed?: number; actor?: string; onBatch?: (done: number) => void };

/**
 * Bulk-inserts `count` generated persons into one account (`npm run seed -- --persons N`, the
 * bench): batches of 5,000 rows, each one INSERT … SELECT FROM unnest(arrays), so a batch is
 * a handful of parameters rather than 45,000; ids come from the database.
 */
export async function insertManyPersons(db: Db | Tx, accountId: string, count: number, options: ManyPersonsOptions = {}) {
  const rng = prng(options.seed ?? 20_240_601);
  const actor = options.actor ?? 'Astera seed';
  const stamp = { accountId, createdBy: actor, modifiedBy: actor };
  for (let done = 0; done < count; ) {
    const size = Math.min(BATCH, count - done);
    const batch = Array.from({ length: size }, () => generatePerson(rng, stamp));
    const column = (values: (string | null)[]) => sql.param(values);
    await db.execute(sql`
      insert into persons (account_id, created_by, modified_by, name, display_name, gender, org_role, communication)
      select ${accountId}, ${actor}, ${actor}, n::jsonb, d, g, o, c::jsonb
      from unnest(
        ${column(batch.map((p) => JSON.stringify(p.name)))}::text[],
        ${column(batch.map((p) => p.displayName))}::text[],
        ${column(batch.map((p) => p.gender))}::text[],
        ${column(batch.map((p) => p.orgRole ?? null))}::text[],
        ${column(batch.map((p) => JSON.stringify(p.communication)))}::text[]
      ) as t(n, d, g, o, c)`);
    done += size;
    options.onBatch?.(done);
  }
}

/**
 * `insertManyPersons` for `npm run seed`: the persons and the audit row that records them in one
 * transaction, so a failed run leaves neither.
 */
export async function insertManyPersonsAudited(db: Db, accountId: string, count: number, options: ManyPersonsOptions = {}) {
  const actor = options.actor ?? 'Astera seed';
  await db.transaction(async (tx) => {
    await insertManyPersons(tx, accountId, count, { ...options, actor });
    await tx.insert(auditLog).values({
      accountId,
      actorId: 'seed-cli',
      actorName: actor,
      action: 'create',
      resourceType: 'Person',
      resourceId: null,
      after: { bulkPersons: count },
    });
  });
}

/** The seed step: persons, practitioners and users of every demo account. */
export async function seedDemoPeople({ tx, accounts, id, roleId, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    const account = accounts[key];
    await insertDemoPeople(tx, {
      accountId: account.id,
      key,
      ...demoPeople,
      roles: { readOnly: roleId(key, 'Read Only'), practiceAdmin: roleId(key, 'Practice Administrator') },
      id,
      pediatric: key === 'lakeside',
      actor,
    });
    await tx.insert(auditLog).values({
      accountId: account.id,
      actorId: actor,
      actorName: actor,
      action: 'create',
      resourceType: 'Person',
      resourceId: null,
      after: { demoPeople },
    });
  }
}
