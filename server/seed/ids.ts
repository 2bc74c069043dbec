import { createHash } from 'node:crypto';

/** Stable UUIDs for demo records, so links in the README and tests never change. */
export function seedId(name: string): string {
  const hex = createHash('sha1').update(`astera-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Demo people per account (spec §2 lists): enough to page, sort and search through. */
export const demoPeople = { persons: 300, practitioners: 25, users: 10 } as const;

/** The Azure tenants of the demo accounts that have one (the team service's directories). */
export const demoTenants = { riverside: seedId('tenant:riverside'), lakeside: seedId('tenant:lakeside') } as const;
