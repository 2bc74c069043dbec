import { issueApiKey } from '../auth/api-keys.ts';
import type { Tx } from '../db/client.ts';
import { apiKeys } from '../db/schema/index.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';

/**
 * Two API keys per demo account, with fixed ids and names: a reporting export that reads (Read
 * Only, in use) and an old scheduling sync that was switched off. Their secrets are random and
 * never printed: only their hashes exist, as for any key (create one on /system/apikeys to try one).
 */
export const demoApiKeys = [
  { slug: 'reporting', name: 'Reporting export', role: 'Read Only', active: true },
  { slug: 'scheduling', name: 'Legacy scheduling sync', role: 'Practice Administrator', active: false },
] as const;

export async function insertDemoApiKeys(
  tx: Tx,
  { accountId, key, id, roleId, actor }: { accountId: string; key: string; id(name: string): string; roleId(role: string): string; actor: string },
) {
  await tx.insert(apiKeys).values(
    demoApiKeys.map((demo) => {
      const { secretHash, hint } = issueApiKey();
      return { id: id(`apikey:${key}:${demo.slug}`), accountId, name: demo.name, active: demo.active, roleId: roleId(demo.role), secretHash, hint, createdBy: actor, modifiedBy: actor };
    }),
  );
}

/** The seed step: two API keys of every demo account. */
export async function seedDemoApiKeys({ tx, accounts, id, roleId, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    await insertDemoApiKeys(tx, { accountId: accounts[key].id, key, id, roleId: (role) => roleId(key, role), actor });
  }
}
