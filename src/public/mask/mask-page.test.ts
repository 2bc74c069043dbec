// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { MaskingPage } from '../../../domain/masking-page.ts';
import { maskingIdOf, maskPageTexts, phoneText, startMaskPage } from './mask-page.ts';

const id = 'AbCdEfGhIjKlMnOpQrStUv';
const session: MaskingPage = { practiceName: 'Riverside Family Practice', callerNumber: '+14155550100', expiresAt: '2026-12-09T12:00:00.000Z', callsLeft: 3 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; method: string; body: unknown };
function fakeApi(read: () => Response | Promise<Response>, posts: (() => Response | Promise<Response>)[] = []) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body });
    if (init?.method === 'POST') return (posts.shift() ?? (() => json(500, {})))();
    return read();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

let root: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '<main id="mask"></main>';
  root = document.getElementById('mask')!;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const button = () => root.querySelector('button')!;
const status = () => root.querySelector('[role="status"]')!;

describe('the call-masking page', () => {
  it('reads the id from /mask/{id} and shows numbers as people write them', () => {
    expect(maskingIdOf(`/mask/${id}`)).toBe(id);
    expect(maskingIdOf('/mask/')).toBe('');
    expect(phoneText('+14155550100')).toBe('(415) 555-0100');
  });

  it('says which practice will call and from which number, with the heading focused and the button ready', async () => {
    const api = fakeApi(() => json(200, session));
    startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/mask/${id}` }, delayMs: 20 });
    await until(() => root.querySelector('h1') !== null && root.querySelector('button') !== null);
    expect(root.querySelector('h1')!.textContent).toBe('Riverside Family Practice will call you');
    expect(document.activeElement).toBe(root.querySelector('h1'));
    expect(root.textContent).toContain('(415) 555-0100');
    expect(button().textContent).toBe('Call me now');
    expect(button().disabled).toBe(false);
    expect(api.calls).toEqual([{ url: `/api/call_masking/callMask/${id}`, method: 'GET', body: undefined }]);
  });

  it("goes through spec §4's states: 'Starting Call...' with the button disabled, then the outcome after the delay", async () => {
    let answer!: (response: Response) => void;
    const api = fakeApi(() => json(200, session), [() => new Promise<Response>((resolve) => (answer = resolve))]);
    startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/mask/${id}` }, delayMs: 50 });
    await until(() => root.querySelector('button') !== null);
    const pressed = Date.now();
    button().click();
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Starting Call...');
    expect(status().textContent).toBe('');
    answer(json(200, { status: 'calling' }));
    await settle();
    // Not before the delay, even though the answer came at once.
    expect(status().textContent).toBe('');
    await until(() => status().textContent !== '');
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(45);
    expect(status().textContent).toBe('Your call should be received shortly');
    expect(root.textContent).toContain('This link can start 2 more calls.');
    // The page sent no number: a POST with no body.
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{ url: `/api/call_masking/callMask/${id}`, method: 'POST', body: undefined }]);
  });

  it("says 'Call failed, please try again later' for anything but 200, and lets the patient try again", async () => {
    const api = fakeApi(() => json(200, session), [() => json(502, { error: { code: 'call_failed' } }), () => Promise.reject(new TypeError('offline'))]);
    startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/mask/${id}` }, delayMs: 10 });
    await until(() => root.querySelector('button') !== null);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      button().click();
      await until(() => status().textContent !== '');
      expect(status().textContent).toBe('Call failed, please try again later');
      expect(button().disabled).toBe(false);
      expect(button().textContent).toBe('Call me now');
    }
  });

  it('shows an unknown, expired or used link (404) and a malformed id alike, without asking to call', async () => {
    for (const pathname of [`/mask/${id}`, '/mask/not-a-session']) {
      document.body.innerHTML = '<main id="mask"></main>';
      root = document.getElementById('mask')!;
      const api = fakeApi(() => json(404, { error: { message: 'x' } }));
      startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname }, delayMs: 10 });
      await until(() => root.querySelector('h1') !== null);
      expect(root.querySelector('h1')!.textContent).toBe(maskPageTexts.unavailableTitle);
      expect(root.querySelector('button')).toBeNull();
    }
  });

  it('offers to try again when the page could not be loaded', async () => {
    let fail = true;
    const api = fakeApi(() => (fail ? Promise.reject(new TypeError('offline')) : json(200, session)));
    startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/mask/${id}` }, delayMs: 10 });
    await until(() => root.querySelector('button') !== null);
    expect(root.querySelector('h1')!.textContent).toBe(maskPageTexts.loadFailedTitle);
    fail = false;
    button().click();
    await until(() => root.querySelector('h1')?.textContent === 'Riverside Family Practice will call you');
  });

  it('shows what the server sends as text, never as HTML', async () => {
    const api = fakeApi(() => json(200, { ...session, practiceName: '<img src=x onerror=alert(1)>' }));
    startMaskPage(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/mask/${id}` }, delayMs: 10 });
    await until(() => root.querySelector('h1') !== null && root.querySelector('button') !== null);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h1')!.textContent).toBe('<img src=x onerror=alert(1)> will call you');
  });
});
