/**
 * Locations (spec §3, §5, §7): a practice's sites, the services offered there, and their
 * addresses (several per location). Shared by the API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import type { LocationSort } from './lists.ts';
import { locationSortColumns } from './lists.ts';
import { requiredMessage, tooLongMessage } from './fields.ts';
import { messages } from './messages.ts';
import { expectedVersion, isoDate, type CommonFields } from './records.ts';
import { listQuerySchema } from './list-query.ts';
import { text } from './text.ts';
import { tagQueryParam } from './tags.ts';

/** Spec §3 Address `use` and `type` (the FHIR address vocabulary the spec's fields come from). */
export const addressUses = ['work', 'billing', 'home', 'temp', 'old'] as const;
export type AddressUse = (typeof addressUses)[number];
export const addressTypes = ['physical', 'postal', 'both'] as const;
export type AddressType = (typeof addressTypes)[number];

/** Bounds the spec leaves open (ours). */
export const locationLimits = {
  name: 200,
  services: 30,
  service: 100,
  addresses: 10,
  lines: 4,
  line: 200,
  text: 200,
  part: 100,
} as const;

/** An address as stored and answered: absent parts are null, lines a list (possibly empty). */
export type Address = {
  use: AddressUse | null;
  type: AddressType | null;
  text: string | null;
  line: string[];
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  period: { start?: string; end?: string } | null;
};

/** Optional text: trimmed, empty or absent becomes null. */
const part = (max: number, tooLong: string) =>
  v.pipe(
    v.optional(v.nullable(text(max, tooLong)), null),
    v.transform((s) => (s ? s : null)),
  );

/** An optional date of a period: empty text is no date. */
const periodDate = v.optional(v.union([v.pipe(v.literal(''), v.transform(() => undefined)), isoDate], messages.dateInvalid));

const addressSchema = v.pipe(
  v.object(
    {
      use: v.optional(v.nullable(v.picklist(addressUses, messages.addressUseInvalid)), null),
      type: v.optional(v.nullable(v.picklist(addressTypes, messages.addressTypeInvalid)), null),
      text: part(locationLimits.text, tooLongMessage('text', locationLimits.text)),
      line: v.pipe(
        v.optional(v.array(text(locationLimits.line, messages.addressLineInvalid, messages.addressLineInvalid), messages.addressLineInvalid), () => []),
        // Empty lines (a line added and left blank) are dropped, then at most four remain.
        v.transform((lines) => lines.filter((l) => l !== '')),
        v.maxLength(locationLimits.lines, messages.tooManyAddressLines),
      ),
      city: part(locationLimits.part, tooLongMessage('city', locationLimits.part)),
      district: part(locationLimits.part, tooLongMessage('district', locationLimits.part)),
      state: part(locationLimits.part, tooLongMessage('state', locationLimits.part)),
      postalCode: part(locationLimits.part, tooLongMessage('postalCode', locationLimits.part)),
      country: part(locationLimits.part, tooLongMessage('country', locationLimits.part)),
      period: v.pipe(
        v.optional(
          v.nullable(
            v.pipe(
              v.object({ start: periodDate, end: periodDate }, messages.objectExpected),
              v.check((p) => !p.start || !p.end || p.start <= p.end, messages.periodOrder),
            ),
          ),
          null,
        ),
        v.transform((p) => (p && (p.start || p.end) ? { ...(p.start ? { start: p.start } : {}), ...(p.end ? { end: p.end } : {}) } : null)),
      ),
    },
    messages.objectExpected,
  ),
  v.check((a) => a.line.length > 0 || Boolean(a.city || a.postalCode || a.text), messages.addressEmpty),
  v.transform((a): Address => a),
);

const nameField = v.pipe(
  text(locationLimits.name, messages.locationNameTooLong, messages.locationNameRequired),
  v.nonEmpty(messages.locationNameRequired),
);

/** Services offered: each 1–100 characters, duplicates (ignoring case) dropped, at most 30. */
const servicesField = v.pipe(
  v.array(v.pipe(v.string(messages.serviceInvalid), text(locationLimits.service, messages.serviceInvalid), v.nonEmpty(messages.serviceInvalid)), messages.serviceInvalid),
  v.maxLength(1000, messages.tooManyServices),
  v.transform((services) => services.filter((s, i) => services.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i)),
  v.maxLength(locationLimits.services, messages.tooManyServices),
);

const addressesField = v.pipe(v.array(addressSchema, messages.objectExpected), v.maxLength(locationLimits.addresses, messages.tooManyAddresses));

const missing: Record<string, string> = { name: messages.locationNameRequired };
const object = <const E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key] ?? requiredMessage(key);
  });

/**
 * Spec §3 names a location's addresses `address`; the screens send `addresses`. Either is taken
 * (both sent, they must be the same list), and the record keeps them as `addresses`.
 */
const addressesAgree = (input: { address?: unknown; addresses?: unknown }) =>
  input.address === undefined || input.addresses === undefined || JSON.stringify(input.address) === JSON.stringify(input.addresses);
const asAddresses = <T extends { address?: Address[]; addresses?: Address[] }>({ address, ...rest }: T): Omit<T, 'address'> => ({
  ...rest,
  ...((address ?? rest.addresses) !== undefined && { addresses: address ?? rest.addresses }),
});

/** `POST /locations/locations`: a name; services and addresses (spec §3 `address`, or `addresses`) may be left out (none). */
export const locationCreateSchema = v.pipe(
  object({
    name: nameField,
    services: v.optional(servicesField, () => []),
    address: v.optional(addressesField),
    addresses: v.optional(addressesField),
  }),
  v.forward(
    v.check((input) => addressesAgree(input), messages.addressesDisagree),
    ['address'],
  ),
  v.transform((input) => ({ ...asAddresses(input), addresses: input.address ?? input.addresses ?? [] })),
);
export type LocationCreate = v.InferInput<typeof locationCreateSchema>;
export type LocationCreateParsed = v.InferOutput<typeof locationCreateSchema>;

/** `PATCH /locations/locations/{id}`: the version edited and the fields changed (a list sent replaces the stored one). */
export const locationPatchSchema = v.pipe(
  object({
    version: expectedVersion,
    name: v.optional(nameField),
    services: v.optional(servicesField),
    address: v.optional(addressesField),
    addresses: v.optional(addressesField),
  }),
  v.forward(
    v.check((input) => addressesAgree(input), messages.addressesDisagree),
    ['address'],
  ),
  v.transform((input) => asAddresses(input)),
);
export type LocationPatch = v.InferInput<typeof locationPatchSchema>;
export type LocationPatchParsed = v.InferOutput<typeof locationPatchSchema>;

export { locationSortColumns, type LocationSort };
/** Locations also filter by tag (`tag=key` or `tag=key:value`, domain/tags.ts). */
export const locationListQuerySchema = v.object({ ...listQuerySchema(locationSortColumns).entries, tag: tagQueryParam });

export type Location = CommonFields & {
  resourceType: 'Location';
  name: string;
  services: string[];
  /** Spec §3's name of the addresses. */
  address: Address[];
  /** The same list, as the screens read it. */
  addresses: Address[];
};

/** A list row: the whole §3 location (issue 44), and beside it the first address's city and state and how many services (the list's columns). */
export type LocationListItem = Location & { city: string | null; state: string | null; serviceCount: number };
export type LocationList = { items: LocationListItem[]; total: number; limit: number; offset: number };

/** One line of an address for lists and the palette: "12 Main St, Springfield, IL 62701". */
export function addressSummary(a: Pick<Address, 'line' | 'city' | 'state' | 'postalCode' | 'text'>): string {
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [...a.line, place].filter(Boolean).join(', ') || a.text || '';
}
