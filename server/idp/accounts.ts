import { eq } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { credentials } from '../db/schema/index.ts';
import type { IdpUser } from './index.ts';

/**
 * A hash of a random password nobody knows, with the same scrypt parameters as real ones: an unknown email is
 * checked against it, so the answer takes as long as for a known email and does not reveal which emails exist.
 */
const UNKNOWN_USER_HASH = 'scrypt$ogA9to5+4AuTHJmAFTX1xg==$iZV1VGQl5cygVTa873va4m/alQlTvh+nTNbQ4mlpKdk=';

export type VerifyPassword = (password: string, stored: string) => Promise<boolean>;

/** The provider's users: the `credentials` table of the portal's database. */
export function credentialAccounts(db: Db, verify: VerifyPassword = verifyPassword) {
  return {
    async authenticate(email: string, password: string): Promise<IdpUser | null> {
      // PostgreSQL text cannot hold U+0000, and no stored email has one: such an email is simply unknown.
      const [row] = email.includes('\u0000')
        ? []
        : await db.select().from(credentials).where(eq(credentials.email, email.trim().toLowerCase()));
      const matches = await verify(password, row?.passwordHash ?? UNKNOWN_USER_HASH);
      return row && matches ? { sub: row.subject, email: row.email, name: row.name } : null;
    },
    async findUser(sub: string): Promise<IdpUser | null> {
      const [row] = await db.select().from(credentials).where(eq(credentials.subject, sub));
      return row ? { sub: row.subject, email: row.email, name: row.name } : null;
    },
  };
}
