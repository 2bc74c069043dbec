import { eq, sql } from 'drizzle-orm';
import { directoryGuid, provisionTenant } from '../integrations/team-directory/simulator.ts';
import type { Tx } from '../db/client.ts';
import { simTeamDirectoryBotInstalls, simTeamDirectoryTeams } from '../integrations/simulators/schema.ts';
import { accounts } from '../db/schema/index.ts';
import type { DemoSeed } from '../area.ts';
import { hasSimulators } from '../integrations/simulators/migrate.ts';
import { demoTenants } from './ids.ts';

/**
 * The team service's demo: Riverside and Lakeside each have a Microsoft tenant (fixed GUIDs in
 * `config.azure.tenantId`), and the simulator a directory for each (a dozen users, three teams
 * with channels), with the bot already installed on the first team (Front Desk), so the users
 * list shows both Yes and No and the teams list both states. Astera Health has no tenant: its
 * Teams screens say so.
 */
export async function insertDemoTeamDirectories(tx: Tx, tenants: { accountId: string; tenantId: string }[]) {
  for (const { accountId, tenantId } of tenants) {
    await tx
      .update(accounts)
      .set({ config: sql`jsonb_set(${accounts.config}, '{azure}', coalesce(${accounts.config} -> 'azure', '{}'::jsonb) || ${JSON.stringify({ tenantId })}::jsonb)` })
      .where(eq(accounts.id, accountId));
    await provisionTenant(tx, tenantId);
    const [frontDesk] = await tx.select({ id: simTeamDirectoryTeams.id }).from(simTeamDirectoryTeams).where(eq(simTeamDirectoryTeams.id, directoryGuid(`${tenantId}:team:0`)));
    if (frontDesk) {
      await tx
        .insert(simTeamDirectoryBotInstalls)
        .values({ tenantId, teamId: frontDesk.id, installationId: directoryGuid(`${tenantId}:install:demo`) })
        .onConflictDoNothing();
    }
  }
}

/** The seed step: the team service's demo tenants and directories (they live in the simulators' schema: without it, later). */
export async function seedDemoTeamDirectories({ tx, accounts }: DemoSeed): Promise<void | 'later'> {
  if (!(await hasSimulators(tx))) return 'later';
  await insertDemoTeamDirectories(
    tx,
    (Object.keys(demoTenants) as (keyof typeof demoTenants)[]).map((key) => ({ accountId: accounts[key].id, tenantId: demoTenants[key] })),
  );
}
