import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ConfigError, integration, loadConfig } from './config.ts';

describe('configuration by environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, idpPort: 3001, databaseUrl: null, apiBaseUrl: '/api' });
    expect(config.auth).toMatchObject({ embedded: true, domain: 'http://localhost:3001', issuer: 'http://localhost:3001/' });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it('places simulated calls by default (20 an hour per account, issue 26), none at SIMULATED_CALLS_PER_HOUR=0 (the tests)', () => {
    expect(loadConfig({}).interactions.callsPerHour).toBe(20);
    expect(loadConfig({ SIMULATED_CALLS_PER_HOUR: '0' }).interactions.callsPerHour).toBe(0);
    expect(() => loadConfig({ SIMULATED_CALLS_PER_HOUR: 'many' })).toThrow(/SIMULATED_CALLS_PER_HOUR/);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^PORT must be a port number/);
    expect(() => loadConfig({ IDP_PORT: '70000' })).toThrow(/^IDP_PORT must be a port number/);
    expect(() => loadConfig({ PORT: '4000', IDP_PORT: '4000' })).toThrow(/IDP_PORT must differ from PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be/);
    expect(() => loadConfig({ REPORTING_URL: 'not a url' })).toThrow(/^REPORTING_URL must be an absolute URL/);
    expect(() => loadConfig({ API_BASE_URL: 'api' })).toThrow(/^API_BASE_URL must be an absolute URL or a path/);
    expect(() => loadConfig({ AUTH_DOMAIN: 'tenant.auth0.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_DOMAIN: 'tenant.auth0.com' })).toThrow(/AUTH_CLIENT_ID, AUTH_AUDIENCE must be set together with AUTH_DOMAIN/);
  });

  it('uses a real provider when all three AUTH_ variables are given', () => {
    const config = loadConfig({ AUTH_DOMAIN: 'tenant.auth0.com', AUTH_CLIENT_ID: 'abc', AUTH_AUDIENCE: 'https://api.example.com' });
    expect(config.auth).toEqual({
      embedded: false,
      domain: 'https://tenant.auth0.com',
      issuer: 'https://tenant.auth0.com/',
      clientId: 'abc',
      audience: 'https://api.example.com',
    });
  });

  it('gives several processes one embedded sign-in server: its address from IDP_PUBLIC_URL is their issuer, its keys from IDP_KEY_FILE (default: in DATA_DIR)', () => {
    expect(loadConfig({ DATA_DIR: '/srv/astera' }).idpKeyFile).toBe('/srv/astera/idp-keys.json');
    const shared = loadConfig({ IDP_PORT: '4001', IDP_PUBLIC_URL: 'https://sign-in.example.com/', IDP_KEY_FILE: '/run/secrets/idp-keys.json' });
    expect(shared.auth).toMatchObject({ embedded: true, domain: 'https://sign-in.example.com', issuer: 'https://sign-in.example.com/' });
    expect(shared).toMatchObject({ idpPort: 4001, idpKeyFile: '/run/secrets/idp-keys.json' });
    expect(() => loadConfig({ IDP_PUBLIC_URL: 'sign-in' })).toThrow(/^IDP_PUBLIC_URL must be an absolute URL/);
  });

  it('takes the portal origin from PUBLIC_URL (default: localhost on PORT)', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'portal' })).toThrow(/^PUBLIC_URL must be an absolute URL/);
  });

  it('serves the SPA unless SERVE_SPA=false', () => {
    expect(loadConfig({}).serveSpa).toBe(true);
    expect(loadConfig({ SERVE_SPA: 'false' }).serveSpa).toBe(false);
    expect(loadConfig({ SERVE_SPA: '0' }).serveSpa).toBe(false);
    expect(() => loadConfig({ SERVE_SPA: 'no' })).toThrow(/^SERVE_SPA must be true or false/);
  });

  it('trusts no proxy unless TRUST_PROXY_HOPS says how many', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'yes' })).toThrow(/^TRUST_PROXY_HOPS must be a whole number from 0 to 10/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/^TRUST_PROXY_HOPS must be a whole number/);
  });

  it('accepts any PostgreSQL and a relative or absolute API base', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/astera' }).databaseUrl).toBe('postgres://u:p@db:5432/astera');
    expect(loadConfig({ API_BASE_URL: 'https://api.example.com/v1/' }).apiBaseUrl).toBe('https://api.example.com/v1');
  });

  it('chooses the team directory by TEAMS_DIRECTORY (default: the simulator) and checks its settings at start-up', () => {
    expect(loadConfig({}).teamDirectory).toEqual({ kind: 'simulator' });
    expect(() => loadConfig({ TEAMS_DIRECTORY: 'graph' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEAMS_DIRECTORY: 'graph' })).toThrow(/TEAMS_GRAPH_CLIENT_ID is required/);
    expect(() => loadConfig({ TEAMS_DIRECTORY: 'teams' })).toThrow(/^TEAMS_DIRECTORY must be one of simulator, graph/);
    const graph = {
      TEAMS_DIRECTORY: 'graph',
      TEAMS_GRAPH_CLIENT_ID: 'graph-client',
      TEAMS_GRAPH_CLIENT_SECRET: 'graph-secret',
      TEAMS_BOT_APP_ID: 'bot-app',
      TEAMS_BOT_CLIENT_ID: 'bot-client',
      TEAMS_BOT_CLIENT_SECRET: 'bot-secret',
    };
    expect(loadConfig(graph).teamDirectory.kind).toBe('graph');
  });

  it('chooses the contact center by CONTACT_CENTER (default: the simulator) and checks its settings at start-up', () => {
    expect(loadConfig({}).contactCenter).toEqual({ kind: 'simulator' });
    expect(loadConfig({ CONTACT_CENTER: ' ' }).contactCenter).toEqual({ kind: 'simulator' });
    expect(loadConfig({ CONTACT_CENTER: 'amazon-connect' }).contactCenter).toEqual({ kind: 'amazon-connect', roleSessionSeconds: 3600, roleSessionName: 'astera-portal' });
    expect(
      loadConfig({ CONTACT_CENTER: 'amazon-connect', CONTACT_CENTER_ROLE_SESSION_SECONDS: '900', CONTACT_CENTER_ROLE_SESSION_NAME: 'portal@prod' }).contactCenter,
    ).toEqual({ kind: 'amazon-connect', roleSessionSeconds: 900, roleSessionName: 'portal@prod' });
    expect(() => loadConfig({ CONTACT_CENTER: 'genesys' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTACT_CENTER: 'genesys' })).toThrow(/^CONTACT_CENTER must be "simulator" or "amazon-connect" \(got "genesys"\)/);
    expect(() => loadConfig({ CONTACT_CENTER: 'amazon-connect', CONTACT_CENTER_ROLE_SESSION_SECONDS: '60' })).toThrow(
      /^CONTACT_CENTER_ROLE_SESSION_SECONDS must be a whole number of seconds from 900 to 3600 when CONTACT_CENTER=amazon-connect \(got "60"\)/,
    );
    expect(() => loadConfig({ CONTACT_CENTER: 'amazon-connect', CONTACT_CENTER_ROLE_SESSION_SECONDS: 'an hour' })).toThrow(/^CONTACT_CENTER_ROLE_SESSION_SECONDS must be/);
    expect(() => loadConfig({ CONTACT_CENTER: 'amazon-connect', CONTACT_CENTER_ROLE_SESSION_NAME: 'has spaces' })).toThrow(/^CONTACT_CENTER_ROLE_SESSION_NAME must be 2 to 64/);
    // The simulator reads none of the adapter's settings.
    expect(loadConfig({ CONTACT_CENTER_ROLE_SESSION_SECONDS: '60' }).contactCenter).toEqual({ kind: 'simulator' });
  });

  it('chooses the recordings store by RECORDINGS_STORE (default: files under DATA_DIR) and checks the S3 settings at start-up', () => {
    expect(loadConfig({}).recordings).toEqual({ kind: 'files', directory: null });
    expect(loadConfig({ RECORDINGS_STORE: 'files', RECORDINGS_DIR: '/srv/recordings' }).recordings).toEqual({ kind: 'files', directory: '/srv/recordings' });
    const s3 = { RECORDINGS_STORE: 's3', RECORDINGS_S3_BUCKET: 'astera-recordings', RECORDINGS_S3_REGION: 'eu-west-1' };
    expect(loadConfig(s3).recordings).toEqual({ kind: 's3', bucket: 'astera-recordings', region: 'eu-west-1', endpoint: null, forcePathStyle: false, prefix: '' });
    expect(
      loadConfig({ ...s3, RECORDINGS_S3_ENDPOINT: 'http://minio.internal:9000/', RECORDINGS_S3_FORCE_PATH_STYLE: 'true', RECORDINGS_S3_PREFIX: 'calls/audio' }).recordings,
    ).toEqual({ kind: 's3', bucket: 'astera-recordings', region: 'eu-west-1', endpoint: 'http://minio.internal:9000', forcePathStyle: true, prefix: 'calls/audio/' });
    // The SDK's own AWS_REGION stands in for the store's.
    expect(loadConfig({ RECORDINGS_STORE: 's3', RECORDINGS_S3_BUCKET: 'astera-recordings', AWS_REGION: 'us-east-2' }).recordings).toMatchObject({ region: 'us-east-2' });
    expect(() => loadConfig({ RECORDINGS_STORE: 'azure' })).toThrow(/^RECORDINGS_STORE must be "files" or "s3" \(got "azure"\)/);
    expect(() => loadConfig({ RECORDINGS_STORE: 's3' })).toThrow(/^RECORDINGS_S3_BUCKET is required when RECORDINGS_STORE=s3$/);
    expect(() => loadConfig({ RECORDINGS_STORE: 's3', RECORDINGS_S3_BUCKET: 'astera-recordings' })).toThrow(/^RECORDINGS_S3_REGION is required when RECORDINGS_STORE=s3$/);
    expect(() => loadConfig({ ...s3, RECORDINGS_S3_BUCKET: 'Astera_Recordings' })).toThrow(/^RECORDINGS_S3_BUCKET must be a bucket name .* \(got "Astera_Recordings"\)/);
    expect(() => loadConfig({ ...s3, RECORDINGS_S3_ENDPOINT: 'minio:9000' })).toThrow(/^RECORDINGS_S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ ...s3, RECORDINGS_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^RECORDINGS_S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => loadConfig({ ...s3, RECORDINGS_S3_PREFIX: 'calls/../other' })).toThrow(/^RECORDINGS_S3_PREFIX must be folder names/);
    // The files store reads none of the S3 settings.
    expect(loadConfig({ RECORDINGS_S3_BUCKET: 'Bad Name' }).recordings).toEqual({ kind: 'files', directory: null });
  });

  it('chooses the carrier by TELEPHONY (default: the simulator) and never repeats the Twilio auth token in an error', () => {
    expect(loadConfig({}).telephony).toEqual({ kind: 'simulator', failureRate: 0.1, outcomeMs: 3000 });
    expect(loadConfig({ TELEPHONY_SIMULATOR_FAILURE_RATE: '0', TELEPHONY_SIMULATOR_OUTCOME_MS: '50' }).telephony).toEqual({ kind: 'simulator', failureRate: 0, outcomeMs: 50 });
    expect(() => loadConfig({ TELEPHONY_SIMULATOR_FAILURE_RATE: '1.5' })).toThrow(/^TELEPHONY_SIMULATOR_FAILURE_RATE must be a number from 0 to 1 when TELEPHONY=simulator \(got "1.5"\)$/);
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    const token = 'fedcba9876543210'.repeat(2);
    expect(loadConfig({ TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token }).telephony).toEqual({ kind: 'twilio', accountSid: sid, authToken: token });
    expect(() => loadConfig({ TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: sid })).toThrow(/^TWILIO_AUTH_TOKEN is required when TELEPHONY=twilio$/);
    expect(() => loadConfig({ TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: token })).toThrow(/^TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits when TELEPHONY=twilio \(got "AC1"\)$/);
    const leaked = 'not-the-right-shape-secret-value';
    let message = '';
    try {
      loadConfig({ TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: leaked });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('TWILIO_AUTH_TOKEN must be 32 hexadecimal digits when TELEPHONY=twilio');
    expect(() => loadConfig({ TELEPHONY: 'vonage' })).toThrow(/^TELEPHONY must be "simulator" or "twilio" \(got "vonage"\)$/);
  });

  it("an integration's missing required setting is a start-up error naming it", () => {
    const settings = {
      variable: 'THING',
      fallback: 'none',
      adapters: {
        none: v.pipe(v.object({}), v.transform(() => ({ kind: 'none' as const }))),
        real: v.pipe(v.object({ THING_KEY: v.string() }), v.transform((env) => ({ kind: 'real' as const, key: env.THING_KEY }))),
      },
    };
    expect(integration({ THING: 'real', THING_KEY: 'k' }, settings)).toEqual({ kind: 'real', key: 'k' });
    expect(() => integration({ THING: 'real' }, settings)).toThrow(/^THING_KEY is required when THING=real$/);
    expect(() => integration({ THING: 'real', THING_KEY: '' }, settings)).toThrow(/^THING_KEY is required when THING=real$/);
  });
});
