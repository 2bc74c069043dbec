import type { Screen, Screens } from '../lib/screens.tsx';

/**
 * The screens no feature declares: Home's neighbours and the spec's placeholders. Every other
 * screen is its feature's `screens.ts`, gathered by `src/screens.ts`. The palette lists whatever
 * routes the router has (so it cannot drift from the route tree); this only names them. A route
 * missing here still appears, titled from its path.
 */
export const coreScreens: Screen[] = [
  { path: '/system/logs', title: 'Logs', keywords: ['system'], menu: { name: 'system', order: 40 } },
  { path: '/system/datamanagement', title: 'Data Management' },
  { path: '/system/identityproviders', title: 'Identity Providers' },
  { path: '/system/amazonconnect', title: 'Amazon Connect' },
  { path: '/system/phonenumbers', title: 'Phone Numbers' },
  { path: '/system/endpoints', title: 'Endpoints' },
];

/** Paths that are not screens to go to: redirects, the sign-in return, public pages. */
export const hiddenPaths = new Set(['/', '/login/callback', '/campaign']);

export function titleFromPath(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? 'Home';
  return last.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * Where a switch of account lands (issue 24): the same screen when it is one of the route list's
 * (a list, a create form), else the list a record's page belongs to (its id is the old account's),
 * else Home. Search params (filters, paging) are the old account's and are dropped.
 */
export function landingAfterSwitch(screens: Screens, pathname: string): string {
  if (screens[pathname] && !hiddenPaths.has(pathname)) return pathname;
  const list = Object.keys(screens)
    .filter((path) => path !== '/home' && pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return list ?? '/home';
}
