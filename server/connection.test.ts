import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortal } from './portal.ts';
import { fileHarness } from './test/harness.ts';

/**
 * Issue 40: a request refused before its body was read must not cost the next request on the same
 * connection its answer. The portal is served by @hono/node-server on a real port, as `npm start`
 * serves it, and spoken to over one raw socket, as a keep-alive client does.
 */
const h = fileHarness();
let server: ServerType;
let port: number;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'astera-connection-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>t</title>');
  const settings = { authDomain: 'http://idp.test', authClientId: 'c', authAudience: 'a', apiBaseUrl: '/api', reportingUrl: 'http://r.test' };
  const portal = createPortal({ api: h.api, page: '<!doctype html><title>t</title>', distDir, settings });
  server = serve({ fetch: portal.fetch, port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  if ('closeAllConnections' in server) server.closeAllConnections();
  await rm(distDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Reads HTTP/1.1 answers (Content-Length or chunked) off one socket, in order. */
function answers(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  const parsed: Answer[] = [];
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let rest = buffer.subarray(end + 4);
      let body: Buffer;
      if (headers['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        let complete = false;
        for (;;) {
          const lineEnd = rest.indexOf('\r\n');
          if (lineEnd < 0) break;
          const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
          if (rest.length < lineEnd + 2 + size + 2) break;
          parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          rest = rest.subarray(lineEnd + 2 + size + 2);
          if (size === 0) {
            complete = true;
            break;
          }
        }
        if (!complete) break;
        body = Buffer.concat(parts);
      } else {
        const length = Number(headers['content-length'] ?? 0);
        if (rest.length < length) break;
        body = rest.subarray(0, length);
        rest = rest.subarray(length);
      }
      parsed.push({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') });
      buffer = rest;
    }
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => {});
  return {
    /** The n-th answer, or null when the socket closed before it came. */
    async nth(n: number): Promise<Answer | null> {
      while (parsed.length <= n && !closed) await new Promise<void>((resolve) => waiters.push(resolve));
      return parsed[n] ?? null;
    },
  };
}

const connect = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a large body refused before it was read', () => {
  // 401 (no token), 404 (no route): both answered before the handler reads the body.
  for (const [what, target, auth] of [
    ['without a token (401)', '/api/person/persons', false],
    ['to a route that does not exist (404)', '/api/no-such-area/things', true],
  ] as const) {
    it(`${what}: the next request on the connection is answered`, async () => {
      const socket = await connect();
      const read = answers(socket);
      const size = 300 * 1024;
      const authorization = auth ? `Authorization: Bearer ${await h.token('admin')}\r\n` : '';
      socket.write(`POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${authorization}Content-Length: ${size}\r\n\r\n`);
      // The body comes slowly, as over a real network: the refusal is written while it still arrives.
      const chunk = Buffer.alloc(size / 8, 'a');
      for (let i = 0; i < 8; i += 1) {
        socket.write(chunk);
        await sleep(120);
      }
      const first = await read.nth(0);
      expect(first?.status).toBe(auth ? 404 : 401);
      // The answer never echoes what was sent.
      expect(first?.body).not.toContain('aaaa');
      // A body within the API's limit is read to its end: the connection stays open for the next request.
      expect(first?.headers.connection?.toLowerCase()).not.toBe('close');
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const second = await read.nth(1);
      expect(second?.status).toBe(200);
      socket.destroy();
    });
  }

  it('of unknown length (chunked): the next request on the connection is answered', async () => {
    const socket = await connect();
    const read = answers(socket);
    socket.write('POST /api/person/persons HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let i = 0; i < 4; i += 1) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
      await sleep(150);
    }
    socket.write('0\r\n\r\n');
    const first = await read.nth(0);
    expect(first?.status).toBe(401);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await read.nth(1))?.status).toBe(200);
    socket.destroy();
  });

  it('over the limit: 413 with Connection: close, and the server closes as it said', async () => {
    const socket = await connect();
    const read = answers(socket);
    socket.write(`POST /api/person/persons HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, 'a'));
    const first = await read.nth(0);
    expect(first?.status).toBe(413);
    expect(first?.headers.connection?.toLowerCase()).toBe('close');
    expect(await read.nth(1)).toBeNull();
  });

  it('a small refused body keeps the connection open and usable', async () => {
    const socket = await connect();
    const read = answers(socket);
    const body = JSON.stringify({ name: 'x' });
    socket.write(`POST /api/person/persons HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    const first = await read.nth(0);
    expect(first?.status).toBe(401);
    expect(first?.headers.connection?.toLowerCase()).not.toBe('close');
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await read.nth(1))?.status).toBe(200);
    socket.destroy();
  });
});
