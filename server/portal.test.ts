import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPage } from '../domain/public-pages.ts';
import type { AppType } from './app.ts';
import { createPortal, spaPage, type SpaSettings } from './portal.ts';

const settings: SpaSettings = {
  authDomain: 'http://localhost:3201',
  authClientId: 'astera-portal',
  authAudience: 'https://api.astera.test',
  apiBaseUrl: '/api',
  reportingUrl: 'http://localhost:3200/insights',
};

/** A page like the chat widget will be: framed by its practice's own sites, looked up by the id in its address. */
const framedPage: PublicPage = {
  name: 'framed',
  entry: 'framed.html',
  route: '/framed/:id',
  jsBudgetBytes: 20 * 1024,
  headers: (account) => ({ frameAncestors: account?.sites ?? [] }),
  limits: {},
  tooManyRequests: 'Too many.',
};

describe('a public page whose headers depend on its account', () => {
  let distDir: string;
  let portal: ReturnType<typeof createPortal>;
  const lookedUp: Record<string, string>[] = [];
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'astera-dist-'));
    portal = createPortal({
      // The API is not reached here.
      api: new Hono() as unknown as AppType,
      page: '<!doctype html><title>portal</title>',
      publicPages: [{ page: framedPage, html: spaPage('<!doctype html><title>framed</title><!--astera-settings-->', { apiBaseUrl: '/api' }) }],
      accountOf: async (page, params) => {
        lookedUp.push(params);
        return page === framedPage && params.id === 'known' ? { id: 'a1', sites: ['https://clinic.example', 'https://www.clinic.example'] } : null;
      },
      distDir,
      settings,
    });
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));

  it('may be framed by that account’s sites alone, and keeps the rest of the portal’s CSP', async () => {
    const res = await portal.request('/framed/known');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>framed</title>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors https://clinic.example https://www.clinic.example');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(lookedUp).toContainEqual({ id: 'known' });
  });

  it('is never framed when no account is found, and the portal’s other pages never are', async () => {
    for (const pagePath of ['/framed/unknown', '/practice/persons']) {
      const res = await portal.request(pagePath);
      expect(res.status, pagePath).toBe(200);
      expect(res.headers.get('content-security-policy'), pagePath).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), pagePath).toBe('DENY');
    }
  });
});
