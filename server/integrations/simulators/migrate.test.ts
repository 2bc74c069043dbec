import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { seed } from '../../seed/seed.ts';
import { connect } from '../../db/client.ts';
import { interactions, queues } from '../../db/schema/index.ts';
import { hasSimulators, migrateSimulators } from './migrate.ts';

/** A database made from nothing (not from the test template, which has the simulators' schema). */
const admin = () => inject('pgAdminUrl');
const name = `t_empty_${randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(admin());
  u.pathname = `/${name}`;
  return u.toString();
})();
async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: admin() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
async function tables() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables where table_name ~ '(contact_center|team_directory)' order by 1, 2`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

beforeAll(() => asAdmin(`CREATE DATABASE ${name} TEMPLATE template0`), 60_000);
afterAll(() => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

describe("the simulators' own schema", () => {
  it("the product's migrations leave no simulator table (those of earlier migrations are dropped); the simulators' migrations make them in `simulators` alone", async () => {
    await migrate(url);
    expect(await tables()).toEqual([]);
    const database = connect(url, 1);
    try {
      expect(await hasSimulators(database.db)).toBe(false);
      // The demo without a simulator: no simulator data, and the queues wait for the schema.
      expect(await seed(database.db)).toBe(true);
      expect(await database.db.select().from(queues)).toEqual([]);

      await migrateSimulators(url);
      await migrateSimulators(url); // idempotent
      const made = await tables();
      // The team directory's seven, the contact center's instances and queues, and its calls and placing (issue 26).
      expect(made.length).toBe(11);
      expect(new Set(made.map((t) => t.schema))).toEqual(new Set(['simulators']));
      expect(await hasSimulators(database.db)).toBe(true);
      // A later start with a simulator seeds what waited: the demo's queues.
      expect(await seed(database.db)).toBe(true);
      expect((await database.db.select().from(queues)).length).toBeGreaterThan(0);
      // And the demo's calls, which come from the simulated contact center.
      expect((await database.db.select().from(interactions)).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
