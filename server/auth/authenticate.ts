import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors, jwtVerify } from 'jose';
import * as v from 'valibot';
import { messages } from '../../domain/messages.ts';
import { accounts, revokedTokens, roles, users } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../errors.ts';
import type { Db } from '../db/client.ts';

/**
 * Verifies the bearer JWT (signature against the provider's keys, issuer, audience, expiry),
 * refuses revoked token ids, and loads the active user the token's subject belongs to.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const { db, keys, issuer, audience } = c.var.deps;
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized(messages.unauthenticated);
  let payload;
  try {
    ({ payload } = await jwtVerify(match[1]!, keys, { issuer, audience, algorithms: ['RS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthorized(messages.unauthenticated);
    throw error;
  }
  if (!payload.sub || !payload.exp) throw unauthorized(messages.unauthenticated);
  if (payload.jti) {
    const revoked = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, payload.jti));
    if (revoked.length > 0) throw unauthorized(messages.tokenRevoked);
  }
  const [user] = await db
    .select({
      personId: users.personId,
      name: users.name,
      email: users.email,
      principalId: users.principalId,
      instanceAdmin: users.instanceAdmin,
      active: users.active,
      accountId: users.accountId,
      accountActive: accounts.active,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.principalId, payload.sub));
  if (!user || !user.active || !user.accountActive) throw forbidden(messages.unknownUser);
  c.set('caller', {
    personId: user.personId,
    name: user.name,
    email: user.email,
    principalId: user.principalId,
    instanceAdmin: user.instanceAdmin,
    homeAccountId: user.accountId,
    tokenId: payload.jti ?? null,
    tokenExpiresAt: new Date(payload.exp * 1000),
  });
  await next();
});

const uuidSchema = v.pipe(v.string(), v.uuid());

async function roleOf(db: Db, accountId: string, roleId: string | null) {
  if (!roleId) return null;
  const [role] = await db
    .select({ id: roles.id, name: roles.name, resources: roles.resources, trustedRelationships: roles.trustedRelationships, assumeRoles: roles.assumeRoles })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.accountId, accountId)));
  return role ?? null;
}

type Home = { id: string; name: string; assumedAccounts: { accountId: string; accountName: string }[]; role: Awaited<ReturnType<typeof roleOf>> };

async function homeOf(db: Db, personId: string): Promise<Home | null> {
  const [home] = await db
    .select({ id: accounts.id, name: accounts.name, assumedAccounts: accounts.assumedAccounts, roleId: users.roleId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.personId, personId));
  return home ? { ...home, role: await roleOf(db, home.id, home.roleId) } : null;
}

/**
 * The role a non-administrator acts with in another account, or null when they may not act
 * there: their own account must have assumed it, their role must name a role to assume there,
 * and that role must trust their role back.
 */
async function assumedRole(db: Db, home: Home, targetId: string) {
  if (!home.role || !home.assumedAccounts.some((a) => a.accountId === targetId)) return null;
  const targetRoleId = home.role.assumeRoles[targetId];
  if (!targetRoleId) return null;
  const [target] = await db.select({ active: accounts.active }).from(accounts).where(eq(accounts.id, targetId));
  const role = target?.active ? await roleOf(db, targetId, targetRoleId) : null;
  return role && role.trustedRelationships[home.id] === home.role.id ? role : null;
}

/** The assumed accounts the caller may really act in (for the selector and the policy). */
export async function actableAssumedAccounts(db: Db, personId: string) {
  const home = await homeOf(db, personId);
  if (!home) return [];
  const checks = await Promise.all(home.assumedAccounts.map(async (a) => ((await assumedRole(db, home, a.accountId)) ? a : null)));
  return checks.filter((a) => a !== null);
}

/**
 * The account of the request (architecture "Tenancy"): the caller's own, or the `accountId`
 * query parameter when the caller may act there — an instance administrator anywhere; anyone
 * else only through a trusted assumed role (see `assumedRole`), whose grants they then act with.
 */
export const resolveAccount = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.var.deps;
  const caller = c.var.caller;
  // Ids are stored lowercase; an id is the same id in any case.
  const requested = c.req.query('accountId')?.toLowerCase();
  const home = await homeOf(db, caller.personId);
  if (!home) throw forbidden(messages.unknownUser);

  if (!requested || requested === home.id) {
    c.set('account', { id: home.id, name: home.name, role: home.role && { id: home.role.id, name: home.role.name, resources: home.role.resources } });
    return next();
  }
  if (!v.is(uuidSchema, requested)) throw badRequest(messages.invalidRequest, { accountId: 'accountId must be a UUID' });
  if (caller.instanceAdmin) {
    const [target] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, requested));
    if (!target) throw notFound(messages.notFound);
    c.set('account', { id: target.id, name: target.name, role: null });
    return next();
  }
  const role = await assumedRole(db, home, requested);
  if (!role) throw forbidden(messages.foreignAccount);
  const [target] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, requested));
  c.set('account', { id: requested, name: target!.name, role: { id: role.id, name: role.name, resources: role.resources } });
  return next();
});
