import { createLocalJWKSet, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { createDeps, simulated, type DepsSettings } from '../deps.ts';
import type { Deps } from '../env.ts';

export const ISSUER = 'http://idp.test/';
export const AUDIENCE = 'https://api.astera.test';

/**
 * The dependencies of a test's API and jobs (server/deps.ts): a local key set standing in for the
 * provider's (`publicKey` absent: one no token verifies against), and the simulators whatever the
 * environment says (tests never reach a vendor), recordings kept as files in `recordingsDir`.
 */
export function testDeps(db: Db, recordingsDir: string, more: Partial<DepsSettings> & { publicKey?: JWK } = {}): Deps {
  const { publicKey, ...rest } = more;
  return createDeps({
    db,
    keys: createLocalJWKSet({ keys: publicKey ? [publicKey] : [] }),
    issuer: ISSUER,
    audience: AUDIENCE,
    reportingUrl: 'http://reports.test',
    // The simulated carrier, never failing; its outcomes are reported when a test asks (reportDue).
    integrations: { ...simulated(recordingsDir), telephony: { settings: { kind: 'simulator', failureRate: 0, outcomeMs: 0 }, publicUrl: 'http://localhost' } },
    ...rest,
  });
}
