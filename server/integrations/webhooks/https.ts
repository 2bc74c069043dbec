/**
 * Delivers a webhook over the network (issue 44): one POST, no redirect followed, bounded in time
 * and in how much of the answer is read, and never to a forbidden address. The address is checked
 * where it is connected to: the socket's own name lookup (`lookup`) refuses a name resolving to a
 * forbidden address, so DNS cannot steer the connection there between a check and the connect (a
 * second answer differing from the first, "DNS rebinding"); an IP-literal host, which Node connects
 * to without a lookup, is checked the same before; and the connected socket's address once more.
 */
import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { AddressRefusedError, isForbiddenAddress, type Resolve, type WebhookOutcome, type WebhookRequest, type WebhookSender, type WebhookSenderSettings } from './port.ts';

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** A socket's name lookup that answers only allowed addresses (every one the name has must be allowed). */
export function guardedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), '');
        if (!allowPrivate && wanted.some((a) => isForbiddenAddress(a.address))) return callback(new AddressRefusedError(), '');
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What failed, in a few words for the delivery log (never the answer's body, nor the request). */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressRefusedError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') return `No answer within ${timeoutMs / 1000} s`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be resolved';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET') return 'Connection reset';
  if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL'))) return `TLS error (${code})`;
  return typeof code === 'string' ? `Connection failed (${code})` : 'Connection failed';
}

export function createHttpsSender(settings: WebhookSenderSettings): WebhookSender {
  const resolve = settings.resolve ?? systemResolve;
  const lookup = guardedLookup(resolve, settings.allowPrivateNetworks);
  return {
    send(request: WebhookRequest): Promise<WebhookOutcome> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const failed = (error: unknown): WebhookOutcome => ({ statusCode: null, durationMs: elapsed(), error: describe(error, settings.timeoutMs), retryAfterMs: null });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return Promise.resolve({ ...failed(null), error: 'The URL is not valid' });
      }
      const secure = url.protocol === 'https:';
      if (!secure && !(settings.allowPrivateNetworks && url.protocol === 'http:')) return Promise.resolve({ ...failed(null), error: 'The URL must be https' });
      // An IP literal is connected to without a lookup: checked here the same.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !settings.allowPrivateNetworks && isForbiddenAddress(host)) return Promise.resolve(failed(new AddressRefusedError()));
      return new Promise<WebhookOutcome>((done) => {
        let settled = false;
        const finish = (outcome: WebhookOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          done(outcome);
        };
        const req = (secure ? https : http).request(url, {
          method: 'POST',
          headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body), 'user-agent': 'Astera-Webhooks/1' },
          lookup,
          agent: false,
        });
        const timer = setTimeout(() => {
          req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
        }, settings.timeoutMs);
        req.on('socket', (socket: Socket) => {
          socket.once('connect', () => {
            // Once more, on the address connected to.
            const remote = socket.remoteAddress;
            if (!settings.allowPrivateNetworks && (remote === undefined || isForbiddenAddress(remote))) req.destroy(new AddressRefusedError());
          });
        });
        req.on('error', (error) => finish(failed(error)));
        req.on('response', (res) => {
          const statusCode = res.statusCode ?? null;
          let read = 0;
          const end = () =>
            finish({
              statusCode,
              durationMs: elapsed(),
              error: statusCode !== null && statusCode >= 300 && statusCode < 400 ? 'Redirects are not followed' : null,
              retryAfterMs: statusCode === 429 || statusCode === 503 ? retryAfterMs(res.headers['retry-after']) : null,
            });
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            // Enough read: the rest is dropped with the connection.
            if (read >= settings.maxResponseBytes) {
              end();
              res.destroy();
            }
          });
          res.on('end', end);
          res.on('error', end);
          res.on('close', end);
        });
        req.end(request.body);
      });
    },
  };
}
