import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiReferencePath, openApiDocumentPath } from '../../domain/api-reference.ts';
import { createPortal, spaPage, type SpaSettings } from '../portal.ts';
import { fileHarness } from '../test/harness.ts';

const h = fileHarness();

const settings: SpaSettings = { authDomain: 'http://localhost:3001', authClientId: 'astera-portal', authAudience: 'https://api.astera.test', apiBaseUrl: '/api', reportingUrl: 'http://reports.test' };
const portal = () => createPortal({ api: h.api, page: spaPage('<!doctype html><html><head><!--astera-settings--></head><body></body></html>', settings), distDir: '/nonexistent-dist', settings });

describe('the API reference page (issue 44)', () => {
  it('is a page of the portal, under the portal’s own Content-Security-Policy, with no inline script', async () => {
    const app = portal();
    const res = await app.request(apiReferencePath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const spa = await app.request('/home');
    expect(res.headers.get('content-security-policy')).toBe(spa.headers.get('content-security-policy'));
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/[^"]+\.js"/);
      expect(body).toBe('');
    }
    expect(html).toContain(`data-url="${openApiDocumentPath}"`);
    expect(html).not.toMatch(/https?:\/\//);

    for (const [, attributes] of scripts) {
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const script = await app.request(src, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect(script.headers.get('content-security-policy')).toBe(spa.headers.get('content-security-policy'));
      if (src.includes('scalar-')) {
        // Scalar's own bundle, versioned in its address: compressed, kept for good.
        expect(script.headers.get('content-encoding')).toBe('gzip');
        expect(script.headers.get('cache-control')).toContain('immutable');
        expect(gunzipSync(Buffer.from(await script.arrayBuffer())).toString('utf8')).toContain('createApiReference');
      } else {
        const start = await script.text();
        expect(start).toContain('withDefaultFonts: false');
        expect(start).toContain('jitless: true');
      }
    }
  });

  it('reads the document the API serves under the portal, whose server is the API’s base', async () => {
    const res = await portal().request(openApiDocumentPath);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.servers[0]!.url).toBe('/api');
    expect(doc.paths['/person/persons']).toBeDefined();
  });
});
