import { useDateTimeFormat } from '../../lib/format.ts';

/** When a key was last used (recorded at most once a minute), or "Never". */
export function LastUsed({ at }: { at: string | null }) {
  const formatDate = useDateTimeFormat();
  if (!at) return <span className="text-slate-500 dark:text-slate-400">Never</span>;
  return <time dateTime={at}>{formatDate(at)}</time>;
}
