import { describe, expect, it } from 'vitest';
import { isAttachmentUrl } from './interactions.ts';
import { isPortalPath } from './portal-path.ts';

describe('a path of the portal (issue 40)', () => {
  it('is one leading / and a path', () => {
    for (const path of ['/', '/home', '/practice/persons/0b0e0c0a-0000-4000-8000-00000000beef', '/interactions?q=a%20b#events', '/a/./b', '/@Maria']) expect(isPortalPath(path), path).toBe(true);
  });

  it('is never another site, nor anything a browser would read as one', () => {
    const elsewhere = [
      '//evil.example/phish',
      '/\\evil.example/phish',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/x\\y',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/a<b',
      '/a"b',
      '/\u0000x',
      '/\u007f',
    ];
    for (const path of elsewhere) expect(isPortalPath(path), JSON.stringify(path)).toBe(false);
  });

  it("is what a comment attachment may point to, besides an https address", () => {
    expect(isAttachmentUrl('https://files.example.test/r.pdf')).toBe(true);
    expect(isAttachmentUrl('/practice/persons')).toBe(true);
    for (const url of ['//evil.example/phish', '/\\evil.example/phish', 'http://files.example.test/r.pdf', 'https://good.example\\@evil.example', 'javascript:alert(1)']) expect(isAttachmentUrl(url), url).toBe(false);
  });
});
