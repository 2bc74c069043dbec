/* global self, MessageChannel, Headers */
/*
 * Recordings are played by the browser's own <audio> element, which cannot send the bearer token
 * the API takes, and the token must not go into a URL (logs and the browser's history keep URLs).
 * This service worker adds it: for a GET of a recording (…/interactions/interactions/{id}/events/
 * {eventId}/recordings/{path}) from a page of the portal, it asks that page for the token (the page
 * answers only for its own API) and sends the request with the Authorization header, keeping the
 * player's Range header, so seeking still asks for parts (206) instead of the whole file.
 * Every other request passes through untouched.
 */
const recordingPath = /\/interactions\/interactions\/[^/]+\/events\/[^/]+\/recordings\/[^?#]+$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !event.clientId || !recordingPath.test(new URL(request.url).pathname)) return;
  event.respondWith(withToken(event));
});

/** The page's answer: `{ token }` when the URL is a recording of its API, else `{ token: null }`. */
function askPage(client, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 15000);
    channel.port1.onmessage = (message) => {
      clearTimeout(timer);
      resolve(message.data && typeof message.data.token === 'string' ? message.data.token : null);
    };
    client.postMessage({ type: 'astera:recording-token', url }, [channel.port2]);
  });
}

async function withToken(event) {
  const { request } = event;
  const client = await self.clients.get(event.clientId);
  const token = client ? await askPage(client, request.url) : null;
  if (!token) return fetch(request);
  const headers = new Headers();
  const range = request.headers.get('Range');
  if (range) headers.set('Range', range);
  headers.set('Authorization', `Bearer ${token}`);
  // A media element asks in no-cors mode, where an Authorization header is dropped: ask anew.
  return fetch(request.url, { method: 'GET', headers, mode: 'cors', credentials: 'omit', cache: 'no-store', redirect: 'error', signal: request.signal });
}
