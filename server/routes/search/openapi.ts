import * as v from 'valibot';
import type { SearchAnswer, SearchHit } from '../../../domain/search.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example } from '../../openapi/schemas.ts';

/** Entity search (server/routes/search/index.ts). */

const hitAnswer = answerOf<SearchHit>()(
  v.object({
    type: v.pipe(v.string(), v.description('The kind of record: person, practitioner, user, interaction, location, role…')),
    id: v.string(),
    title: v.string(),
    subtitle: v.optional(v.string()),
    at: v.pipe(v.optional(dateTime), v.description('The moment the record is of (a call’s start).')),
    matched: v.pipe(v.string(), v.description('The text the query matched (name, email, phone…).')),
    path: v.pipe(v.string(), v.description('The record’s page in the portal.')),
    score: v.number(),
  }),
);
const searchAnswer = answerOf<SearchAnswer>()(
  v.object({
    groups: v.pipe(v.array(v.object({ type: v.string(), label: v.string(), hits: v.array(hitAnswer) })), v.description('By kind of record, best first; only kinds the caller’s role may read.')),
    exact: v.pipe(v.nullable(hitAnswer), v.description('The one record a pasted id or phone number names.')),
  }),
);

const hit: SearchHit = { type: 'person', id: example.id, title: 'Jane Doe', subtitle: 'Patient · 1984-02-29', matched: 'Jane Doe', path: `/practice/persons/${example.id}`, score: 0.92 };

export const searchDocs = areaDocs({
  'GET /search': {
    summary: 'Search the account’s records of every kind the caller may read',
    answer: searchAnswer,
    queryExample: { q: 'jane', limit: '5' },
    answerExample: { groups: [{ type: 'person', label: 'Persons', hits: [hit] }], exact: null },
  },
});
