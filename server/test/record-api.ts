import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import type { DemoUser, Harness } from './harness.ts';

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; id?: string } };

/** The error an API answer carries. */
export const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

/**
 * What an API test of one record area calls (`harness` gives the file's harness, made in its
 * `beforeAll`): any request, create (expects 201), get, list (expects 200) and the record's audit rows.
 */
export function recordApi<TRecord, TList>(harness: () => Harness, path: string, resourceType: string) {
  const send = (user: DemoUser, method: string, to: string, json?: unknown) => harness().call(user, to, { method, json });
  return {
    send,
    async create(body: Record<string, unknown>, user: DemoUser = 'manager', query = '') {
      const res = await send(user, 'POST', `${path}${query}`, body);
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    },
    get: async (id: string, user: DemoUser = 'manager') => (await (await harness().call(user, `${path}/${id}`)).json()) as TRecord,
    async list(query: string, user: DemoUser = 'manager') {
      const res = await harness().call(user, `${path}?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as TList;
    },
    auditOf: (id: string) =>
      harness()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, id)))
        .orderBy(auditLog.id),
  };
}
