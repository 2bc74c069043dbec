import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration by environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, idpPort: 3001, databaseUrl: null, apiBaseUrl: '/api' });
    expect(config.auth).toMatchObject({ embedded: true, domain: 'http://localhost:3001', issuer: 'http://localhost:3001/' });
    expect(config.dataDir.endsWith('.data')).toBe(true);
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
});
