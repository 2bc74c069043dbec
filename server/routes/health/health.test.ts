import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import { createApi } from '../../app.ts';
import { connect, type Database } from '../../db/client.ts';
import { getFreePort } from '../../db/postgres.ts';
import { seedId } from '../../seed/seed.ts';
import { testDeps } from '../../test/deps.ts';
import { AUDIENCE, createHarness, ISSUER, type Harness } from '../../test/harness.ts';

const unavailable = { code: 'database_unavailable', message: messages.databaseUnavailable };

describe('health while the database is up', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('answers liveness and readiness without sign-in, never cached', async () => {
    const live = await h.api.request('/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    for (const path of ['/health', '/health/ready']) {
      const ready = await h.api.request(path);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ready', database: 'up' });
    }
  });
});

describe('while the database cannot be reached', () => {
  let database: Database;
  let api: ReturnType<typeof createApi>;
  let token: string;
  beforeAll(async () => {
    // Nothing listens on this port: every connection is refused, as while PostgreSQL restarts.
    database = connect(`postgres://postgres:postgres@127.0.0.1:${await getFreePort()}/astera`);
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    api = createApi(testDeps(database.db, tmpdir(), { publicKey: { ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' } }));
    token = await new SignJWT({ sub: seedId('principal:manager'), jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('1h')
      .sign(privateKey);
  });
  afterAll(() => database.close());

  it('API calls answer 503 database unavailable, not 500', async () => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const read = await api.request('/permissions/accesspolicy', { headers });
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual({ error: unavailable });
    const create = await api.request('/person/persons', { method: 'POST', headers, body: JSON.stringify({ name: [] }) });
    expect(create.status).toBe(503);
  });

  it('readiness says so (503), liveness stays 200', async () => {
    const ready = await api.request('/health');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'down', error: unavailable });
    expect((await api.request('/health/live')).status).toBe(200);
  });
});
