import { and, eq, notInArray } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { roleId, seedId } from '../seed/seed.ts';
import type { Harness } from './harness.ts';

/**
 * A token of a Riverside demo user (not one of the three sign-ins) given `role` for the test, and
 * how to give back the role they held. For checks of "a role without this grant": the default
 * Practice Administrator holds every read the default Read Only holds (issue 40), so such a role
 * is a demo role (Scheduler, Call-center agent) or one the test makes.
 */
export async function riversideHolderOf(h: Harness, role: string) {
  const [user] = await h.db
    .select({ personId: users.personId, principalId: users.principalId, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.accountId, h.accounts.riverside.id), eq(users.active, true), eq(users.instanceAdmin, false), notInArray(users.personId, [seedId('person:manager'), seedId('person:viewer')])))
    .limit(1);
  await h.db.update(users).set({ roleId: roleId('riverside', role) }).where(eq(users.personId, user!.personId));
  return {
    token: await h.token(user!.principalId!),
    restore: () => h.db.update(users).set({ roleId: user!.roleId }).where(eq(users.personId, user!.personId)),
  };
}
