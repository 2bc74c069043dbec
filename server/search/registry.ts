import type { Resource } from '../../domain/permissions.ts';
import type { SearchHit } from '../../domain/search.ts';
import type { Db } from '../db/client.ts';

/**
 * One searchable entity type. Each API area registers its own (see `server/search/providers.ts`);
 * `GET /search` runs those whose resource the caller's role may GET, always scoped to the
 * request's account.
 */
export type SearchProvider = {
  type: string;
  /** Group heading in the palette, e.g. 'Users'. */
  label: string;
  resource: Resource;
  /**
   * The records are not the request account's but the instance's (accounts): offered only to an
   * instance administrator, the one caller who may list them, whatever the role grants.
   */
  instanceAdminOnly?: boolean;
  /**
   * Typo-tolerant search (trigram similarity or word similarity), best first, at most `limit`.
   * `mayRead` says whether the caller's role may GET a resource (a provider that finds records of
   * other kinds, like the tags', shows only those the role may read).
   */
  search(db: Db, accountId: string, q: string, limit: number, mayRead?: (resource: Resource) => boolean): Promise<SearchHit[]>;
  /** The record with exactly this id (a pasted UUID), if any. */
  byId?(db: Db, accountId: string, id: string): Promise<SearchHit | null>;
  /** The record with exactly this phone number (digits only, 10 digits, US), if any. */
  byPhone?(db: Db, accountId: string, digits: string): Promise<SearchHit | null>;
};
