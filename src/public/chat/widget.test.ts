// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../domain/chat-widget.ts';
import { storageKey } from './dom.ts';
import { startChatWidget, widgetIdOf } from './widget.ts';

const widgetId = 'AbCdEfGhIjKlMnOpQrStUv';
const conversationId = 'ConversationIdConversa';
const token = 'TokenTokenTokenTokenTo';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const message = (seq: number, sender: ChatMessage['sender'], text: string): ChatMessage => ({ seq, sender, senderName: sender === 'staff' ? 'Maria Lopez' : null, text, createdTimestamp: '2026-12-06T12:00:00.000Z' });

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;
function fakeApi(handler: Handler) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
    return handler(String(input), init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

let root: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '<main id="chat"></main>';
  root = document.getElementById('chat')!;
  localStorage.clear();
});

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const items = () => [...root.querySelectorAll('[role="log"] li')].map((li) => li.textContent);
const start = (fetch: typeof globalThis.fetch) => startChatWidget(root, { fetch, apiBaseUrl: '/api', location: { pathname: `/astera/chat/${widgetId}` }, storage: localStorage, retryMs: 10 });

describe('the chat widget', () => {
  it('reads its id from /astera/chat/{id}', () => {
    expect(widgetIdOf(`/astera/chat/${widgetId}`)).toBe(widgetId);
    expect(widgetIdOf('/astera/chat/%E0%A4%A')).toBe('');
  });

  it('says chat is not available for an unknown widget, and sends nothing for a malformed id', async () => {
    const api = fakeApi(() => json(404, {}));
    start(api.fetch);
    await until(() => root.textContent!.includes('Chat is not available'));
    startChatWidget(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: '/astera/chat/<b>x' }, storage: localStorage });
    expect(api.calls).toHaveLength(1);
  });

  it('starts a conversation, keeps it in its own storage, shows text as text, each message once through a lost connection', async () => {
    let reads = 0;
    const api = fakeApi((url, init) => {
      if (url.endsWith(`/widgets/${widgetId}`)) return json(200, { practiceName: 'Riverside <i>Family</i>' });
      if (url.endsWith('/conversations') && init?.method === 'POST') return json(201, { conversationId, token });
      reads += 1;
      // First read: the patient's message; then the connection fails once; then the same message again and a reply.
      if (reads === 1) return json(200, { messages: [message(1, 'patient', '<img src=x onerror=alert(1)> hi')], ended: false, lastSeq: 1 });
      if (reads === 2) throw new TypeError('network');
      if (reads === 3) return json(200, { messages: [message(1, 'patient', '<img src=x onerror=alert(1)> hi'), message(2, 'staff', 'Visit https://evil.example')], ended: false, lastSeq: 2 });
      return new Promise<Response>(() => {});
    });
    start(api.fetch);
    await until(() => root.querySelector('button') !== null);
    expect(root.querySelector('h1')!.textContent).toBe('Chat with Riverside <i>Family</i>');
    root.querySelector('button')!.click();
    const box = root.querySelector('textarea')!;
    expect(document.activeElement).toBe(box);
    box.value = '<img src=x onerror=alert(1)> hi';
    root.querySelector('form')!.requestSubmit();
    await until(() => items().length === 2);
    expect(JSON.parse(localStorage.getItem(storageKey(widgetId))!)).toEqual({ conversationId, token });
    expect(items()).toEqual(['You: You<img src=x onerror=alert(1)> hi', 'Maria Lopez: Maria LopezVisit https://evil.example']);
    expect(root.querySelector('[role="log"] img, [role="log"] a, h1 i')).toBeNull();
    // The reads after the lost one asked from the last message shown, with the token in its header.
    const messageReads = api.calls.filter((c) => c.url.includes('/messages?'));
    expect(messageReads.map((c) => new URL(c.url, 'http://x').searchParams.get('after'))).toEqual(['0', '1', '1', '2']);
    expect(messageReads.every((c) => c.headers['X-Chat-Token'] === token)).toBe(true);
  });

  it('resumes a stored conversation after a reload; an ended one offers a new chat and forgets it', async () => {
    localStorage.setItem(storageKey(widgetId), JSON.stringify({ conversationId, token }));
    const api = fakeApi((url) => {
      if (url.endsWith(`/widgets/${widgetId}`)) return json(200, { practiceName: 'Riverside' });
      return json(200, { messages: [message(1, 'patient', 'hello'), message(2, 'system', 'The practice ended this chat.')], ended: true, lastSeq: 2 });
    });
    start(api.fetch);
    await until(() => root.textContent!.includes('This chat has ended.'));
    expect(items()).toEqual(['You: Youhello', 'The practice ended this chat.']);
    expect(localStorage.getItem(storageKey(widgetId))).toBeNull();
    const again = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Start a new chat')!;
    expect(document.activeElement).toBe(again);
    again.click();
    expect(document.activeElement!.textContent).toBe('Start chat');
  });
});

describe('the practice turns web chat off (issue 42)', () => {
  it('the open conversation shows the system message and ends, and the widget says chat is not available instead of offering a new chat', async () => {
    let widgetReads = 0;
    const api = fakeApi((url) => {
      if (url.endsWith(`/widgets/${widgetId}`)) return (widgetReads += 1) === 1 ? json(200, { practiceName: 'Riverside' }) : json(404, {});
      return json(200, { messages: [message(1, 'patient', 'hello'), message(2, 'system', 'The practice turned off web chat, so this chat has ended. Please call the practice.')], ended: true, lastSeq: 2 });
    });
    localStorage.setItem(storageKey(widgetId), JSON.stringify({ conversationId, token }));
    start(api.fetch);
    await until(() => root.textContent!.includes('Chat is not available right now'));
    expect(items()).toEqual(['You: Youhello', 'The practice turned off web chat, so this chat has ended. Please call the practice.']);
    expect([...root.querySelectorAll('button')].filter((b) => b.textContent === 'Start a new chat' && !b.closest('[hidden]'))).toEqual([]);
    expect(document.activeElement!.textContent).toBe('Chat is not available right now. Please call the practice.');
    expect(root.querySelector('[role="status"]')!.textContent).toContain('Chat is not available');
  });
});
