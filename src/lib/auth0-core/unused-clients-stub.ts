/**
 * Stands in, inside the Auth0 SDK (see vite.config.ts), for the API clients the SDK builds in its
 * constructor for features the portal never uses: the My Account API, the MFA API, passkeys,
 * anonymous sessions, and DPoP (sender-constrained tokens; the portal does not set `useDpop`).
 * Each behaves as the real one does when its feature was never started (no anonymous session,
 * nothing to transfer); calling a feature throws.
 */
const unused = (feature: string) => () => {
  throw new Error(`${feature} is not part of the portal's Auth0 build`);
};

export class MyAccountApiClient {
  readonly connectAccount = unused('The My Account API');
  readonly completeAccount = unused('The My Account API');
}
export class MyAccountApiError extends Error {}

export class MfaApiClient {
  /** Called when a token request answers `mfa_required`, to prepare the MFA API: nothing to prepare. */
  setMFAAuthDetails() {}
}

export class PasskeyApiClient {}
export class PasskeyError extends Error {}
export class PasskeyRegisterError extends PasskeyError {}
export class PasskeyChallengeError extends PasskeyError {}
export class PasskeyGetTokenError extends PasskeyError {}

export class AnonymousSessionApiClient {
  hasSession() {
    return false;
  }
  /** Used on every sign-in redirect: with no anonymous session, there is no token to transfer. */
  async mintTransferToken(): Promise<string | null> {
    return null;
  }
  readonly getTokenSilently = unused('Anonymous sessions');
}

export class Dpop {
  constructor() {
    unused('DPoP')();
  }
}
