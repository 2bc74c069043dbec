import { Auth0Client } from '@auth0/auth0-spa-js';
import { settings } from './settings.ts';

/**
 * One Auth0 client for the app (redirect + PKCE, scopes openid email profile). Refresh tokens
 * keep a reload from bouncing through the provider; the cache lives in local storage so a new
 * tab of the portal is signed in too.
 */
export const auth = new Auth0Client({
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
});

export type AppState = { returnTo?: string };

export function signIn(returnTo: string) {
  return auth.loginWithRedirect<AppState>({ appState: { returnTo } });
}
