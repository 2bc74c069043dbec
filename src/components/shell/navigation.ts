import { useMemo } from 'react';
import type { Resource } from '../../../domain/permissions.ts';
import { useScreens, type MenuName, type Screens } from '../../lib/screens.tsx';

export type NavEntry = {
  label: string;
  /** Absent for entries the spec gives no route ("Real time metrics"): choosing one is an error. */
  to?: string;
  external?: 'reporting';
  /** Shown only when the role may GET this resource; entries without one are shown to every role. */
  resource?: Resource;
};

export type NavMenu = { label: string; prefix: string; entries: NavEntry[] };

type MenuPlace = { name: MenuName; order: number };

/** The spec's entries that are no screen of the portal's: Reporting opens the reporting site, Real time metrics has no route. */
const entriesWithoutScreen: (NavEntry & MenuPlace)[] = [
  { name: 'insights', order: 10, label: 'Reporting', external: 'reporting', resource: '/metrics/historic' },
  { name: 'insights', order: 20, label: 'Real time metrics', resource: '/metrics/realtime' },
];

/**
 * Spec §2 "Header and shell": the Practice, System and Insights menus. Their entries are the
 * screens that name a menu (`features/<area>/screens.ts`), in the spec's order (each one's `order`).
 */
export function navMenus(screens: Screens): Record<MenuName, NavMenu> {
  const placed: (NavEntry & MenuPlace)[] = [...entriesWithoutScreen];
  for (const screen of Object.values(screens)) {
    if (screen.menu) placed.push({ ...screen.menu, label: screen.menu.label ?? screen.title, to: screen.path, resource: screen.resource });
  }
  placed.sort((a, b) => a.order - b.order);
  const menu = (name: MenuName, label: string, prefix: string): NavMenu => ({
    label,
    prefix,
    entries: placed.filter((entry) => entry.name === name).map(({ label, to, external, resource }) => ({ label, to, external, resource })),
  });
  return { practice: menu('practice', 'Practice', '/practice'), system: menu('system', 'System', '/system'), insights: menu('insights', 'Insights', '/insights') };
}

export function useNavMenus(): Record<MenuName, NavMenu> {
  const screens = useScreens();
  return useMemo(() => navMenus(screens), [screens]);
}

/** Tab highlighting follows the path prefix (spec §2). */
export function isActivePrefix(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
