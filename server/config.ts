import path from 'node:path';
import * as v from 'valibot';
import { contactCenterSettings, type ContactCenterSettings } from './integrations/contact-center/settings.ts';
import { recordingsSettings, type RecordingsSettings } from './integrations/recordings/settings.ts';
import { telephonySettings, type TelephonySettings } from './integrations/telephony/settings.ts';
import type { Environment, IntegrationSettings } from './integrations/settings.ts';
import { readTeamDirectorySettings, TeamDirectorySettingsError, type TeamDirectorySettings } from './integrations/team-directory/settings.ts';

/** Everything the product reads from the environment (documented in README "Configuration"). */
export type Config = {
  port: number;
  idpPort: number;
  /** The embedded identity provider's signing keys (a JWK set), created on first start: several processes behind one issuer share one file. */
  idpKeyFile: string;
  pgPort: number;
  dataDir: string;
  databaseUrl: string | null;
  auth: {
    /** True when the embedded identity provider is started (no AUTH_DOMAIN given). */
    embedded: boolean;
    /** Base URL of the provider, with scheme, no trailing slash. */
    domain: string;
    issuer: string;
    clientId: string;
    audience: string;
  };
  apiBaseUrl: string;
  reportingUrl: string;
  publicUrl: string;
  /** False: the API and the provider only, no SPA (API tests run before the SPA is built). */
  serveSpa: boolean;
  /**
   * How many proxies in front of the server each append the address they saw to X-Forwarded-For
   * (`TRUST_PROXY_HOPS`, default 0: the connection's own address is the client's). The sign-in
   * throttle counts the address that many entries from the right, which a client cannot forge.
   */
  trustProxyHops: number;
  /** The contact center (CONTACT_CENTER) and its adapter's settings. */
  contactCenter: ContactCenterSettings;
  teamDirectory: TeamDirectorySettings;
  /** Where call recordings are kept (RECORDINGS_STORE: files under DATA_DIR, or an S3-compatible bucket). */
  recordings: RecordingsSettings;
  /** The carrier that places calls and sends text messages (the simulator unless TELEPHONY=twilio). */
  telephony: TelephonySettings;
  /**
   * The call history's feed (issue 26): `callsPerHour` simulated calls per account and hour
   * (SIMULATED_CALLS_PER_HOUR, default 20; 0 places none; only with the simulated contact center),
   * and how often contacts are read into the history (INTERACTIONS_SYNC_SECONDS, default 5; 0: never).
   */
  interactions: { callsPerHour: number; syncSeconds: number };
  /**
   * Task workflows (issue 43): `secondsPerDay` scales their delays down for demos
   * (WORKFLOW_SECONDS_PER_DAY: a day's delay passes in that many seconds, an hour's in a 24th of
   * it; default 0, off: delays are real).
   */
  workflows: { secondsPerDay: number };
  /**
   * Webhooks (issue 44): `allowPrivateNetworks` lets endpoints be http:// URLs and reach loopback,
   * private and link-local addresses (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true; development only,
   * default false).
   */
  webhooks: { allowPrivateNetworks: boolean };
};

export class ConfigError extends Error {}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new ConfigError(`${name} must be a port number between 1 and 65535 (got "${raw}")`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string, allowRelative = false): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (allowRelative && raw.startsWith('/')) return raw.replace(/\/$/, '');
  try {
    const parsed = new URL(raw);
    if (!['http:', 'https:', 'postgres:', 'postgresql:'].includes(parsed.protocol)) throw new Error();
  } catch {
    throw new ConfigError(`${name} must be an absolute URL${allowRelative ? ' or a path starting with /' : ''} (got "${raw}")`);
  }
  return raw.replace(/\/$/, '');
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max} (got "${raw}")`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1'].includes(raw)) return true;
  if (['false', '0'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** Variables whose values are secrets: an error names them, never their value. */
const secretVariable = /(TOKEN|SECRET|PASSWORD|KEY)$/;

/**
 * The adapter an integration's variable chooses, with that adapter's settings checked by its
 * schema (server/integrations/settings.ts). A bad choice or setting names its variable.
 */
export function integration<Settings extends { kind: string }>(env: NodeJS.ProcessEnv, settings: IntegrationSettings<Settings>): Settings {
  // An empty variable counts as unset, as everywhere in this loader.
  const given: Environment = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const choice = given[settings.variable]?.trim() ?? settings.fallback;
  const kinds = Object.keys(settings.adapters);
  if (!Object.hasOwn(settings.adapters, choice)) {
    throw new ConfigError(`${settings.variable} must be ${kinds.map((k) => `"${k}"`).join(' or ')} (got "${choice}")`);
  }
  const result = v.safeParse(settings.adapters[choice as Settings['kind']], given);
  if (!result.success) {
    const issue = result.issues[0];
    const name = String(issue.path?.[0]?.key ?? settings.variable);
    // The variable's own value (a check across variables, forwarded to one, has the whole environment as its input).
    const input: unknown = issue.path?.[0] ? issue.path[0].value : issue.input;
    const missing = input === undefined;
    // A secret's value is never repeated (a start-up error ends up in logs).
    const shown = missing || secretVariable.test(name) ? '' : ` (got "${String(input)}")`;
    throw new ConfigError(`${name} ${missing ? 'is required' : issue.message} when ${settings.variable}=${choice}${shown}`);
  }
  return result.output as Settings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portNumber = port(env, 'PORT', 3000);
  const idpPort = port(env, 'IDP_PORT', 3001);
  const pgPort = port(env, 'PG_PORT', 54329);
  if (idpPort === portNumber) throw new ConfigError(`IDP_PORT must differ from PORT (both ${portNumber})`);
  const dataDir = path.resolve(env.DATA_DIR || '.data');

  const databaseUrl = env.DATABASE_URL ? url(env, 'DATABASE_URL', '') : null;
  if (databaseUrl && !/^postgres(ql)?:/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL (got "${databaseUrl}")`);
  }

  const authVars = ['AUTH_DOMAIN', 'AUTH_CLIENT_ID', 'AUTH_AUDIENCE'] as const;
  const given = authVars.filter((name) => env[name]);
  if (given.length > 0 && given.length < authVars.length) {
    const missing = authVars.filter((name) => !env[name]);
    throw new ConfigError(`${missing.join(', ')} must be set together with ${given.join(', ')} to use an external identity provider`);
  }
  const embedded = given.length === 0;
  let domain: string;
  if (embedded) {
    // Its address as browsers reach it: several processes, each with the embedded provider, behind one address share it as their issuer.
    domain = url(env, 'IDP_PUBLIC_URL', `http://localhost:${idpPort}`);
  } else {
    // Auth0 is configured with a bare host name; accept that or a full URL.
    const raw = env.AUTH_DOMAIN!;
    domain = url({ AUTH_DOMAIN: /^https?:\/\//.test(raw) ? raw : `https://${raw}` }, 'AUTH_DOMAIN', '');
  }
  // The portal's origin as people reach it (behind a proxy, its public address): sign-in redirects, the survey links sent to patients.
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${portNumber}`);
  return {
    port: portNumber,
    idpPort,
    idpKeyFile: path.resolve(env.IDP_KEY_FILE || path.join(dataDir, 'idp-keys.json')),
    pgPort,
    dataDir,
    databaseUrl,
    auth: {
      embedded,
      domain,
      issuer: `${domain}/`,
      clientId: env.AUTH_CLIENT_ID || 'astera-portal',
      audience: env.AUTH_AUDIENCE || 'https://api.astera.test',
    },
    apiBaseUrl: url(env, 'API_BASE_URL', '/api', true),
    reportingUrl: url(env, 'REPORTING_URL', `${publicUrl}/insights`),
    publicUrl,
    serveSpa: flag(env, 'SERVE_SPA', true),
    trustProxyHops: count(env, 'TRUST_PROXY_HOPS', 0, 10),
    contactCenter: integration(env, contactCenterSettings),
    teamDirectory: teamDirectory(env),
    recordings: integration(env, recordingsSettings),
    telephony: integration(env, telephonySettings),
    interactions: { callsPerHour: count(env, 'SIMULATED_CALLS_PER_HOUR', 20, 3600), syncSeconds: count(env, 'INTERACTIONS_SYNC_SECONDS', 5, 3600) },
    workflows: { secondsPerDay: count(env, 'WORKFLOW_SECONDS_PER_DAY', 0, 86_400) },
    webhooks: { allowPrivateNetworks: flag(env, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS', false) },
  };
}

/** The team directory's choice and settings (its settings.ts names every missing or bad one). */
function teamDirectory(env: NodeJS.ProcessEnv): TeamDirectorySettings {
  try {
    return readTeamDirectorySettings(env);
  } catch (error) {
    if (error instanceof TeamDirectorySettingsError) throw new ConfigError(error.message);
    throw error;
  }
}
