import type { Address } from '../../domain/locations.ts';
import type { Tx } from '../db/client.ts';
import { locations } from '../db/schema/index.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';

type DemoLocation = { name: string; services: string[]; addresses: Partial<Address>[] };

const address = (a: Partial<Address>): Address => ({
  use: 'work',
  type: 'both',
  text: null,
  line: [],
  city: null,
  district: null,
  state: null,
  postalCode: null,
  country: 'US',
  period: null,
  ...a,
});

/** Five sites per practice, fictional but plausible: a main clinic, satellites, a lab, an admin office. */
const sites: Record<string, DemoLocation[]> = {
  astera: [
    { name: 'Astera Health Headquarters', services: ['Administration', 'Billing', 'Call Center'], addresses: [{ line: ['400 Market Street', 'Suite 1200'], city: 'Philadelphia', district: 'Philadelphia County', state: 'PA', postalCode: '19106' }, { use: 'billing', type: 'postal', line: ['PO Box 58210'], city: 'Philadelphia', state: 'PA', postalCode: '19102' }] },
    { name: 'Astera Support Center', services: ['Call Center', 'After-hours Triage'], addresses: [{ line: ['2250 Innovation Drive'], city: 'Wilmington', district: 'New Castle County', state: 'DE', postalCode: '19801' }] },
    { name: 'Astera Training Campus', services: ['Staff Training', 'Onboarding'], addresses: [{ line: ['18 Collegeville Road'], city: 'Malvern', district: 'Chester County', state: 'PA', postalCode: '19355' }] },
    { name: 'Astera Data Center East', services: ['IT Operations'], addresses: [{ type: 'physical', line: ['901 Harbor Point Blvd'], city: 'Baltimore', state: 'MD', postalCode: '21231' }] },
    { name: 'Astera Records Office', services: ['Medical Records', 'Release of Information'], addresses: [{ line: ['77 Chestnut Street', 'Floor 3'], city: 'Camden', district: 'Camden County', state: 'NJ', postalCode: '08103' }] },
  ],
  riverside: [
    {
      name: 'Riverside Main Clinic',
      services: ['Family Medicine', 'Pediatrics', 'Immunizations', 'Laboratory'],
      addresses: [
        { line: ['1200 River Road', 'Building A'], city: 'Springfield', district: 'Sangamon County', state: 'IL', postalCode: '62701', period: { start: '2012-03-01' } },
        { use: 'billing', type: 'postal', line: ['PO Box 4410'], city: 'Springfield', state: 'IL', postalCode: '62708' },
      ],
    },
    { name: 'Riverside North Satellite', services: ['Family Medicine', 'Telehealth'], addresses: [{ line: ['85 Northgate Plaza', 'Suite 210'], city: 'Sherman', district: 'Sangamon County', state: 'IL', postalCode: '62684' }] },
    { name: 'Riverside Urgent Care', services: ['Urgent Care', 'X-ray', 'Sports Physicals'], addresses: [{ line: ['3301 Wabash Avenue'], city: 'Springfield', state: 'IL', postalCode: '62704' }] },
    { name: 'Riverside Women’s Health', services: ['Obstetrics', 'Gynecology', 'Prenatal Care'], addresses: [{ line: ['640 Lincoln Boulevard'], city: 'Chatham', district: 'Sangamon County', state: 'IL', postalCode: '62629' }] },
    {
      name: 'Riverside Lab & Imaging',
      services: ['Laboratory', 'Ultrasound', 'Mammography'],
      addresses: [
        { line: ['1210 River Road', 'Building C'], city: 'Springfield', state: 'IL', postalCode: '62701', period: { start: '2018-06-15' } },
        { use: 'old', line: ['22 Jefferson Street'], city: 'Springfield', state: 'IL', postalCode: '62702', period: { start: '2009-01-01', end: '2018-06-14' } },
      ],
    },
  ],
  lakeside: [
    { name: 'Lakeside Pediatrics Center', services: ['Well-child Visits', 'Immunizations', 'Newborn Care'], addresses: [{ line: ['55 Shoreline Drive'], city: 'Madison', district: 'Dane County', state: 'WI', postalCode: '53703' }] },
    { name: 'Lakeside West Clinic', services: ['Well-child Visits', 'Sick Visits'], addresses: [{ line: ['7010 Mineral Point Road', 'Suite 105'], city: 'Madison', district: 'Dane County', state: 'WI', postalCode: '53717' }] },
    { name: 'Lakeside Behavioral Health', services: ['Child Psychology', 'ADHD Evaluation'], addresses: [{ line: ['1400 Regent Street'], city: 'Madison', state: 'WI', postalCode: '53711' }] },
    { name: 'Lakeside Middleton Office', services: ['Sick Visits', 'Sports Physicals', 'Lactation Support'], addresses: [{ line: ['6630 University Avenue'], city: 'Middleton', district: 'Dane County', state: 'WI', postalCode: '53562' }] },
    { name: 'Lakeside Billing Office', services: ['Billing', 'Insurance Verification'], addresses: [{ use: 'billing', type: 'postal', line: ['PO Box 1977'], city: 'Sun Prairie', state: 'WI', postalCode: '53590' }] },
  ],
};

/** Number of demo locations per account. */
export const demoLocationsPerAccount = 5;

/** The account's demo locations, with stable ids (`id(location:<account>:<n>)`). */
export async function insertDemoLocations(tx: Tx, options: { accountId: string; key: string; id(name: string): string; actor: string }) {
  const list = sites[options.key] ?? [];
  if (list.length === 0) return;
  await tx.insert(locations).values(
    list.map((site, n) => ({
      id: options.id(`location:${options.key}:${n}`),
      accountId: options.accountId,
      createdBy: options.actor,
      modifiedBy: options.actor,
      name: site.name,
      services: site.services,
      addresses: site.addresses.map(address),
    })),
  );
}

/** The seed step: five locations of every demo account. */
export async function seedDemoLocations({ tx, accounts, id, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) await insertDemoLocations(tx, { accountId: accounts[key].id, key, id, actor });
}
