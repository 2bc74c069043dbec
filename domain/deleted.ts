import * as v from 'valibot';
import { wholeNumber } from './query.ts';

export { restoreDays, restorableResources } from './restorable.ts';

/** `GET /deleted?limit=`: at most 100 entries, 50 unless asked. */
export const deletedListQuerySchema = v.object({
  limit: v.fallback(wholeNumber(1, 100), 50),
});

/** One record of the account deleted in the last 30 days, of any soft-deletable type. */
export type DeletedEntry = {
  resourceType: string;
  id: string;
  name: string;
  deletedAt: string;
  deletedBy: string;
  /** The record's screen in the SPA, once restored. */
  path: string;
  /** `POST` here restores it. */
  restorePath: string;
};

/** Newest first. */
export type DeletedList = { items: DeletedEntry[] };
