import { Hono } from 'hono';
import { recordReads, type ReadRecord } from '../../access-log.ts';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import { isAllowed, type Resource } from '../../../domain/permissions.ts';
import { wholeNumber } from '../../../domain/query.ts';
import { maxQueryLength, queryText } from '../../../domain/text.ts';
import type { SearchAnswer, SearchGroup, SearchHit } from '../../../domain/search.ts';
import { signedIn } from '../../auth/requires.ts';
import { fromAreas } from '../../area.ts';
import type { AppEnv } from '../../env.ts';
import type { SearchProvider } from '../../search/registry.ts';
import { query } from '../../validate.ts';

const searchQuery = v.object({
  // NUL and lone surrogates cannot reach PostgreSQL text; they are dropped like other invisible noise.
  q: v.pipe(v.string('q is required'), queryText(maxQueryLength, messages.queryTooLong)),
  limit: v.fallback(wholeNumber(1, 50), 5),
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A US-style phone number (spec §5): 10 digits with an optional country prefix 1. */
export function phoneDigits(q: string): string | null {
  if (!/^[+\d\s().-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/** The search hits that are patient records, by hit type: their reads are recorded (server/access-log.ts). */
const patientHits: Record<string, ReadRecord> = { person: 'Person', practitioner: 'Practitioner', user: 'User', interaction: 'Interaction' };

/**
 * Every searchable entity type, in palette order: each area's `search` (server/routes/<area>/area.ts),
 * by its `order`.
 */
export const searchProviders = fromAreas((areas): readonly SearchProvider[] =>
  areas
    .flatMap((area) => (area.search ? [area.search] : []))
    .sort((a, b) => a.order - b.order)
    .flatMap((search) => search.providers),
);

/**
 * `GET /search?q=`: the request account's records of every searchable type the caller's role may
 * read, grouped by type, best first. A pasted id or phone number that names one record is also
 * answered as `exact`, so the palette can jump straight there. The providers are the areas'
 * (`searchProviders` above).
 */
export const searchRoutes = new Hono<AppEnv>().get('/', signedIn(), query(searchQuery), async (c) => {
  const { q, limit } = c.req.valid('query');
  const { db } = c.var.deps;
  const { caller, account } = c.var;
  const mayRead = (resource: Resource) => caller.instanceAdmin || isAllowed(account.role?.resources, resource, 'GET');
  const providers = searchProviders().filter((p) => (!p.instanceAdminOnly || caller.instanceAdmin) && mayRead(p.resource));
  if (q.length === 0) return c.json({ groups: [], exact: null } satisfies SearchAnswer);

  let exact: SearchHit | null = null;
  if (uuid.test(q)) {
    const found = await Promise.all(providers.map((p) => p.byId?.(db, account.id, q.toLowerCase()) ?? null));
    exact = found.find((hit) => hit) ?? null;
  } else {
    const phone = phoneDigits(q);
    if (phone) {
      const found = await Promise.all(providers.map((p) => p.byPhone?.(db, account.id, phone) ?? null));
      exact = found.find((hit) => hit) ?? null;
    }
  }
  const groups: SearchGroup[] = (
    await Promise.all(providers.map(async (p) => ({ type: p.type, label: p.label, hits: await p.search(db, account.id, q, limit, mayRead) })))
  ).filter((group) => group.hits.length > 0);
  // Patient records found are recorded as read (the palette shows their names).
  for (const [type, kind] of Object.entries(patientHits)) {
    const ids = new Set([...groups.filter((g) => g.type === type).flatMap((g) => g.hits.map((hit) => hit.id)), ...(exact?.type === type ? [exact.id] : [])]);
    recordReads(c, kind, 'list', [...ids]);
  }
  return c.json({ groups, exact } satisfies SearchAnswer);
});
