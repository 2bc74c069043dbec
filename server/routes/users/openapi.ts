import * as v from 'valibot';
import type { User, UserList } from '../../../domain/persons.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, uuid } from '../../openapi/schemas.ts';
import { listQueryExample, personListPage } from '../persons/openapi.ts';

/** Users (server/routes/users/index.ts): their answers, with examples. */

const userAnswer = answerOf<User>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('User'),
    personId: uuid,
    name: v.string(),
    email: v.string(),
    principalId: v.string(),
    source: v.nullable(v.string()),
    oktaId: v.nullable(v.string()),
    active: v.boolean(),
    roleId: v.nullable(uuid),
    userPolicy: v.object({ accessPolicy: v.object({ role: v.nullable(v.string()), roleId: v.nullable(uuid) }) }),
    instanceAdmin: v.boolean(),
    roleBeyondYours: v.optional(v.pipe(v.boolean(), v.description("The user's role grants something the caller's lacks: the caller may not change its sign-in, active state or role."))),
  }),
);

const userListAnswer = answerOf<UserList>()(v.object({ ...personListPage, Items: v.pipe(v.array(userAnswer), v.description('Each user whole (spec §3).')) }));

const userExample: User = {
  ...exampleCommon(),
  resourceType: 'User',
  personId: example.id,
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  principalId: 'auth0|jane.doe',
  source: null,
  oktaId: null,
  active: true,
  roleId: example.otherId,
  userPolicy: { accessPolicy: { role: 'Scheduler', roleId: example.otherId } },
  instanceAdmin: false,
  roleBeyondYours: false,
};

export const userDocs = areaDocs({
  'GET /person/users': {
    summary: 'List users',
    answer: userListAnswer,
    queryExample: { ...listQueryExample, sort: 'email' },
    answerExample: { total: 1, limit: 20, offset: 0, Items: [userExample] },
  },
  'POST /person/users/:id': {
    summary: "Give a person a user record (a sign-in)",
    status: 201,
    answer: createdSchema,
    requestExample: { email: 'jane.doe@example.com', principalId: 'auth0|jane.doe', roleId: example.otherId },
    answerExample: { id: example.id },
  },
  'GET /person/users/:id': { summary: 'Read a user', answer: userAnswer, answerExample: userExample },
  'PATCH /person/users/:id': { summary: 'Update a user', answer: userAnswer, requestExample: { version: 1, active: false }, answerExample: { ...userExample, ...exampleCommon(example.id, 2), active: false } },
  'DELETE /person/users/:id': { summary: "Delete a person's user record", status: 204 },
});
