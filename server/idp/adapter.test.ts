import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { postgresAdapter } from './adapter.ts';

describe('oidc-provider adapter on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  let other: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = connect(testDb.url);
    // A second pool stands for a second server process.
    other = connect(testDb.url);
  });

  afterAll(async () => {
    await database?.close();
    await other?.close();
    await testDb?.drop();
  });

  const adapter = (model: string, db = database) => postgresAdapter(db.db)(model);

  async function expire(model: string, id: string) {
    await database.db.execute(sql`update oidc_payloads set expires_at = now() - interval '1 second' where model = ${model} and id = ${id}`);
  }

  it('stores, finds, replaces and destroys payloads per model', async () => {
    await adapter('AccessToken').upsert('t1', { jti: 't1', kind: 'AccessToken', accountId: 'ann' }, 60);
    expect(await adapter('AccessToken', other).find('t1')).toEqual({ jti: 't1', kind: 'AccessToken', accountId: 'ann' });
    // Same id, other model: another row.
    expect(await adapter('RefreshToken').find('t1')).toBeUndefined();

    await adapter('AccessToken').upsert('t1', { jti: 't1', kind: 'AccessToken', accountId: 'bob' }, 60);
    expect(await adapter('AccessToken').find('t1')).toMatchObject({ accountId: 'bob' });

    await adapter('AccessToken', other).destroy('t1');
    expect(await adapter('AccessToken').find('t1')).toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await adapter('Session').upsert('s1', { jti: 's1', kind: 'Session', uid: 'uid-1', accountId: 'ann' }, 60);
    expect(await adapter('Session', other).findByUid('uid-1')).toMatchObject({ jti: 's1', accountId: 'ann' });
    expect(await adapter('Session').findByUid('uid-2')).toBeUndefined();

    await adapter('DeviceCode').upsert('d1', { jti: 'd1', kind: 'DeviceCode', userCode: 'ABCD-EFGH' }, 60);
    expect(await adapter('DeviceCode', other).findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });
  });

  it('marks consumed payloads, and a re-save keeps the mark', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode', grantId: 'g1' }, 60);
    expect(await codes.find('c1')).not.toHaveProperty('consumed');
    await adapter('AuthorizationCode', other).consume('c1');
    const consumed = await codes.find('c1');
    expect(consumed?.consumed).toEqual(expect.any(Number));
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode', grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toEqual(consumed?.consumed);
  });

  it('revokes every token of a grant in that model only', async () => {
    await adapter('RefreshToken').upsert('r1', { jti: 'r1', kind: 'RefreshToken', grantId: 'g2' }, 60);
    await adapter('RefreshToken').upsert('r2', { jti: 'r2', kind: 'RefreshToken', grantId: 'g2' }, 60);
    await adapter('RefreshToken').upsert('r3', { jti: 'r3', kind: 'RefreshToken', grantId: 'g3' }, 60);
    await adapter('AccessToken').upsert('a1', { jti: 'a1', kind: 'AccessToken', grantId: 'g2' }, 60);

    await adapter('RefreshToken', other).revokeByGrantId('g2');
    expect(await adapter('RefreshToken').find('r1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r2')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r3')).toMatchObject({ grantId: 'g3' });
    expect(await adapter('AccessToken').find('a1')).toMatchObject({ grantId: 'g2' });
  });

  it('ignores expired payloads at once (the job queue deletes them later); payloads without expiry stay', async () => {
    await adapter('Interaction').upsert('i1', { jti: 'i1', kind: 'Interaction', uid: 'i-uid' }, 60);
    await adapter('Session').upsert('s2', { jti: 's2', kind: 'Session', uid: 'uid-s2' }, 60);
    await adapter('Client').upsert('forever', { client_id: 'forever' });
    await expire('Interaction', 'i1');
    await expire('Session', 's2');

    expect(await adapter('Interaction').find('i1')).toBeUndefined();
    expect(await adapter('Session').findByUid('uid-s2')).toBeUndefined();
    expect(await adapter('Client').find('forever')).toEqual({ client_id: 'forever' });
  });

  it('refuses a payload PostgreSQL cannot store (NUL) as a bad request', async () => {
    await expect(adapter('Interaction').upsert('i2', { jti: 'i2', params: { state: 'a\u0000b' } }, 60)).rejects.toMatchObject({
      error: 'invalid_request',
      statusCode: 400,
    });
  });
});
