import { selectedAccountIdAtom, store } from '../state/account.ts';
import { accessToken } from './auth.ts';
import { settings } from './settings.ts';
import { missedEvent, streamEventName } from './stream-events.ts';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The API's server-sent events (`GET /notifications/stream`) for the selected account, open until
 * the returned function closes it. `event: notifications` (the caller's notifications changed)
 * calls `onNotificationsChanged`; any other event (`event: interaction` when a call was added to
 * the account's history, issue 26) goes to the screens as it came, as a window event read by
 * `useStreamEvent` (stream-events.ts): a screen listens instead of opening a stream of its own.
 * EventSource cannot send the bearer token, so the stream is read with fetch (the token in the
 * Authorization header, never in a URL that logs keep). The server ends it when the token expires;
 * it is opened again with a fresh token, after a growing pause when it failed. Each time it opens,
 * the screens hear `interaction *` (anything may have changed while no stream was listening).
 */
export function openNotificationStream(onNotificationsChanged: () => void): () => void {
  const controller = new AbortController();
  let retryMs = RETRY_MIN_MS;
  let timer: number | undefined;

  async function connect() {
    try {
      const token = await accessToken();
      const url = new URL(`${settings.apiBaseUrl}/notifications/stream`, window.location.origin);
      const accountId = store.get(selectedAccountIdAtom);
      if (accountId) url.searchParams.set('accountId', accountId);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: controller.signal });
      // Refused (no grant, signed out): asking again would be refused again.
      if (response.status >= 400 && response.status < 500) return;
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let listening = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        retryMs = RETRY_MIN_MS;
        if (!listening) {
          // The server subscribes before it writes anything: from here nothing is missed. What
          // changed before (a list read before the stream opened, a gap while reconnecting) is
          // unknown, so the screens read their calls again, as after a burst ('*').
          listening = true;
          window.dispatchEvent(new CustomEvent(streamEventName, { detail: `event: ${missedEvent.name}\ndata: ${missedEvent.data}` }));
        }
        buffer += value;
        const events = buffer.split(/\r?\n\r?\n/);
        buffer = events.pop() ?? '';
        for (const event of events) {
          if (/^event: notifications$/m.test(event)) onNotificationsChanged();
          else window.dispatchEvent(new CustomEvent(streamEventName, { detail: event }));
        }
      }
    } catch {
      if (controller.signal.aborted) return;
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
    if (controller.signal.aborted) return;
    timer = window.setTimeout(() => void connect(), retryMs);
  }
  void connect();
  return () => {
    controller.abort();
    window.clearTimeout(timer);
  };
}
