import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { NotFound } from '../../components/ui/not-found.tsx';
import { DetailSkeleton } from '../../components/ui/load-state.tsx';
import { policyAtom } from '../../state/account.ts';

/**
 * The accounts screens are the instance administrator's (spec §2: "Accounts link /accounts, shown
 * only to instance administrators"): anyone else gets the 404 screen, as for a path that does not
 * exist, and the API refuses them too.
 */
export function InstanceAdminOnly({ children }: { children: ReactNode }) {
  const policy = useAtomValue(policyAtom);
  if (!policy) return <DetailSkeleton label="Loading…" />;
  if (!policy.instanceAdmin) return <NotFound />;
  return children;
}
