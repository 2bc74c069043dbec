import type { Requirement } from '../../lib/policy.ts';
import { isRefused } from '../../lib/route-guard.ts';
import { Refused, SectionNoPermission } from './no-permission.tsx';
import { Button } from './button.tsx';

/** Placeholder blocks while a record loads (announced once as "Loading…"). */
export function DetailSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="h-8 w-64 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <span aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
      <span aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/**
 * A load failure other than "not found" (spec §8: 'Error, please try again'). Given the failure,
 * a refusal (403: the role lost the grant, on a first load or a refetch) is the "no permission"
 * screen instead, with no Retry that could never work (issue 24); a section of a screen that loads
 * its own data (`section`: what it shows and the grant it needs) says so in its place.
 */
export function LoadError({ message, onRetry, error, section }: { message: string; onRetry?(): void; error: unknown; section?: { what: string; requires: Requirement } }) {
  if (isRefused(error)) return section ? <SectionNoPermission {...section} /> : <Refused error={error} />;
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950">
      <p role="alert" className="text-red-900 dark:text-red-100">
        {message}
      </p>
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
