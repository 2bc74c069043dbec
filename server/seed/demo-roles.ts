import type { ResourceGrants } from '../../domain/permissions.ts';
import type { CcpConfig } from '../../domain/roles.ts';
import { ownNotificationGrants } from '../../domain/notifications.ts';
import type { Tx } from '../db/client.ts';
import { roles } from '../db/schema/index.ts';
import { fromAreas, type Area } from '../area.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';

/** The grants the areas give the demo role (their `grants`, server/routes/<area>/area.ts), and the caller's own notifications (every role holds those). */
const grantsOf = (areas: readonly Area[], role: 'scheduler' | 'callCenterAgent'): ResourceGrants => ({
  ...Object.fromEntries(areas.flatMap((area) => area.grants?.[role] ?? []).map(([resource, methods]) => [resource, Object.fromEntries(methods.map((m) => [m, true]))])),
  ...ownNotificationGrants,
});

/** The demo roles beyond the three every account starts with (issue 10: "Scheduler", "Call-center agent"). Read when first used. */
export const demoRoles = fromAreas((areas): { name: string; resources: ResourceGrants; ccpConfig: CcpConfig | null }[] => [
  { name: 'Scheduler', resources: grantsOf(areas, 'scheduler'), ccpConfig: null },
  {
    name: 'Call-center agent',
    resources: grantsOf(areas, 'callCenterAgent'),
    ccpConfig: {
      awsConnect: {
        region: 'us-east-1',
        defaultProvisionProfile: { acwTimeout: 30, autoAnswer: false },
      },
      allowPauseResumeRecording: true,
    },
  },
]);

/** Inserts the demo roles of one account, with ids from `id(name)`. */
export async function insertDemoRoles(tx: Tx, accountId: string, id: (name: string) => string, actor: string) {
  await tx
    .insert(roles)
    .values(demoRoles().map((role) => ({ id: id(role.name), accountId, createdBy: actor, modifiedBy: actor, name: role.name, resources: role.resources, ccpConfig: role.ccpConfig })))
    .onConflictDoNothing();
}

/** The seed step: the demo roles beyond the first three, per account. */
export async function seedDemoRoles({ tx, accounts, roleId, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) await insertDemoRoles(tx, accounts[key].id, (name) => roleId(key, name), actor);
}
