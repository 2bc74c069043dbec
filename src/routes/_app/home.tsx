import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/home-screen.tsx';
import { recentChangesQuery } from '../../features/home/queries.ts';
import { currentAccountKey } from '../../lib/account.ts';
import { prepareDateTimeFormat } from '../../lib/format.ts';
import { can } from '../../lib/policy.ts';
import { accessPolicyQuery } from '../../lib/session.ts';

export const Route = createFileRoute('/_app/home')({
  /**
   * The recent changes are asked for as soon as the access policy says the role may read the log,
   * not once the screen has rendered with it (one long task later, on Lighthouse's phone the last
   * step before its largest paint). Neither waits for the other's answer: the screen shows at once.
   */
  loader: ({ context: { queryClient } }) => {
    const account = currentAccountKey();
    // The recent changes show dates: their formatter is made while the policy is on its way.
    prepareDateTimeFormat();
    queryClient.ensureQueryData(accessPolicyQuery(account)).then(
      (policy) => {
        if (can(policy, '/audit/entries', 'GET')) void queryClient.prefetchQuery(recentChangesQuery(account));
      },
      () => {},
    );
  },
  component: HomeScreen,
});
