// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The SDK, replaced: counts how often it is loaded (constructed) and what it is asked. */
const sdk = vi.hoisted(() => ({
  constructed: 0,
  getTokenSilently: vi.fn(() => Promise.resolve('renewed-by-sdk')),
  isAuthenticated: vi.fn(() => Promise.resolve(false)),
  loginWithRedirect: vi.fn(() => Promise.resolve()),
}));
vi.mock('@auth0/auth0-spa-js', () => ({
  Auth0Client: class {
    constructor() {
      sdk.constructed++;
    }
    getTokenSilently = sdk.getTokenSilently;
    isAuthenticated = sdk.isAuthenticated;
    loginWithRedirect = sdk.loginWithRedirect;
  },
}));

const { accessToken, isSignedIn, storedAccessToken } = await import('./auth.ts');
const { settings } = await import('./settings.ts');

const client = settings.authClientId;
const tokensKey = `@@auth0spajs@@::${client}::${settings.authAudience}::openid email profile offline_access`;
const userKey = `@@auth0spajs@@::${client}::@@user@@`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The entries the SDK writes after sign-in (cache/shared.ts: WrappedCacheEntry and the id token entry). */
function storeAsTheSdkDoes({ expiresIn = 3600, claims = {} as Record<string, unknown> } = {}) {
  localStorage.setItem(tokensKey, JSON.stringify({ body: { access_token: 'stored-token', refresh_token: 'r', client_id: client, audience: settings.authAudience, scope: 'openid email profile offline_access' }, expiresAt: nowSeconds() + expiresIn }));
  localStorage.setItem(userKey, JSON.stringify({ id_token: 'id', decodedToken: { claims: { sub: 'u1', ...claims }, user: { sub: 'u1' } } }));
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => localStorage.clear());

describe('the first screen signs in without loading the Auth0 SDK', () => {
  it('a stored token that is still good is used as it is, and the SDK is not loaded', async () => {
    storeAsTheSdkDoes();
    expect(await isSignedIn()).toBe(true);
    expect(await accessToken()).toBe('stored-token');
    expect(sdk.constructed).toBe(0);
    expect(sdk.getTokenSilently).not.toHaveBeenCalled();
  });

  it('a token within 60 seconds of expiry is renewed by the SDK, as the SDK would', async () => {
    storeAsTheSdkDoes({ expiresIn: 59 });
    expect(storedAccessToken()).toBeUndefined();
    expect(await accessToken()).toBe('renewed-by-sdk');
    expect(sdk.getTokenSilently).toHaveBeenCalledTimes(1);
    expect(sdk.constructed).toBe(1);
  });

  it('without a stored id token, or with a session ceiling, the SDK decides', async () => {
    storeAsTheSdkDoes();
    localStorage.removeItem(userKey);
    expect(storedAccessToken()).toBeUndefined();
    expect(await isSignedIn()).toBe(false);
    expect(sdk.isAuthenticated).toHaveBeenCalledTimes(1);

    storeAsTheSdkDoes({ claims: { session_expiry: nowSeconds() + 7200 } });
    expect(await accessToken()).toBe('renewed-by-sdk');
  });

  it('an entry for other scopes, another audience, or not JSON is not taken', () => {
    localStorage.setItem(`@@auth0spajs@@::${client}::${settings.authAudience}::openid`, JSON.stringify({ body: { access_token: 'narrow' }, expiresAt: nowSeconds() + 3600 }));
    localStorage.setItem(`@@auth0spajs@@::${client}::https://other.example::openid email profile`, JSON.stringify({ body: { access_token: 'other' }, expiresAt: nowSeconds() + 3600 }));
    localStorage.setItem(tokensKey, '{not json');
    localStorage.setItem(userKey, JSON.stringify({ id_token: 'id', decodedToken: { claims: {} } }));
    expect(storedAccessToken()).toBeUndefined();
  });
});
