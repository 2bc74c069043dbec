import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { messages } from '../../../domain/messages.ts';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError, request } from '../../lib/api.ts';
import { auth } from '../../lib/auth.ts';
import { accessPolicyQuery } from '../../lib/session.ts';
import { policyAtom } from '../../state/account.ts';
import { preferencesAtom } from '../../state/preferences.ts';
import { Toaster } from '../ui/toast.tsx';
import { Header } from './header.tsx';

/** Signs out at the API (revoking this access token) and then at the provider. */
export async function signOut() {
  await request('/auth/logout', { method: 'POST' }).catch(() => undefined);
  await auth.logout({ logoutParams: { returnTo: window.location.origin } });
}

function useTheme() {
  const { theme } = useAtomValue(preferencesAtom);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => document.documentElement.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

export function AppShell() {
  const account = useAccountKey();
  const policy = useQuery(accessPolicyQuery(account));
  const setPolicy = useSetAtom(policyAtom);
  useTheme();
  useEffect(() => setPolicy(policy.data ?? null), [policy.data, setPolicy]);

  const refused = policy.error instanceof ApiRequestError && policy.error.status === 403;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800">
        Skip to content
      </a>
      <Header policy={policy.data} onSignOut={() => void signOut()} />
      {refused ? (
        <main id="main" className="mx-auto max-w-xl px-6 py-20 text-center">
          <h1 className="text-2xl font-semibold">No access</h1>
          <p className="mt-2" role="alert">
            {policy.error?.message || messages.noPortalAccess}
          </p>
        </main>
      ) : (
        <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6">
          <Outlet />
        </main>
      )}
      <Toaster />
    </div>
  );
}
