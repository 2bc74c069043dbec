import { createFileRoute, redirect } from '@tanstack/react-router';
import { isPortalPath } from '../../../domain/portal-path.ts';
import { finishSignIn } from '../../lib/auth.ts';
import { SignInProblem } from '../../components/shell/sign-in-problem.tsx';

/** Where the identity provider returns: finish sign-in, then go to the page first asked for. */
export const Route = createFileRoute('/login/callback')({
  beforeLoad: async () => {
    const returnTo = (await finishSignIn())?.returnTo;
    // Only paths of this app: an absolute URL here would be an open redirect.
    const safe = returnTo && isPortalPath(returnTo) && !returnTo.startsWith('/login') ? returnTo : '/home';
    throw redirect({ href: safe, replace: true });
  },
  errorComponent: SignInProblem,
});
