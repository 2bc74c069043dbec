import { and, desc, eq, like } from 'drizzle-orm';
import { unnamedPartyLabels, type InteractionType } from '../../../domain/interaction-kinds.ts';
import type { SearchHit } from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import { interactions } from '../../db/schema/index.ts';
import { containsPattern } from '../../search/like.ts';
import type { SearchProvider } from '../../search/registry.ts';
import { live } from '../../soft-delete.ts';
import { phoneQuery } from './queries.ts';

type HitRow = { id: string; type: InteractionType; startTimestamp: Date; patientName: string | null; contactNumber: string | null; direction: string };

/**
 * A call as the palette shows it: the patient (or the number; a chat's unnamed visitor as such),
 * the call's direction (or "web chat") and start below. The start goes as an instant (`at`) and the number as stored (E.164): the palette writes
 * both as the rest of the portal does, in the user's format.
 */
function interactionHit(row: HitRow, matched: string, score: number): SearchHit {
  return {
    type: 'interaction',
    id: row.id,
    title: row.patientName ?? row.contactNumber ?? unnamedPartyLabels[row.type],
    subtitle: row.type === 'chat' ? 'web chat' : `${row.direction} call`,
    at: row.startTimestamp.toISOString(),
    matched,
    path: `/interactions/${row.id}`,
    score,
  };
}

const hitColumns = {
  id: interactions.id,
  type: interactions.type,
  startTimestamp: interactions.startTimestamp,
  patientName: interactions.patientName,
  contactNumber: interactions.contactNumber,
  direction: interactions.direction,
};

/**
 * The account's calls by the patient's name (a part of it, any case) or a pasted phone number in
 * any spelling, newest first: offered only to a role that may GET interactions (the search route
 * checks `resource`), and each hit is recorded as a read of patient data.
 */
export const interactionSearch: SearchProvider = {
  type: 'interaction',
  label: 'Interactions',
  resource: '/interactions/interactions',
  async search(db: Db, accountId: string, q: string, limit: number) {
    const phone = phoneQuery(q);
    if (!phone && q.length < 2) return [];
    const match = phone
      ? phone.partial
        ? like(interactions.contactDigits, containsPattern(phone.digits))
        : eq(interactions.contactDigits, phone.digits)
      : like(interactions.searchName, containsPattern(q.toLowerCase()));
    const rows = await db
      .select(hitColumns)
      .from(interactions)
      .where(and(eq(interactions.accountId, accountId), live(interactions), match))
      .orderBy(desc(interactions.startTimestamp), desc(interactions.id))
      .limit(limit);
    return rows.map((row) => interactionHit(row, (phone ? row.contactNumber : row.patientName) ?? '', phone && !phone.partial ? 1 : 0.9));
  },
  async byId(db, accountId, id) {
    const [row] = await db
      .select(hitColumns)
      .from(interactions)
      .where(and(eq(interactions.accountId, accountId), eq(interactions.id, id), live(interactions)));
    return row ? interactionHit(row, row.id, 1) : null;
  },
};
