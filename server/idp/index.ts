import { createServer } from 'node:http';
import type { JWK } from 'jose';
import Provider, {
  errors,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import { messages, tooManySignInAttempts } from '../../domain/messages.ts';
import type { Database } from '../db/client.ts';
import { GRANT_CLAIM, postgresAdapter } from './adapter.ts';
import { BodyTooLargeError, logoutParams, normaliseTokenRequest, readBody } from './auth0-compat.ts';
import { loadSigningKeys } from './keys.ts';
import { loginPage, messagePage, signOutPage, type Page } from './pages.ts';
import { signInThrottle, type SignInLimits } from './throttle.ts';
import { logInternalError } from '../errors.ts';

export type IdpUser = { sub: string; email: string; name: string };

export type IdpOptions = {
  /** Port to listen on (all interfaces). */
  port: number;
  /** Issuer with a trailing slash, as Auth0 has it, e.g. 'http://localhost:3001/'. */
  issuer: string;
  /** The SPA's client id. */
  clientId: string;
  /** The API audience; access tokens are RS256 JWTs for it. */
  audience: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  authenticate(email: string, password: string): Promise<IdpUser | null>;
  findUser(sub: string): Promise<IdpUser | null>;
  /** Private RS256 signing JWKs; when absent, one is generated (and stored in keyFile when given). */
  keys?: JWK[];
  /** Where a generated signing key set is stored (JSON JWK set), so tokens stay valid across restarts. */
  keyFile?: string;
  /**
   * The provider's state (sessions, grants, refresh tokens…) and the sign-in attempt counters live here, so a
   * restart keeps everyone signed in and several processes on one database act as one provider.
   */
  database: Pick<Database, 'db' | 'pool'>;
  /** Default: 5 failed sign-ins per email and 20 per client address, each in 15 minutes. */
  signInLimits?: SignInLimits;
  /**
   * Proxies in front that append to X-Forwarded-For (default 0: the header is ignored). With n, the
   * client address is the n-th entry from the right: the one the outermost trusted proxy saw.
   */
  trustProxyHops?: number;
};

export type Idp = { url: string; close(): Promise<void> };

/** The Auth0 endpoint layout, so the SDK's hard-coded paths work. */
const routes = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  userinfo: '/userinfo',
  end_session: '/v2/logout',
  jwks: '/.well-known/jwks.json',
} as const;

const SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const DAY = 24 * 60 * 60;
const SESSION_TTL = 14 * DAY;
const REFRESH_TOKEN_TTL = 14 * DAY;
const LOGIN_FORM_LIMIT = 16 * 1024;

type KoaMiddleware = Parameters<Provider['use']>[0];
type KoaContext = Parameters<KoaMiddleware>[0];

function send(ctx: KoaContext, page: Page, status = 200): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', page.contentSecurityPolicy);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = page.html;
}

/**
 * The Astera client is first party: whatever it asks for is granted, so the consent prompt never shows.
 * The grant is kept alive for as long as anything issued from it can be.
 */
async function grantEverythingRequested(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  const client = oidc.client;
  if (!oidc.session || !accountId || !client) return undefined;

  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== accountId) {
    grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
  }
  const oidcScopes = [...oidc.requestParamOIDCScopes];
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes);
  const claims = [...oidc.requestParamClaims];
  if (claims.length > 0) grant.addOIDCClaims(claims);
  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length > 0) grant.addResourceScope(indicator, scopes);
  }
  grant.exp = Math.floor(Date.now() / 1000) + REFRESH_TOKEN_TTL;
  await grant.save();
  return grant;
}

/**
 * oidc-provider drops a requested offline_access unless prompt=consent is also requested (OpenID Connect Core
 * 11). Auth0 grants it to first-party apps without consent, and auth0-spa-js (useRefreshTokens) relies on that.
 * Registered as the validator of the `scope` parameter: validators run after the scope check, and the
 * restored scope is what the interaction stores for the rest of the flow.
 */
function restoreOfflineAccess(ctx: KoaContextWithOIDC): void {
  const { oidc } = ctx;
  if (oidc.route !== 'authorization' || !oidc.params || !oidc.client?.grantTypeAllowed('refresh_token')) return;
  const requested = ctx.query.scope;
  if (typeof requested !== 'string' || !requested.split(' ').includes('offline_access')) return;
  const scopes = new Set(typeof oidc.params.scope === 'string' ? oidc.params.scope.split(' ') : []);
  scopes.add('offline_access');
  oidc.params.scope = [...scopes].join(' ');
}

/** An unexpected error of the provider, in the log (see `logInternalError`). */
export function logIdpError(ctx: { method: string; oidc?: { route?: string } }, error: unknown): string {
  return logInternalError(error, { method: ctx.method, route: `idp:${ctx.oidc?.route ?? 'interaction'}` });
}

export async function startIdp(opts: IdpOptions): Promise<Idp> {
  // Where the pages' forms may lead, redirects after the submit included (Chromium checks those):
  // this provider, then the SPA's callback or its signed-out page.
  const formTargets = [...new Set([...opts.redirectUris, ...opts.postLogoutRedirectUris].map((uri) => new URL(uri).origin))];
  const formAction = `form-action 'self' ${formTargets.join(' ')}`;
  const reply = (ctx: KoaContext, page: Page, status?: number) => send(ctx, { ...page, contentSecurityPolicy: `${page.contentSecurityPolicy}; ${formAction}` }, status);

  const issuer = new URL(opts.issuer);
  if (!issuer.pathname.endsWith('/')) throw new Error(`IdP issuer must end with "/" like Auth0's (got "${opts.issuer}")`);
  const { jwks, cookieKeys } = await loadSigningKeys(opts);
  const accessTokenTtl = opts.accessTokenTtlSeconds ?? 3600;
  const allowedOrigins = new Set(opts.redirectUris.map((uri) => new URL(uri).origin));

  const apiResourceServer: ResourceServer = {
    // Auth0 lists the OpenID scopes in API access tokens too; the API sees the same `scope` claim.
    scope: SCOPES.join(' '),
    audience: opts.audience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  };

  const throttle = signInThrottle(opts.database.pool, opts.signInLimits);

  const configuration: Configuration = {
    adapter: postgresAdapter(opts.database.db),
    clients: [
      {
        client_id: opts.clientId,
        client_name: 'Astera',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: jwks },
    cookies: {
      // Browsers share cookies across ports, so the SPA on :3000 sees these too: keep the names unmistakable.
      names: { session: 'astera_idp_session', interaction: 'astera_idp_interaction', resume: 'astera_idp_resume' },
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    routes,
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name'],
      sid: null,
      auth_time: null,
      acr: null,
      iss: null,
    },
    // auth0-spa-js reads the user from the ID token, so scope claims go there, not only to /userinfo.
    conformIdTokenClaims: false,
    // auth0-spa-js sends `audience` instead of `resource`; other Auth0 extras (auth0Client, ...) are ignored.
    extraParams: { audience: null, scope: restoreOfflineAccess },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      revocation: {
        enabled: true,
        // A public client may revoke only what was issued to it (the default policy, made explicit).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      rpInitiatedLogout: {
        enabled: true,
        // Auth0 logs out without asking, so the provider's confirmation form submits itself.
        logoutSource(ctx, form) {
          reply(ctx, signOutPage(form));
        },
        postLogoutSuccessSource(ctx) {
          reply(ctx, messagePage('Signed out', 'You have signed out of Astera. You can close this window.'));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource(ctx, _client, oneOf) {
          const requested = ctx.oidc.params?.audience;
          const audience = typeof requested === 'string' && requested ? requested : opts.audience;
          if (oneOf) return oneOf.includes(audience) ? audience : oneOf[0];
          return audience;
        },
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== opts.audience) throw new errors.InvalidTarget(`unknown audience ${resourceIndicator}`);
          return apiResourceServer;
        },
        // The token endpoint gets no audience from the SDK: use the one granted at /authorize.
        useGrantedResource: () => true,
      },
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    async findAccount(_ctx, sub) {
      const user = await opts.findUser(sub);
      if (!user) return undefined;
      return { accountId: user.sub, claims: () => ({ sub: user.sub, email: user.email, name: user.name }) };
    },
    loadExistingGrant: grantEverythingRequested,
    // The grant of an access token rides in it, so the API's logout can end the grant (issue 24).
    extraTokenClaims: (_ctx, token) => (token.kind === 'AccessToken' && token.grantId ? { [GRANT_CLAIM]: token.grantId } : undefined),
    // OpenID Connect lets offline_access tokens outlive the provider session; here signing out at /v2/logout
    // ends them too, so a sign-out whose revocation request was lost still ends every refresh token.
    expiresWithSession: () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      const description = typeof out.error_description === 'string' ? out.error_description : String(out.error ?? 'error');
      reply(ctx, messagePage('Something went wrong', description), ctx.status >= 400 ? ctx.status : 400);
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: SESSION_TTL,
      Grant: REFRESH_TOKEN_TTL,
      // Rotated refresh tokens keep the original expiry, so a stolen chain cannot live forever.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  // oidc-provider turns unexpected errors into a generic 500 page without logging them. Logged
  // like the API's: an id, the method, the provider's route name, the class and the stack frames;
  // never the message or the URL (a sign-in's error can quote the email address typed).
  provider.on('server_error', (ctx, error) => logIdpError(ctx, error));
  // Koa reads ctx.ip from X-Forwarded-For only when told to, and then only the last n entries.
  if (opts.trustProxyHops) {
    provider.proxy = true;
    provider.maxIpsCount = opts.trustProxyHops;
  }

  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === routes.end_session) {
      ctx.querystring = logoutParams(new URLSearchParams(ctx.querystring), {
        clientId: opts.clientId,
        postLogoutRedirectUris: opts.postLogoutRedirectUris,
      }).toString();
    }
    await next();
  });

  provider.use(async (ctx, next) => {
    await next();
    // Auth0 answers web_message errors (login_required, ...) with 200; a 400 logs a failed load in the SPA console.
    const webMessage = typeof ctx.body === 'string' && ctx.body.includes("type: 'authorization_response'");
    if (ctx.status === 400 && ctx.path.startsWith(routes.authorization) && webMessage) ctx.status = 200;
  });

  provider.use(async (ctx, next) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(ctx.path)?.[1];
    if (!uid || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const action = `/interaction/${uid}`;

    const details = await provider.interactionDetails(ctx.req, ctx.res).catch((error: unknown) => {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    });
    if (!details || details.uid !== uid) {
      reply(ctx, messagePage('Sign-in expired', 'This sign-in attempt has expired. Go back to Astera and sign in again.'), 400);
      return;
    }

    if (details.prompt.name === 'consent') {
      // Only an explicit prompt=consent gets here. No screen: loadExistingGrant fills the grant in on resume.
      const grantId =
        details.grantId ?? (await new provider.Grant({ accountId: details.session?.accountId, clientId: opts.clientId }).save());
      await provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      ctx.respond = false;
      return;
    }

    if (ctx.method === 'GET') {
      reply(ctx, loginPage({ action }));
      return;
    }

    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBody(ctx.req, LOGIN_FORM_LIMIT)).toString('utf8'));
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      ctx.status = 413;
      return;
    }
    const email = form.get('email')?.trim() ?? '';
    const password = form.get('password') ?? '';
    // An empty field is no guess at a password: it is refused without being counted.
    const attempt = email && password ? await throttle.attempt(email, ctx.ip) : null;
    if (attempt && !attempt.allowed) {
      ctx.set('Retry-After', String(attempt.retryAfterSeconds));
      reply(ctx, loginPage({ action, email, error: tooManySignInAttempts(Math.ceil(attempt.retryAfterSeconds / 60)) }), 429);
      return;
    }
    const user = attempt ? await opts.authenticate(email, password) : null;
    if (!user) {
      reply(ctx, loginPage({ action, email, error: messages.invalidCredentials }));
      return;
    }
    await throttle.succeeded(email, ctx.ip);
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: user.sub, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    ctx.respond = false;
  });

  const handle = provider.callback();
  const server = createServer((request, response) => {
    normaliseTokenRequest(request, routes).then(
      (normalised) => handle(normalised, response),
      (error: unknown) => {
        response.statusCode = error instanceof BodyTooLargeError ? 413 : 400;
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ error: 'invalid_request', error_description: 'could not read the request body' }));
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Expired rows are deleted by the job queue's schedule (server/idp/tasks.ts), not by a timer here.

  return {
    url: opts.issuer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
