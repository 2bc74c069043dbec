import { useDateTimeFormat } from '../../lib/format.ts';

/** When a key was last used (recorded at most once a minute), or "Never". */
export function LastUsed({ at }: { at: string | null }) {
  const formatDate = useDateTimeFormat();
  // The muted text of the app, readable on a highlighted row too (slate-500 on brand-50 is 4.36:1).
  if (!at) return <span className="text-slate-600 dark:text-slate-300">Never</span>;
  return <time dateTime={at}>{formatDate(at)}</time>;
}
