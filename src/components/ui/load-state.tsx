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

/** A load failure other than "not found" (spec §8: 'Error, please try again'). */
export function LoadError({ message, onRetry }: { message: string; onRetry?(): void }) {
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
