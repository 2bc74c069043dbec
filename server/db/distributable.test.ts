import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '../test/test-db.ts';

/**
 * A schema that can grow past one machine (issue 41): a practice network that outgrows one
 * PostgreSQL is distributed by account (Citus, YugabyteDB), and then every account-scoped table
 * (one with an `account_id` column) must have `account_id` in its primary key, each unique key and
 * each foreign key. This reads the migrated schema and fails when a table breaks that rule, so
 * that every new table is born distributable.
 *
 * Today's tables that break it are listed below, each key with what it breaks. Migrating them is
 * later work; the list only shrinks: a listed key that now complies (or is gone) fails the test
 * until it is taken off.
 */
const keyedWithoutAccount = 'its primary key (the id alone, or ids of other records) does not hold its account: rows are not placed by account, and a lookup by key asks every node';
const referenceWithoutAccount = 'references a row by id alone: on another node the database cannot check it (nor join it locally)';
const uniqueAcrossAccounts = 'unique across all accounts: one node cannot check it';

const knownExceptions: Record<string, Record<string, string>> = {
  access_log: { access_log_pkey: keyedWithoutAccount },
  api_keys: {
    api_keys_pkey: keyedWithoutAccount,
    api_keys_role_id_roles_id_fk: referenceWithoutAccount,
    // A request's key is found by its secret before its account is known.
    api_keys_secret_hash: `${uniqueAcrossAccounts}; a key is looked up by its secret before its account is known`,
  },
  audit_log: { audit_log_pkey: keyedWithoutAccount },
  campaigns: { campaigns_pkey: keyedWithoutAccount },
  contact_point_practitioners: {
    contact_point_practitioners_contact_point_id_contact_points_id_: referenceWithoutAccount,
    contact_point_practitioners_contact_point_id_practitioner_id_pk: keyedWithoutAccount,
    contact_point_practitioners_practitioner_id_practitioners_perso: referenceWithoutAccount,
  },
  contact_points: { contact_points_pkey: keyedWithoutAccount },
  insurances: { insurances_pkey: keyedWithoutAccount },
  interaction_comments: {
    interaction_comments_interaction_id_interactions_id_fk: referenceWithoutAccount,
    interaction_comments_pkey: keyedWithoutAccount,
  },
  interactions: { interactions_pkey: keyedWithoutAccount },
  issues: { issues_pkey: keyedWithoutAccount },
  locations: { locations_pkey: keyedWithoutAccount },
  notifications: { notifications_pkey: keyedWithoutAccount, notifications_user_id_users_person_id_fk: referenceWithoutAccount },
  persons: { persons_pkey: keyedWithoutAccount },
  practice_team_members: {
    practice_team_members_person_id_persons_id_fk: referenceWithoutAccount,
    practice_team_members_team_id_person_id_pk: keyedWithoutAccount,
    practice_team_members_team_id_practice_teams_id_fk: referenceWithoutAccount,
  },
  practice_teams: { practice_teams_pkey: keyedWithoutAccount },
  practitioner_photos: { practitioner_photos_person_id_practitioners_person_id_fk: referenceWithoutAccount, practitioner_photos_pkey: keyedWithoutAccount },
  practitioners: { practitioners_person_id_persons_id_fk: referenceWithoutAccount, practitioners_pkey: keyedWithoutAccount },
  roles: { roles_pkey: keyedWithoutAccount },
  schedule_tasks: {
    schedule_tasks_exception: uniqueAcrossAccounts,
    schedule_tasks_parent_id_schedule_tasks_id_fk: referenceWithoutAccount,
    schedule_tasks_pkey: keyedWithoutAccount,
    schedule_tasks_practitioner_id_practitioners_person_id_fk: referenceWithoutAccount,
    schedule_tasks_schedule_id_schedules_id_fk: referenceWithoutAccount,
  },
  schedules: { schedules_pkey: keyedWithoutAccount },
  survey_responses: {
    survey_responses_campaign_external_unique: uniqueAcrossAccounts,
    survey_responses_campaign_id_campaigns_id_fk: referenceWithoutAccount,
    survey_responses_pkey: keyedWithoutAccount,
  },
  tags: { tags_pkey: keyedWithoutAccount },
  users: {
    users_person_id_persons_id_fk: referenceWithoutAccount,
    users_pkey: keyedWithoutAccount,
    // A sign-in is resolved by its principal before the account is known.
    users_principal: `${uniqueAcrossAccounts}; a sign-in finds its user by principal before the account is known`,
    users_role_id_roles_id_fk: referenceWithoutAccount,
  },
};

type Key = { table: string; name: string; kind: 'primary key' | 'unique' | 'foreign key'; columns: string[] };

/**
 * The primary keys, unique keys (constraints and unique indexes alike: both are pg_index rows) and
 * foreign keys of the tables of `public` that have an `account_id` column.
 */
const keysOfScopedTables = `
  with scoped as (
    select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)
  )
  select s.relname as table, i.relname as name,
         case when x.indisprimary then 'primary key' else 'unique' end as kind,
         array(select a.attname::text from unnest(x.indkey) k join pg_attribute a on a.attrelid = s.oid and a.attnum = k) as columns
  from scoped s join pg_index x on x.indrelid = s.oid and x.indisunique join pg_class i on i.oid = x.indexrelid
  union all
  select s.relname, con.conname, 'foreign key',
         array(select a.attname::text from unnest(con.conkey) k join pg_attribute a on a.attrelid = s.oid and a.attnum = k)
  from scoped s join pg_constraint con on con.conrelid = s.oid and con.contype = 'f'
  order by 1, 2`;

const migrated = migratedDatabase();

const keys = async () => (await migrated.db().pool.query<Key>(keysOfScopedTables)).rows;
const breaking = (all: Key[]) => all.filter((key) => !key.columns.includes('account_id'));
const listed = (key: Pick<Key, 'table' | 'name'>) => knownExceptions[key.table]?.[key.name] !== undefined;

describe('account-scoped tables can be distributed by account', () => {
  it('every primary, unique and foreign key of an account-scoped table includes account_id (but the known exceptions)', async () => {
    const all = await keys();
    expect(new Set(all.map((key) => key.table)).size, 'the account-scoped tables are found').toBeGreaterThanOrEqual(30);
    const unlisted = breaking(all).filter((key) => !listed(key));
    expect(unlisted, 'add account_id to these keys (a new table is born distributable)').toEqual([]);
  });

  it('the known exceptions only shrink: a listed key that now includes account_id, or is gone, leaves the list', async () => {
    const stillBreaking = new Set(breaking(await keys()).map((key) => `${key.table}.${key.name}`));
    const listedKeys = Object.entries(knownExceptions).flatMap(([table, names]) => Object.keys(names).map((name) => `${table}.${name}`));
    expect(listedKeys.filter((key) => !stillBreaking.has(key)), 'take these off knownExceptions').toEqual([]);
  });

  it('the check sees a new table that breaks the rule, and lets one that keeps it through', async () => {
    await migrated.db().pool.query(`
      create table distributable_probe_bad (id uuid primary key, account_id uuid not null, code text unique, person_id uuid references persons (id));
      create table distributable_probe_good (account_id uuid not null, id uuid not null, code text, primary key (account_id, id), unique (account_id, code));`);
    try {
      const probes = breaking(await keys()).filter((key) => key.table.startsWith('distributable_probe'));
      expect(probes.map(({ table, kind }) => `${table} ${kind}`).sort()).toEqual([
        'distributable_probe_bad foreign key',
        'distributable_probe_bad primary key',
        'distributable_probe_bad unique',
      ]);
    } finally {
      await migrated.db().pool.query('drop table distributable_probe_bad, distributable_probe_good');
    }
  });
});
