import { and, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Location, LocationList, LocationSort } from '../../../domain/locations.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, restorableRecord, presentCommon } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type Reader = Db | Tx;
export type LocationRow = typeof locations.$inferSelect;

/** How long a deleted location can be restored. */

export function presentLocation(row: LocationRow): Location {
  return {
    resourceType: 'Location',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    services: row.services,
    address: row.addresses,
    addresses: row.addresses,
  };
}

/** The live location, always inside the request's account (another account's, or a deleted one, is "not found"). */
export const findLocation = (db: Reader, accountId: string, id: string, forUpdate = false) => liveRecord(db, locations, accountId, id, forUpdate);

/** A location of the account deleted within the restore window (locked for the restore). */
export const findRestorable = (tx: Tx, accountId: string, id: string) => restorableRecord(tx, locations, accountId, id);

/** The first address's part (what the list shows and sorts by). */
const firstAddress = (key: 'city' | 'state') => sql<string | null>`${locations.addresses} -> 0 ->> ${key}`;

/** Some address of the location has a city containing `q`. */
export const cityContains = (q: string): SQL =>
  sql`exists (select 1 from jsonb_array_elements(${locations.addresses}) as a where a ->> 'city' ilike ${containsPattern(q)})`;

const sortColumns: Record<LocationSort, SQL[]> = {
  id: [sql`${locations.id}`],
  name: [sql`${locations.name}`, sql`${locations.id}`],
  city: [firstAddress('city'), sql`${locations.name}`, sql`${locations.id}`],
  services: [sql`cardinality(${locations.services})`, sql`${locations.name}`, sql`${locations.id}`],
};

/** A page of the account's live locations. `q` matches the name, a city, a service, or the id. */
export async function listLocations(db: Db, accountId: string, query: ListQuery<LocationSort> & { tag?: TagFilter }): Promise<LocationList> {
  const filter = query.q
    ? or(
        ilike(locations.name, containsPattern(query.q)),
        cityContains(query.q),
        sql`exists (select 1 from unnest(${locations.services}) as s where s ilike ${containsPattern(query.q)})`,
        isId(query.q, locations.id),
      )
    : undefined;
  const where = and(eq(locations.accountId, accountId), live(locations), filter, query.tag ? taggedWith('Location', locations.id, accountId, query.tag) : undefined);
  const rows = db
    .select({ location: getTableColumns(locations), city: firstAddress('city'), state: firstAddress('state') })
    .from(locations)
    .$dynamic();
  const { items, ...page } = await listPage(db, locations, rows, where, sortColumns[query.sort], query);
  return { items: items.map(({ location, city, state }) => ({ ...presentLocation(location), city, state, serviceCount: location.services.length })), ...page };
}
