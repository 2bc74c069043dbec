// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./auth.ts', () => ({ accessToken: () => Promise.resolve('token'), signIn: vi.fn() }));
const { request } = await import('./api.ts');

type Sent = { method: string; key: string | null };
let sent: Sent[];
let answers: (() => Response)[];

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', (input: Request | string, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    sent.push({ method: init?.method ?? 'GET', key: headers.get('Idempotency-Key') });
    const answer = answers.shift();
    if (!answer) return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(answer());
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unavailable = json(503, { error: { code: 'database_unavailable', message: 'down' } });

describe('creates carry an Idempotency-Key', () => {
  it('retries a create that got 503 with the same key, and returns the answer that came', async () => {
    answers.push(unavailable, json(201, { id: 'p1' }));
    expect(await request('/person/persons', { method: 'POST', body: { name: 'A' } })).toEqual({ id: 'p1' });
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  }, 10_000);

  it('submitting the same create again after no answer reuses its key; after an answer, a new submit is a new key', async () => {
    await expect(request('/person/persons', { method: 'POST', body: { name: 'B' } })).rejects.toThrow();
    const lost = sent[0]!.key;
    expect(sent.length).toBe(3); // the first try and two retries, none answered
    expect(sent.every((s) => s.key === lost)).toBe(true);
    sent = [];
    answers.push(json(201, { id: 'p2' }));
    await request('/person/persons', { method: 'POST', body: { name: 'B' } });
    expect(sent[0]!.key).toBe(lost);
    sent = [];
    answers.push(json(201, { id: 'p3' }));
    await request('/person/persons', { method: 'POST', body: { name: 'B' } });
    expect(sent[0]!.key).not.toBe(lost);
    sent = [];
    answers.push(json(201, { id: 'p4' }));
    await request('/person/persons', { method: 'POST', body: { name: 'C' } });
    expect(sent[0]!.key).not.toBe(lost);
  }, 10_000);

  it('a create keyed by its caller (a CSV import’s batch) keeps that key, through its retries too', async () => {
    answers.push(unavailable, json(201, { created: 1 }));
    await request('/task-workflows/workflows/w/items/batch', { method: 'POST', body: { items: [1] }, headers: { 'Idempotency-Key': 'import-1-batch-0' } });
    expect(sent.map((s) => s.key)).toEqual(['import-1-batch-0', 'import-1-batch-0']);
  }, 10_000);

  it('reads and edits carry none', async () => {
    answers.push(json(200, {}), json(200, {}));
    await request('/person/persons');
    await request('/person/persons/x', { method: 'PATCH', body: { version: 1 } });
    expect(sent.map((s) => s.key)).toEqual([null, null]);
  });
});
