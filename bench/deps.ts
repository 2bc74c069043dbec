import { tmpdir } from 'node:os';
import { createLocalJWKSet, type JWK } from 'jose';
import type { Db } from '../server/db/client.ts';
import { createDeps, simulated, type DepsSettings } from '../server/deps.ts';
import type { Deps } from '../server/env.ts';
import { BENCH_AUDIENCE, BENCH_ISSUER } from './sign-in.ts';

/** A bench's API dependencies (server/deps.ts): `jwk` its only key, the simulators, recordings as files under the temporary folder. */
export function benchDeps(db: Db, jwk: JWK, more: Partial<DepsSettings> = {}): Deps {
  return createDeps({
    db,
    keys: createLocalJWKSet({ keys: [jwk] }),
    issuer: BENCH_ISSUER,
    audience: BENCH_AUDIENCE,
    reportingUrl: 'http://reports.bench',
    integrations: simulated(tmpdir()),
    ...more,
  });
}
