import { accessToken } from '../../lib/auth.ts';
import { settings } from '../../lib/settings.ts';

/** The recording paths of the API (spec §7), under the API's base. */
const recordingPath = /\/interactions\/interactions\/[^/]+\/events\/[^/]+\/recordings\/[^?#]+$/;

/** Whether a URL the service worker asks about is a recording of this portal's own API (never another site's). */
export function isOwnRecordingUrl(url: string, apiBaseUrl = settings.apiBaseUrl, origin = window.location.origin): boolean {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(apiBaseUrl.replace(/\/?$/, '/'), origin);
  } catch {
    return false;
  }
  return parsed.origin === base.origin && parsed.pathname.startsWith(base.pathname) && recordingPath.test(parsed.pathname);
}

let ready: Promise<boolean> | null = null;

/**
 * Makes the portal's recordings playable by a plain `<audio>` element: registers the service
 * worker (public/recordings-sw.js) that adds the bearer token to recording requests, and answers
 * its questions for the token. Resolves true once the worker controls this page, false where
 * service workers are not available (the player then says so). Loaded with the interaction
 * screen only.
 */
export function recordingAccess(): Promise<boolean> {
  ready ??= (async () => {
    if (!('serviceWorker' in navigator)) return false;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
      const port = event.ports[0];
      if (event.data?.type !== 'astera:recording-token' || !port) return;
      const url = event.data.url ?? '';
      if (!isOwnRecordingUrl(url)) {
        port.postMessage({ token: null });
        return;
      }
      accessToken().then(
        (token) => port.postMessage({ token }),
        () => port.postMessage({ token: null }),
      );
    });
    navigator.serviceWorker.startMessages();
    try {
      await navigator.serviceWorker.register(`${import.meta.env.BASE_URL}recordings-sw.js`, { scope: import.meta.env.BASE_URL, updateViaCache: 'none' });
    } catch {
      return false;
    }
    if (navigator.serviceWorker.controller) return true;
    // The worker claims the open page when it activates.
    return new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true }));
  })();
  return ready;
}
