import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { describeTelephonyContract } from './contract.ts';
import type { CarrierReport } from './port.ts';
import { carrierSignature, createSimulatedTelephony, type SimulatedTelephonyOptions } from './simulator.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const simulator = (options: Partial<SimulatedTelephonyOptions> = {}) => createSimulatedTelephony(database.db, { failureRate: 0, outcomeMs: 0, ...options });
const practice = '+14155550100';
let patientCount = 0;
/** A patient number of this test alone (the simulator's lists outlive a test). */
const patient = () => `+1628555${String(1000 + ++patientCount).slice(-4)}`;

describeTelephonyContract('simulator', async () => {
  const telephony = simulator();
  const optedOutTo = patient();
  await telephony.receiveMessage({ from: optedOutTo, to: practice, body: 'STOP' });
  return {
    telephony,
    from: practice,
    to: patient(),
    invalidTo: '+15005550001',
    optedOutTo,
    incapableFrom: '+15005550007',
    sign: async (url, params) => carrierSignature(await telephony.authToken(), url, params),
  };
});

/** A portal stand-in: every callback it takes, read through the simulator's own readCallback, as the portal's route does. */
async function portal(read: (url: string, signature: string | undefined, params: Record<string, string>) => Promise<CarrierReport | null>, status = 204) {
  const reports: (CarrierReport | null)[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = `http://localhost:${(server.address() as AddressInfo).port}${request.url}`;
      void read(url, request.headers['x-twilio-signature'] as string | undefined, Object.fromEntries(new URLSearchParams(body))).then((report) => {
        reports.push(report);
        response.writeHead(status).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { base, reports, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('telephony simulator', () => {
  it("reports a call's and a message's outcome once its time has come, signed as the carrier signs, once only", async () => {
    let now = Date.parse('2026-12-06T15:00:00Z');
    const telephony = simulator({ outcomeMs: 3000, now: () => now });
    const site = await portal((url, signature, params) => telephony.readCallback({ url, signature, params }));
    try {
      const to = patient();
      const call = await telephony.placeCall({ from: practice, to, bridgeTo: '+14155550123', timeLimitSeconds: 60, statusCallbackUrl: `${site.base}/status/call` });
      const text = await telephony.sendMessage({ from: practice, to, body: 'Hello', statusCallbackUrl: `${site.base}/status/text` });
      // Not yet: the outcome comes after outcomeMs.
      now += 2999;
      expect(await telephony.reportDue()).toBe(0);
      now += 1;
      // Two reporters at once (two processes): each outcome is reported once.
      const counts = await Promise.all([telephony.reportDue(), telephony.reportDue()]);
      expect(counts[0] + counts[1]).toBe(2);
      expect(await telephony.reportDue()).toBe(0);
      expect(site.reports).toHaveLength(2);
      const byId = new Map(site.reports.map((report) => [report!.carrierId, report]));
      const callReport = byId.get(call.carrierId);
      expect(callReport).toMatchObject({ kind: 'call-status', status: 'completed', from: practice, to });
      // A masked call lasts no longer than its time limit.
      expect((callReport as { durationSeconds: number }).durationSeconds).toBeGreaterThan(0);
      expect((callReport as { durationSeconds: number }).durationSeconds).toBeLessThanOrEqual(60);
      expect(byId.get(text.carrierId)).toEqual({ kind: 'message-status', carrierId: text.carrierId, status: 'delivered', errorCode: null });
    } finally {
      await site.close();
    }
  });

  it('fails calls and messages at the rate it is set to, with the outcomes a carrier reports', async () => {
    const telephony = simulator({ failureRate: 1 });
    const site = await portal((url, signature, params) => telephony.readCallback({ url, signature, params }));
    try {
      for (let i = 0; i < 6; i += 1) {
        await telephony.placeCall({ from: practice, to: patient(), statusCallbackUrl: `${site.base}/c` });
        await telephony.sendMessage({ from: practice, to: patient(), body: 'Hi', statusCallbackUrl: `${site.base}/m` });
      }
      while ((await telephony.reportDue()) > 0);
      const statuses = site.reports.map((report) => (report as { status: string }).status);
      expect(statuses).toHaveLength(12);
      for (const status of statuses) expect(['busy', 'no-answer', 'failed', 'undelivered']).toContain(status);
      for (const report of site.reports) if (report?.kind === 'message-status') expect(report.errorCode).toMatch(/^300\d\d$/);
    } finally {
      await site.close();
    }
  });

  it('a callback the portal does not take is sent again later, and given up after five tries', async () => {
    let now = Date.parse('2026-12-06T16:00:00Z');
    let tries = 0;
    const telephony = simulator({
      now: () => now,
      post: async () => {
        tries += 1;
        return 503;
      },
    });
    await telephony.sendMessage({ from: practice, to: patient(), body: 'Hi', statusCallbackUrl: 'http://portal.invalid/m' });
    for (let i = 0; i < 8; i += 1) {
      await telephony.reportDue();
      now += 60_000;
    }
    expect(tries).toBe(5);
  });

  it("a patient's STOP reaches the portal and makes the carrier refuse the practice's texts to them; START undoes it", async () => {
    const optedOut = patient();
    const inbound: Record<string, string>[] = [];
    const telephony = simulator({
      inboundUrl: 'https://portal.example/api/telephony/callbacks/inbound',
      post: async (url, form, signature) => {
        const params = Object.fromEntries(form);
        const report = await telephony.readCallback({ url, signature, params });
        if (report?.kind === 'inbound-message') inbound.push(params);
        return 204;
      },
    });
    const send = () => telephony.sendMessage({ from: practice, to: optedOut, body: 'Reminder', statusCallbackUrl: 'https://portal.example/m' });
    await send();
    await telephony.receiveMessage({ from: optedOut, to: practice, body: ' stop. ' });
    await expect(send()).rejects.toMatchObject({ reason: 'opted_out', carrierCode: 21610 });
    // Another practice number may still text them.
    await telephony.sendMessage({ from: '+14155550199', to: optedOut, body: 'Reminder', statusCallbackUrl: 'https://portal.example/m' });
    await telephony.receiveMessage({ from: optedOut, to: practice, body: 'START' });
    await send();
    await telephony.reportDue();
    // Replies of the earlier tests are reported too (one carrier): this patient's are these.
    expect(inbound.filter((params) => params.From === optedOut).map((params) => [params.From, params.To, params.Body])).toEqual([
      [optedOut, practice, ' stop. '],
      [optedOut, practice, 'START'],
    ]);
  });

  it('keeps one signing secret per database, the same for every process', async () => {
    const [a, b] = [simulator(), simulator()];
    expect(await a.authToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(await b.authToken()).toBe(await a.authToken());
  });
});
