import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { AccessPolicy } from '../../../domain/api.ts';
import { useSwitchAccount } from '../../lib/account.ts';
import { useScreens } from '../../lib/screens.tsx';
import { landingAfterSwitch } from '../../palette/route-meta.ts';

/** Across the top while acting in another account, by name, with a way back (spec §2). */
export function GhostBanner({ policy }: { policy: AccessPolicy }) {
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  const screens = useScreens();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (policy.accountId === policy.homeAccountId) return null;
  return (
    <div role="region" aria-label="Ghost Mode" className="bg-amber-300 text-amber-950">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 text-sm">
        <span>
          <strong>{policy.instanceAdmin ? 'Ghost Mode' : 'Assumed account'}:</strong> you are acting in <strong>{policy.accountName}</strong>
          {policy.role ? ` as ${policy.role}` : ''}.
        </span>
        <button
          type="button"
          onClick={() => {
            switchAccount(null);
            void navigate({ to: landingAfterSwitch(screens, pathname) });
          }}
          className="ml-auto rounded-md border border-amber-900/40 bg-white/70 px-2 py-0.5 font-medium hover:bg-white"
        >
          Leave {policy.accountName}
        </button>
      </div>
    </div>
  );
}
