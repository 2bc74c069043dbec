/**
 * Stands in for `@auth0/auth0-auth-js` inside the Auth0 SDK (see vite.config.ts): what the
 * portal never uses (MFA API, passkeys, anonymous sessions, My Account, domain discovery) and
 * whose library (openid-client, jose, oauth4webapi) would triple the SDK's size.
 */
const unused = (feature: string) => () => {
  throw new Error(`${feature} is not part of the portal's Auth0 build`);
};

const refusing = (feature: string) => new Proxy({}, { get: (_target, key) => (key === 'then' ? undefined : unused(feature)) });

export class AuthClient {
  readonly mfa = refusing('The MFA API');
  readonly anonymous = refusing('Anonymous sessions');
  readonly passkey = refusing('Passkeys');
}

export class MfaClient {}
export class AnonymousSessionClient {}
export class AnonymousSessionError extends Error {}
export class MfaListAuthenticatorsError extends Error {}
export class MfaEnrollmentError extends Error {}
export class MfaChallengeError extends Error {}
export class PasskeyRegisterError extends Error {}
export class PasskeyChallengeError extends Error {}
export class PasskeyGetTokenError extends Error {}
export const isFederatedDomain = unused('Domain discovery');
