import type { JWTVerifyGetKey } from 'jose';
import type { Db } from './db/client.ts';
import type { ResourceGrants } from '../domain/permissions.ts';

export type Deps = {
  db: Db;
  /** Where the provider's signing keys come from (remote JWKS in production, a local set in tests). */
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  reportingUrl: string;
};

export type Caller = {
  personId: string;
  name: string;
  email: string;
  principalId: string;
  instanceAdmin: boolean;
  homeAccountId: string;
  tokenId: string | null;
  tokenExpiresAt: Date;
};

/** The account a request acts in, and the role that grants what the caller may do there. */
export type ActingAccount = {
  id: string;
  name: string;
  role: { id: string; name: string; resources: ResourceGrants } | null;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    caller: Caller;
    account: ActingAccount;
  };
};
