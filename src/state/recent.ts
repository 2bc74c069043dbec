import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { selectedAccountIdAtom } from './account.ts';

export type RecentItem = { path: string; title: string; kind: string; count: number; last: number };

const MAX_RECENT = 50;
const recentByAccountAtom = atomWithStorage<Record<string, RecentItem[]>>('astera.recent', {}, undefined, { getOnInit: true });

/** Records and screens visited in the current account, with visit counts and times. */
export const recentAtom = atom(
  (get) => get(recentByAccountAtom)[get(selectedAccountIdAtom) ?? 'own'] ?? [],
  (get, set, visit: { path: string; title: string; kind: string }) => {
    const account = get(selectedAccountIdAtom) ?? 'own';
    const all = get(recentByAccountAtom);
    const items = all[account] ?? [];
    const existing = items.find((item) => item.path === visit.path);
    const updated: RecentItem = existing
      ? { ...existing, title: visit.title || existing.title, kind: visit.kind, count: existing.count + 1, last: Date.now() }
      : { ...visit, count: 1, last: Date.now() };
    const rest = items.filter((item) => item.path !== visit.path);
    set(recentByAccountAtom, { ...all, [account]: [updated, ...rest].slice(0, MAX_RECENT) });
  },
);

/** Frecency: visits weighted by how recent the last one was (half-life of a day). */
export function frecency(item: RecentItem, now = Date.now()): number {
  const days = (now - item.last) / 86_400_000;
  return item.count * Math.pow(0.5, days) + 1 / (1 + days);
}
