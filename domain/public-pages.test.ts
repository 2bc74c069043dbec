import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publicPage, publicPages } from './public-pages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the public pages list', () => {
  it('names each page once, and each page is one HTML entry at the top of the checkout loading its own folder', () => {
    expect(new Set(publicPages.map((page) => page.name)).size).toBe(publicPages.length);
    for (const page of publicPages) {
      const html = readFileSync(`${root}${page.entry}`, 'utf8');
      expect(html, page.entry).toContain('<!--astera-settings-->');
      expect(html, page.entry).toContain(`src="/src/public/${page.name}/main.ts"`);
      expect(existsSync(`${root}src/public/${page.name}/main.ts`), page.name).toBe(true);
    }
  });

  it('is every page the build makes besides the portal (scripts/ensure.mjs takes the top HTML files for the pages)', () => {
    const entries = readdirSync(root).filter((name) => name.endsWith('.html') && name !== 'index.html');
    expect(entries.sort()).toEqual(publicPages.map((page) => page.entry).sort());
  });

  it('has the survey first, never framed, with its limits', () => {
    expect(publicPages[0]).toBe(publicPage('survey'));
    expect(publicPage('survey')).toMatchObject({ entry: 'survey.html', route: '/survey/:campaignId', limits: { answers: { attempts: 30, minutes: 10 }, reads: { attempts: 300, minutes: 10 } } });
    expect(publicPage('survey').headers({ id: 'a', sites: ['https://clinic.example'] }).frameAncestors).toEqual([]);
  });
});
