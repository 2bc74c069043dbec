import { eq } from 'drizzle-orm';
import { recordReads } from '../../access-log.ts';
import { Hono } from 'hono';
import { messages } from '../../../domain/messages.ts';
import { personCreateSchema, personDisplayName, personListQuerySchema, personPatchSchema, type PersonCreated } from '../../../domain/persons.ts';
import { requires } from '../../auth/requires.ts';
import { accounts, persons, practitioners } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { presentPractitioner } from '../practitioners/queries.ts';
import { findPerson, listPersons, presentPerson } from './queries.ts';

/**
 * Persons (spec §7): the records users and practitioners are made from (server/routes/users/,
 * server/routes/practitioners/, keyed by the person's id, mounted at /person beside these). Every
 * query is scoped to the request's account; a record of another account answers 404 (its
 * existence is not revealed).
 */
export const personRoutes = new Hono<AppEnv>()
  .get('/persons', requires('/person/persons', 'GET'), query(personListQuerySchema), async (c) => {
    const list = await listPersons(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'Person', 'list', list.Items.map((item) => item.id));
    return c.json(list);
  })
  .post('/persons', requires('/person/persons', 'POST'), jsonLimit, json(personCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const chosen = body.accountId?.toLowerCase();
    if (chosen && chosen !== c.var.account.id) {
      // Spec §1: instance administrators may create a person on behalf of a chosen account.
      if (!c.var.caller.instanceAdmin) throw forbidden(messages.foreignAccount);
      const [target] = await c.var.deps.db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, chosen));
      if (!target) throw badRequest(messages.invalidRequest, { accountId: messages.accountNotFound });
      c.set('account', { id: target.id, name: target.name, role: null });
    }
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const stamp = { accountId, createdBy: actorName, modifiedBy: actorName };
      const [person] = await tx
        .insert(persons)
        .values({
          ...stamp,
          name: body.name,
          displayName: personDisplayName(body.name),
          gender: body.gender ?? null,
          orgRole: body.orgRole ?? null,
          communication: body.communication,
          practitionerRecord: body.makePractitioner,
        })
        .returning();
      await audit({ action: 'create', resourceType: 'Person', resourceId: person!.id, after: presentPerson(person!) });
      const answer: PersonCreated = { id: person!.id };
      if (body.makePractitioner) {
        // 'Take me to Practitioner Setup': the practitioner record comes with the person or not at all.
        const [practitioner] = await tx.insert(practitioners).values({ ...stamp, personId: person!.id, name: person!.displayName }).returning();
        await audit({ action: 'create', resourceType: 'Practitioner', resourceId: person!.id, after: presentPractitioner(practitioner!, null) });
        answer.practitionerId = practitioner!.personId;
      }
      return answer;
    });
    return c.json(created, 201);
  })
  .get('/persons/:id', requires('/person/persons/{id}', 'GET'), idParam(), async (c) => {
    const person = presentPerson(found(await findPerson(c.var.deps.db, c.var.account.id, c.req.valid('param').id)));
    recordReads(c, 'Person', 'view', [person.id]);
    return c.json(person);
  })
  .patch(
    '/persons/:id',
    requires('/person/persons/{id}', 'PATCH'),
    idParam(() => badRequest(messages.personNotUpdated, { id: messages.personNotUpdated })),
    jsonLimit,
    json(personPatchSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { version: sentVersion, ...body } = c.req.valid('json');
      const expected = expectedVersion(c, sentVersion);
      const changes = sent({ ...body, displayName: body.name && personDisplayName(body.name) });
      const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
        const current = found(await findPerson(tx, accountId, id, true));
        const version = editedVersion(current, expected);
        if (await repeats({ resourceType: 'Person', resourceId: id, record: current, version, changes })) return current;
        const before = editable(current, version);
        const after = await updateVersioned({ tx, accountId, actorName }, persons, { key: persons.id, id, version }, changes);
        await audit({ action: 'update', resourceType: 'Person', resourceId: id, before: presentPerson(before), after: presentPerson(after) });
        return after;
      });
      return c.json(presentPerson(updated));
    },
  );
