import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from '../vite.config.ts';
import { createPortal, spaPage, type SpaSettings } from './portal.ts';
import { createHarness, type Harness } from './test/harness.ts';

/** Issue 25 "Serving, measured by an outside tool": compressed answers, precompressed immutable assets. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const browserAccepts = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const bodyBytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('API answers', () => {
  it('are gzip-compressed for a client that accepts it, and say so (Vary)', async () => {
    const res = await h.call('admin', `/person/persons?accountId=${h.accounts.riverside.id}`, { headers: browserAccepts });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(gunzipSync(await bodyBytes(res)).toString('utf8')) as { Items: unknown[] };
    expect(body.Items.length).toBeGreaterThan(0);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await h.call('admin', `/person/persons?accountId=${h.accounts.riverside.id}`);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { Items: unknown[] }).Items.length).toBeGreaterThan(0);
  });

  it('errors too are compressed (they pass the same middleware)', async () => {
    const res = await h.call('admin', '/no-such-route', { headers: browserAccepts });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bodyBytes(res)).toString('utf8'))).toMatchObject({ error: { code: 'not_found' } });
  });

  it('the notification stream (server push) is never compressed: each event must reach the browser at once', async () => {
    const controller = new AbortController();
    const res = await h.call('viewer', '/notifications/stream', { signal: controller.signal, headers: browserAccepts });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text).toContain('event: notifications');
    controller.abort();
    await reader.cancel().catch(() => {});
  });
});

describe('the portal', () => {
  const settings: SpaSettings = {
    authDomain: 'http://localhost:3201',
    authClientId: 'astera-portal',
    authAudience: 'https://api.astera.test',
    apiBaseUrl: '/api',
    reportingUrl: 'http://localhost:3200/insights',
  };
  // Big enough to be worth compressing (the build leaves files under 1 KB alone).
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  let distDir: string;
  let portal: ReturnType<typeof createPortal>;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'astera-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets', 'main-AbC123.js'), script);
    await writeFile(path.join(distDir, 'assets', 'tiny-AbC123.js'), 'export {};\n');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build step itself writes the compressed copies.
    const plugin = precompressedAssets() as Plugin & { writeBundle: (options: { dir: string }, bundle: Record<string, unknown>) => Promise<void> };
    await plugin.writeBundle.call(undefined, { dir: distDir }, { 'assets/main-AbC123.js': {}, 'assets/tiny-AbC123.js': {}, 'index.html': {} });
    const indexHtml = `<!doctype html><html><head><!--astera-settings--></head><body>${'<p>portal</p>'.repeat(100)}<script type="module" src="/assets/main-AbC123.js"></script></body></html>`;
    portal = createPortal({ api: h.api, page: spaPage(indexHtml, settings), distDir, settings });
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));

  it('the build writes a brotli and a gzip copy of each asset of 1 KB or more, the same content', async () => {
    const asset = path.join(distDir, 'assets', 'main-AbC123.js');
    expect(brotliDecompressSync(await readFile(`${asset}.br`)).toString('utf8')).toBe(script);
    expect(gunzipSync(await readFile(`${asset}.gz`)).toString('utf8')).toBe(script);
    await expect(readFile(path.join(distDir, 'assets', 'tiny-AbC123.js.br'))).rejects.toThrow();
  });

  it('sends the precompressed copy the browser accepts (brotli first), kept for a year as immutable', async () => {
    const brotli = await portal.request('/assets/main-AbC123.js', { headers: browserAccepts });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bodyBytes(brotli)).toString('utf8')).toBe(script);

    const gzip = await portal.request('/assets/main-AbC123.js', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(await bodyBytes(gzip)).toString('utf8')).toBe(script);

    const plain = await portal.request('/assets/main-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('an asset that is not there is a 404, not the SPA page cached for a year under its name', async () => {
    const res = await portal.request('/assets/main-Old999.js', { headers: browserAccepts });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('the page is compressed and asked for again each time (no-cache); the favicon is kept a day', async () => {
    const page = await portal.request('/home', { headers: browserAccepts });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(await bodyBytes(page)).toString('utf8')).toContain('/assets/main-AbC123.js');

    const favicon = await portal.request('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('API answers through the portal are compressed once', async () => {
    const token = await h.token('manager');
    const res = await portal.request('/api/permissions/accesspolicy', { headers: { ...browserAccepts, Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bodyBytes(res)).toString('utf8'))).toBeTypeOf('object');
  });
});
