/** Sign-in: the embedded identity provider's store and state, and revoked access tokens. */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The embedded identity provider's sign-in store (unused with an external provider). */
export const credentials = pgTable('credentials', {
  subject: text('subject').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
});

/** JWT access tokens cannot be revoked at the provider: the API refuses these ids until expiry. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-ins ended by logout (issue 40): every access token that names one (its `grant_id` or `sid`
 * claim, server/auth/authenticate.ts) is refused, not only the token logout was called with.
 */
export const revokedSignIns = pgTable('revoked_sign_ins', {
  signIn: text('sign_in').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The embedded identity provider's state (oidc-provider adapter): sessions, interactions, grants, codes and
 * refresh tokens, one row per model and id, so restarts keep everyone signed in and processes share it.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant').on(t.model, t.grantId),
    index('oidc_payloads_uid').on(t.model, t.uid),
    index('oidc_payloads_user_code').on(t.model, t.userCode),
    index('oidc_payloads_expires').on(t.expiresAt),
  ],
);
