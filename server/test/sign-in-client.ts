/**
 * A browser, as far as the embedded sign-in server needs one, driven with plain fetch: a cookie jar,
 * redirects followed until they leave the provider, PKCE, the sign-in form. The provider's own tests
 * (server/idp/idp.test.ts) and the two-process test (server/processes.test.ts) sign in with it.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Just enough of a browser cookie jar: names are unique per flow here, so paths are ignored. */
export class CookieJar {
  #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type Browser = {
  jar: CookieJar;
  request(url: string | URL, init?: RequestInit): Promise<Response>;
};

export function browser(): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async request(url, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = jar.header();
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      jar.store(response);
      return response;
    },
  };
}

export function location(response: Response, base: string): URL {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}: ${response.statusText}`);
  return new URL(value, base);
}

/** Follows redirects on the IdP until one leaves it (or a page is returned). */
export async function follow(client: Browser, response: Response, base: string): Promise<{ response: Response; url: URL }> {
  let current = response;
  let url = new URL(base);
  while (current.status >= 300 && current.status < 400) {
    url = location(current, url.href);
    if (url.origin !== new URL(base).origin) return { response: current, url };
    await current.body?.cancel();
    current = await client.request(url);
  }
  return { response: current, url };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

export function formAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form in page');
  return action.replace(/&amp;/g, '&');
}

