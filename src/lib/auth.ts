import type { Auth0Client, Auth0ClientOptions } from '@auth0/auth0-spa-js';
import { settings } from './settings.ts';

/**
 * Sign-in through the Auth0 SDK (redirect + PKCE, scopes openid email profile). Refresh tokens
 * keep a reload from bouncing through the provider; the SDK's cache lives in local storage so a
 * new tab of the portal is signed in too.
 *
 * The SDK (about 17 KB gzip) is loaded the first time it is needed, not with the first screen
 * (issue 25: the first screen loads only what it runs). A signed-in visit whose stored access
 * token is still good reads it from the SDK's own cache entry, as the SDK itself would answer
 * from it; anything else — no entry, a token within the SDK's 60 seconds of expiry, a session
 * with a ceiling, sign-in, its callback, sign-out — is the SDK's own code.
 */
const options: Auth0ClientOptions = {
  domain: settings.authDomain,
  clientId: settings.authClientId,
  cacheLocation: 'localstorage',
  useRefreshTokens: true,
  useRefreshTokensFallback: true,
  authorizationParams: {
    audience: settings.authAudience,
    scope: 'openid email profile',
    redirect_uri: `${window.location.origin}/login/callback`,
  },
};

let client: Promise<Auth0Client> | undefined;

/** The one SDK client, loaded on first use; a failed load (network) is tried again next time. */
function sdk(): Promise<Auth0Client> {
  client ??= import('@auth0/auth0-spa-js').then(
    ({ Auth0Client: Client }) => new Client(options),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** The SDK's cache layout in local storage (its `cache/shared.ts`): `@@auth0spajs@@::client::audience::scope`, and `::@@user@@` for the id token. */
const cachePrefix = `@@auth0spajs@@::${settings.authClientId}`;
/** The SDK renews a token within 60 seconds of its expiry (`_getEntryFromCache`); so does this. */
const renewWithinSeconds = 60;
const requiredScopes = ['openid', 'email', 'profile'];

type StoredUser = { id_token?: string; decodedToken?: { claims?: { session_expiry?: unknown } } };
type StoredTokens = { body?: { access_token?: unknown }; expiresAt?: unknown };

function stored<T>(key: string): T | undefined {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** A stored id token without a session ceiling (a ceiling is the SDK's to judge). */
function hasStoredSession(): boolean {
  const user = stored<StoredUser>(`${cachePrefix}::@@user@@`);
  return typeof user?.id_token === 'string' && user.decodedToken?.claims?.session_expiry === undefined;
}

/** The stored access token for the portal's audience and scopes, when the SDK would return it as it is. */
export function storedAccessToken(nowMs = Date.now()): string | undefined {
  if (!hasStoredSession()) return undefined;
  const prefix = `${cachePrefix}::${settings.authAudience}::`;
  const nowSeconds = Math.floor(nowMs / 1000);
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const scopes = key.slice(prefix.length).split(' ');
    if (!requiredScopes.every((scope) => scopes.includes(scope))) continue;
    const entry = stored<StoredTokens>(key);
    const token = entry?.body?.access_token;
    if (typeof token === 'string' && typeof entry?.expiresAt === 'number' && entry.expiresAt - renewWithinSeconds >= nowSeconds) return token;
  }
  return undefined;
}

/** The bearer token for the API: the stored one while it is good, else the SDK's (it renews with the refresh token). */
export async function accessToken(): Promise<string | undefined> {
  return storedAccessToken() ?? (await sdk()).getTokenSilently();
}

export async function isSignedIn(): Promise<boolean> {
  if (hasStoredSession()) return true;
  return (await sdk()).isAuthenticated();
}

export type AppState = { returnTo?: string };

export async function signIn(returnTo: string) {
  return (await sdk()).loginWithRedirect<AppState>({ appState: { returnTo } });
}

/** At /login/callback: exchanges the code for tokens and answers where the user was going. */
export async function finishSignIn(): Promise<AppState | undefined> {
  return (await (await sdk()).handleRedirectCallback<AppState>()).appState;
}

/** Revokes the refresh token at the provider (a failure does not stop the logout), then ends the provider session; the SDK clears its stored tokens. */
export async function endProviderSession() {
  const auth = await sdk();
  await auth.revokeRefreshToken().catch(() => undefined);
  await auth.logout({ logoutParams: { returnTo: window.location.origin } });
}
