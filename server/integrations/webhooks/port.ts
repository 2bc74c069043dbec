/**
 * Webhook delivery's outside call (issue 44; architecture "Integrations"): one signed POST to an
 * endpoint, its outcome as the delivery job needs it. The adapter (https.ts) makes it over the
 * network; index.ts only chooses.
 */
import { BlockList, isIP } from 'node:net';

/** One attempt: where, the Standard Webhooks headers, the body exactly as signed. */
export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };

/**
 * What an attempt came to. `statusCode` is the endpoint's answer (null: none, `error` says why);
 * a 2xx is a success, anything else (a redirect too) a failure. `retryAfterMs` is the answer's
 * `Retry-After` (429 and 503), when it had one.
 */
export type WebhookOutcome = { statusCode: number | null; durationMs: number; error: string | null; retryAfterMs: number | null };

export type WebhookSender = { send(request: WebhookRequest): Promise<WebhookOutcome> };

/** A name lookup as `dns.lookup` with `all: true` answers it (tests give their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type WebhookSenderSettings = {
  /**
   * Development only (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true): deliver to loopback, private and
   * link-local addresses too, and to http:// URLs. Off in production.
   */
  allowPrivateNetworks: boolean;
  /** The whole attempt: connecting, sending, the answer's head and the part of its body read. */
  timeoutMs: number;
  /** How much of an answer's body is read (the rest is dropped): a receiver cannot make us hold more. */
  maxResponseBytes: number;
  /** Name lookups (absent: the system's, dns.lookup). */
  resolve?: Resolve;
};

export const defaultSenderSettings: WebhookSenderSettings = { allowPrivateNetworks: false, timeoutMs: 15_000, maxResponseBytes: 64 * 1024 };

/** The attempt was refused before connecting: the address is one we never deliver to. */
export class AddressRefusedError extends Error {
  constructor() {
    super('The address is not allowed (loopback, private, link-local or metadata)');
    this.name = 'AddressRefusedError';
  }
}

/**
 * Addresses a webhook never reaches (server-side request forgery): this host, the private
 * networks, link-local (where the clouds' metadata services answer, 169.254.169.254 and
 * fd00:ec2::254), carrier-grade NAT (Alibaba's metadata 100.100.100.200), multicast and reserved
 * ranges, and IPv6 forms that embed an IPv4 address and could carry any of the others (NAT64,
 * 6to4; an IPv4-mapped address, ::ffff:a.b.c.d, is checked by BlockList as its IPv4 address).
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** Whether a webhook may be delivered to this IP address (anything that is not an IP address: no). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
