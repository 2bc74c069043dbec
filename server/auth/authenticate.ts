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

/**
 * The account of the request (architecture "Tenancy"): the caller's own, or the `accountId`
 * query parameter when the caller may act there — an instance administrator anywhere; anyone
 * else only in an account their own account has assumed, through a role their role may assume
 * there and which trusts their role back. They then act with that role's grants.
 */
export const resolveAccount = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.var.deps;
  const caller = c.var.caller;
  const requested = c.req.query('accountId');
  const [home] = await db
    .select({ id: accounts.id, name: accounts.name, assumedAccounts: accounts.assumedAccounts, roleId: users.roleId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.personId, caller.personId));
  if (!home) throw forbidden(messages.unknownUser);
  const homeRole = await roleOf(db, home.id, home.roleId);

  if (!requested || requested === home.id) {
    c.set('account', { id: home.id, name: home.name, role: homeRole && { id: homeRole.id, name: homeRole.name, resources: homeRole.resources } });
    return next();
  }
  if (!v.is(uuidSchema, requested)) throw badRequest(messages.invalidRequest, { accountId: 'accountId must be a UUID' });
  const [target] = await db.select({ id: accounts.id, name: accounts.name, active: accounts.active }).from(accounts).where(eq(accounts.id, requested));
  if (caller.instanceAdmin) {
    if (!target) throw notFound(messages.notFound);
    c.set('account', { id: target.id, name: target.name, role: null });
    return next();
  }
  const assumed = home.assumedAccounts.some((a) => a.accountId === requested);
  const targetRoleId = homeRole?.assumeRoles[requested];
  const targetRole = target?.active && assumed && targetRoleId ? await roleOf(db, requested, targetRoleId) : null;
  if (!target || !homeRole || !targetRole || targetRole.trustedRelationships[home.id] !== homeRole.id) {
    throw forbidden(messages.foreignAccount);
  }
  c.set('account', { id: target.id, name: target.name, role: { id: targetRole.id, name: targetRole.name, resources: targetRole.resources } });
  return next();
});
