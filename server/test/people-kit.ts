import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Person } from '../../domain/persons.ts';
import { auditLog, persons, practitioners, users } from '../db/schema/index.ts';
import type { DemoUser, Harness } from './harness.ts';

/**
 * What the persons', users' and practitioners' API tests share (all three at /person): row
 * counts to prove a refused write wrote nothing, calls as a demo user, and a person made or read.
 * `harness` is read at each call: the test files make theirs in `beforeAll`.
 */
export function peopleTestKit(harness: () => Harness) {
  const rows = async (table: typeof persons | typeof users | typeof practitioners | typeof auditLog) => (await harness().db.select({ n: count() }).from(table))[0]!.n;
  const send = (user: DemoUser, method: string, path: string, json?: unknown) => harness().call(user, path, { method, json });
  async function createPerson(user: DemoUser, body: Record<string, unknown>, path = '/person/persons') {
    const res = await send(user, 'POST', path, body);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; practitionerId?: string };
  }
  return {
    rows,
    snapshot: async () => ({ persons: await rows(persons), users: await rows(users), practitioners: await rows(practitioners), audit: await rows(auditLog) }),
    auditRows: () => rows(auditLog),
    send,
    errorOf: async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error,
    name: (first: string, family: string, extra: Record<string, unknown> = {}) => ({ use: 'official', family, given: [first], ...extra }),
    createPerson,
    getPerson: async (user: DemoUser, id: string) => (await (await harness().call(user, `/person/persons/${id}`)).json()) as Person,
  };
}

