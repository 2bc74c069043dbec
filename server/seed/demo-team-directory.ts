import { eq, sql } from 'drizzle-orm';
import { directoryGuid, provisionTenant } from '../integrations/team-directory/simulator.ts';
import type { Tx } from '../db/client.ts';
import { simTeamDirectoryBotInstalls, simTeamDirectoryTeams } from '../integrations/simulators/schema.ts';
import { accounts } from '../db/schema/index.ts';

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
