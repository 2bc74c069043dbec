import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { roles, users } from '../db/schema/index.ts';
import { notify } from './notify.ts';

/** The title of both role notifications. */
export const roleChangedTitle = 'Your role changed';

type Actor = { accountId: string; accountName: string; actorId: string; actorName: string };

/**
 * A role was edited: everyone holding it is told (not the editor: they know), with a link to the
 * role's page, which shows what it now grants.
 */
export async function notifyRoleHolders(tx: Tx, event: Actor & { roleId: string; roleName: string }) {
  const holders = await tx
    .select({ id: users.personId })
    .from(users)
    .where(and(eq(users.accountId, event.accountId), eq(users.roleId, event.roleId), ne(users.personId, event.actorId)));
  await notify(tx, {
    accountId: event.accountId,
    userIds: holders.map((h) => h.id),
    title: roleChangedTitle,
    message: `${event.actorName} changed the role "${event.roleName}" you hold in ${event.accountName}.`,
    jumpPath: `/system/roles/${event.roleId}`,
  });
}

/** A user was given another role (or none): that user is told, unless they did it themself. */
export async function notifyUserRoleChanged(tx: Tx, event: Actor & { userId: string; roleId: string | null }) {
  if (event.userId === event.actorId) return;
  const [role] = event.roleId ? await tx.select({ name: roles.name }).from(roles).where(and(eq(roles.accountId, event.accountId), eq(roles.id, event.roleId))) : [];
  await notify(tx, {
    accountId: event.accountId,
    userIds: [event.userId],
    title: roleChangedTitle,
    message: role
      ? `${event.actorName} gave you the role "${role.name}" in ${event.accountName}.`
      : `${event.actorName} removed your role in ${event.accountName}.`,
    jumpPath: event.roleId ? `/system/roles/${event.roleId}` : '/home',
  });
}
