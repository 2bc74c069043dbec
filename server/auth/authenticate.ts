import { eq } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as v from 'valibot';
import { messages } from '../../domain/messages.ts';
import { accounts } from '../db/schema/index.ts';
import type { AppEnv, Deps } from '../env.ts';
import { apiKeyActorName } from '../../domain/api-keys.ts';
import { hashApiKey, isApiKey, loadApiKeyCaller, recordApiKeyUse } from './api-keys.ts';
import { loadIdentity, type Identity } from './callers.ts';
import { accountInactive } from '../../domain/api.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../errors.ts';
import { GRANT_CLAIM } from '../idp/adapter.ts';

/**
 * Verifies the bearer JWT (signature against the provider's keys, issuer, audience, expiry),
 * refuses revoked token ids, and loads the active user the token's subject belongs to (with their
 * home account, role and actable assumed accounts: one round trip, or none from the cache).
 * An API key (`x-api-key: ak_…`, or `Authorization: Bearer ak_…`: told from a JWT by its prefix)
 * stands for its key instead (`authenticateApiKey`).
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const { keys, issuer, audience } = c.var.deps;
  const header = c.req.header('authorization');
  const apiKey = c.req.header('x-api-key');
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  // One credential per request: an API key in `x-api-key`, or a bearer that is a key or a JWT.
  if (header === undefined && apiKey !== undefined) return authenticateApiKey(c, next, apiKey.trim());
  if (!match) throw unauthorized(messages.unauthenticated);
  if (isApiKey(match[1]!)) return authenticateApiKey(c, next, match[1]!);
  let payload;
  try {
    ({ payload } = await jwtVerify(match[1]!, keys, { issuer, audience, algorithms: ['RS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthorized(messages.unauthenticated);
    throw error;
  }
  if (!payload.sub || !payload.exp) throw unauthorized(messages.unauthenticated);
  const signInId = signInOf(payload);
  const identity = await identify(c.var.deps, payload.sub, payload.jti ?? null, signInId);
  if (identity.revoked) throw unauthorized(messages.tokenRevoked);
  const { user } = identity;
  if (!user || !user.active) throw forbidden(messages.unknownUser);
  // A deactivated account stops its users at their next request, with an answer the SPA shows as its own page.
  if (!user.home.active) throw new ApiError(403, accountInactive.code, accountInactive.message);
  c.set('identity', user);
  c.set('caller', {
    personId: user.personId,
    name: user.name,
    email: user.email,
    principalId: user.principalId,
    instanceAdmin: user.instanceAdmin,
    homeAccountId: user.home.id,
    tokenId: payload.jti ?? null,
    tokenExpiresAt: new Date(payload.exp * 1000),
    grantId: typeof payload[GRANT_CLAIM] === 'string' ? payload[GRANT_CLAIM] : null,
    signInId,
    apiKey: null,
  });
  await next();
});

/**
 * A request carrying an API key acts with the key's role in the key's account, and in no other
 * (a key has no assumed accounts, and is no instance administrator). An unknown, inactive or
 * deleted key, or one of an inactive account, is refused (401) at once: the cache that may hold
 * the key is cleared by every write and by the database's notifications when a key changes.
 */
async function authenticateApiKey(c: Context<AppEnv>, next: Next, secret: string) {
  const { db, callers } = c.var.deps;
  const load = () => loadApiKeyCaller(db, secret);
  // Keyed by the secret's hash: the cache never holds a secret.
  const key = isApiKey(secret) ? await (callers ? callers.get(`apikey\n${hashApiKey(secret)}`, load) : load()) : null;
  if (!key || !key.active || !key.account.active) throw unauthorized(messages.apiKeyInvalid);
  await recordApiKeyUse(db, key.id);
  const name = apiKeyActorName(key.name);
  const home = { id: key.account.id, name: key.account.name, active: key.account.active };
  c.set('identity', { personId: key.id, name, email: '', principalId: `apikey:${key.id}`, instanceAdmin: false, active: true, home, role: key.role, actable: [] });
  c.set('caller', {
    personId: key.id,
    name,
    email: '',
    principalId: `apikey:${key.id}`,
    instanceAdmin: false,
    homeAccountId: key.account.id,
    tokenId: null,
    tokenExpiresAt: new Date(),
    grantId: null,
    signInId: null,
    apiKey: { id: key.id, name: key.name },
  });
  await next();
}

const uuidSchema = v.pipe(v.string(), v.uuid());

/**
 * The sign-in a token was issued to (issue 40: logout ends the sign-in, every token of it): the
 * embedded provider's grant (`grant_id`, which a refresh keeps), else the provider's session id
 * (`sid`, as Auth0 may put it in access tokens). Without either only the token itself can be
 * revoked (docs/security.md).
 */
function signInOf(payload: JWTPayload): string | null {
  for (const claim of [GRANT_CLAIM, 'sid']) {
    const value = payload[claim];
    if (typeof value === 'string' && value !== '') return `${claim}:${value}`;
  }
  return null;
}

/** The caller of a token: from the process's cache when there is one, else one database round trip. */
function identify(deps: Deps, subject: string, tokenId: string | null, signIn: string | null): Promise<Identity> {
  const load = () => loadIdentity(deps.db, subject, tokenId, signIn);
  // A token's id names one token of one subject and sign-in; they are in the key all the same.
  return deps.callers && tokenId ? deps.callers.get(`${tokenId}\n${signIn ?? ''}\n${subject}`, load) : load();
}

/** The assumed accounts the caller may really act in (for the selector and the policy). */
export function actableAssumedAccounts(c: Context<AppEnv>) {
  return c.var.identity.actable.map(({ accountId, accountName }) => ({ accountId, accountName }));
}

/**
 * The account of the request (architecture "Tenancy"): the caller's own, or the `accountId`
 * query parameter when the caller may act there — an instance administrator anywhere; anyone
 * else only through a trusted assumed role (see `loadIdentity`), whose grants they then act with.
 */
export const resolveAccount = createMiddleware<AppEnv>(async (c, next) => {
  const { db, callers } = c.var.deps;
  const { caller, identity } = c.var;
  // Ids are stored lowercase; an id is the same id in any case.
  const requested = c.req.query('accountId')?.toLowerCase();
  const { home, role } = identity;

  if (!requested || requested === home.id) {
    c.set('account', { id: home.id, name: home.name, role });
    return next();
  }
  if (!v.is(uuidSchema, requested)) throw badRequest(messages.invalidRequest, { accountId: messages.accountIdInvalid });
  if (caller.instanceAdmin) {
    const load = async () => (await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, requested)))[0] ?? null;
    const key = `${caller.tokenId}\n${caller.principalId}\naccount ${requested}`;
    const target = callers && caller.tokenId ? await callers.get(key, load) : await load();
    if (!target) throw notFound(messages.notFound);
    c.set('account', { id: target.id, name: target.name, role: null });
    return next();
  }
  const actable = identity.actable.find((a) => a.accountId === requested);
  if (!actable) throw forbidden(messages.foreignAccount);
  c.set('account', { id: requested, name: actable.name, role: actable.role });
  return next();
});
