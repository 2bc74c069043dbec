import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { usPhonePattern } from '../../../domain/contact-points.ts';
import { messages } from '../../../domain/messages.ts';
import type { WorkflowPeople, WorkflowPerson } from '../../../domain/workflows.ts';
import { recordReads } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import { contactPointPractitioners, contactPoints, persons } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { query } from '../../validate.ts';

/** The most persons one search answers: a chooser, not a list. */
const peopleLimit = 20;

const peopleQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, messages.filterTooLong)), ''),
});

/** The person's phone and SMS contact points, as `patientPersonsOf` (interactions) reads a person's numbers. */
const phoneOf = and(
  eq(contactPointPractitioners.contactPointId, contactPoints.id),
  eq(contactPoints.accountId, contactPointPractitioners.accountId),
  live(contactPoints),
  inArray(contactPoints.system, ['PHONE', 'SMS']),
);

/**
 * "Start workflow" from a person (issue 43): the account's persons who have a US phone or SMS
 * number to call and text, by name, each with those numbers; a person without one cannot be a
 * workflow's patient and is not offered. Reading persons and their contact points takes both grants.
 */
export const workflowPeopleRoutes = new Hono<AppEnv>().get('/people', requires('/person/persons', 'GET'), requires('/contactpoints/contact-points', 'GET'), query(peopleQuery), async (c) => {
  const { q } = c.req.valid('query');
  const db = c.var.deps.db;
  const accountId = c.var.account.id;
  const hasPhone = sql`exists (select 1 from ${contactPointPractitioners} join ${contactPoints} on ${phoneOf} where ${contactPointPractitioners.practitionerId} = ${persons.id})`;
  const found = await db
    .select({ id: persons.id, name: persons.displayName })
    .from(persons)
    .where(and(eq(persons.accountId, accountId), q ? like(persons.searchName, containsPattern(q.toLowerCase())) : undefined, hasPhone))
    .orderBy(asc(persons.searchName), asc(persons.id))
    .limit(peopleLimit);
  const ids = found.map((person) => person.id);
  const numbers =
    ids.length === 0
      ? []
      : await db
          .select({ personId: contactPointPractitioners.practitionerId, id: contactPoints.id, name: contactPoints.name, value: contactPoints.value, normalizedValue: contactPoints.normalizedValue, system: contactPoints.system })
          .from(contactPointPractitioners)
          .innerJoin(contactPoints, phoneOf)
          .where(and(eq(contactPointPractitioners.accountId, accountId), inArray(contactPointPractitioners.practitionerId, ids)))
          .orderBy(asc(contactPoints.rank), asc(contactPoints.name), asc(contactPoints.id));
  const items: WorkflowPerson[] = found
    .map((person) => ({
      ...person,
      // A number the item's phone takes (spec §5's US pattern): as typed when it matches, else its E.164 form.
      phones: numbers
        .filter((n) => n.personId === person.id)
        .map((n) => ({ contactPointId: n.id, name: n.name, system: n.system as 'PHONE' | 'SMS', value: usPhonePattern.test(n.value) ? n.value : n.normalizedValue }))
        .filter((n) => usPhonePattern.test(n.value)),
    }))
    .filter((person) => person.phones.length > 0);
  recordReads(
    c,
    'Person',
    'list',
    items.map((person) => person.id),
  );
  return c.json({ items } satisfies WorkflowPeople);
});
