import type { HttpMethod, Resource } from '../../domain/permissions.ts';

export type RouteMeta = {
  title: string;
  /** "G then X" navigation, written 'g x'. */
  shortcut?: string;
  /** Shown only when the role may call this resource with `method`. */
  resource?: Resource;
  /** What the screen needs on `resource`: GET when absent, POST for a create screen. */
  method?: HttpMethod;
  keywords?: string[];
};

/**
 * Titles and shortcuts of the screens. The palette lists whatever routes the router has (so it
 * cannot drift from the route tree); this only names them. A route missing here still appears,
 * titled from its path.
 */
export const routeMeta: Record<string, RouteMeta> = {
  '/home': { title: 'Home', shortcut: 'g h', keywords: ['start', 'dashboard'] },
  '/interactions': { title: 'Interactions', shortcut: 'g i', resource: '/interactions/interactions', keywords: ['calls', 'history'] },
  '/workflows': { title: 'Task Workflows', shortcut: 'g w', keywords: ['tasks'] },
  '/practice/persons': { title: 'Persons', shortcut: 'g p', resource: '/person/persons', keywords: ['patients', 'people'] },
  '/practice/person/create': { title: 'Create person', resource: '/person/persons', method: 'POST', keywords: ['new', 'add'] },
  '/practice/users': { title: 'Users', shortcut: 'g u', resource: '/person/users', keywords: ['staff', 'logins'] },
  '/practice/practitioners': { title: 'Practitioners', shortcut: 'g t', resource: '/person/practitioners', keywords: ['doctors', 'clinicians'] },
  '/practice/contact-points': { title: 'Contact Points', shortcut: 'g c', resource: '/contactpoints/contact-points', keywords: ['phone', 'numbers'] },
  '/practice/contact-points/create': { title: 'Create contact point', resource: '/contactpoints/contact-points', method: 'POST', keywords: ['new', 'add', 'phone', 'number'] },
  '/practice/locations': { title: 'Locations', shortcut: 'g l', resource: '/locations/locations', keywords: ['sites', 'address'] },
  '/practice/locations/create': { title: 'Create location', resource: '/locations/locations', method: 'POST', keywords: ['new', 'add', 'site'] },
  '/practice/schedules': { title: 'Schedules', shortcut: 'g s', resource: '/schedule/schedule', keywords: ['calendar', 'on-call'] },
  '/practice/schedules/create': { title: 'Create schedule', resource: '/schedule/schedule', method: 'POST', keywords: ['new', 'add', 'calendar'] },
  '/practice/issues': { title: 'Issues', shortcut: 'g e', resource: '/issues', keywords: ['conditions', 'reasons'] },
  '/practice/issues/create': { title: 'Create issue', resource: '/issues', method: 'POST', keywords: ['new', 'add', 'condition'] },
  '/practice/insurances': { title: 'Insurances', shortcut: 'g b', resource: '/insurances', keywords: ['payers', 'plans', 'billing'] },
  '/practice/insurances/create': { title: 'Create insurance', resource: '/insurances', method: 'POST', keywords: ['new', 'add', 'plan', 'payer'] },
  '/practice/teams': { title: 'Practice Teams', resource: '/teams/teams', keywords: ['teams', 'care team', 'front desk', 'staff', 'groups'] },
  '/practice/teams/create': { title: 'Create practice team', resource: '/teams/teams', method: 'POST', keywords: ['new', 'add', 'team'] },
  '/system/microsoft/teams/users': { title: 'Teams Users', shortcut: 'g y', resource: '/teamsbot/graph/users', keywords: ['microsoft', 'directory', 'bot'] },
  '/system/microsoft/teams/teams': { title: 'Teams', shortcut: 'g m', resource: '/teamsbot/graph/team', keywords: ['microsoft', 'bot', 'channels'] },
  '/system/call-center/queues': { title: 'Call Center Queues', shortcut: 'g q', resource: '/callcenter/queues' },
  '/system/logs': { title: 'Logs', keywords: ['system'] },
  '/system/audit': { title: 'Audit log', shortcut: 'g o', resource: '/audit/entries', keywords: ['history', 'changes', 'who changed', 'activity'] },
  '/system/roles': { title: 'Roles', shortcut: 'g r', resource: '/permissions/roles', keywords: ['permissions'] },
  '/system/role/create': { title: 'Create role', resource: '/permissions/roles', method: 'POST', keywords: ['new', 'add', 'permissions'] },
  '/system/apikeys': { title: 'API Keys', shortcut: 'g k', resource: '/permissions/apikeys', keywords: ['tokens', 'integrations'] },
  '/system/apikeys/create': { title: 'Create API key', resource: '/permissions/apikeys', method: 'POST', keywords: ['new', 'add', 'token'] },
  '/system/datamanagement': { title: 'Data Management' },
  '/system/identityproviders': { title: 'Identity Providers' },
  '/system/amazonconnect': { title: 'Amazon Connect' },
  '/system/phonenumbers': { title: 'Phone Numbers' },
  '/system/endpoints': { title: 'Endpoints' },
  '/accounts': { title: 'Accounts', shortcut: 'g a', keywords: ['practices', 'tenants', 'ghost mode'] },
  '/accounts/create': { title: 'Create account', keywords: ['new', 'add', 'practice'] },
  '/campaigns': { title: 'Campaigns', shortcut: 'g v', resource: '/surveys/campaigns', keywords: ['surveys'] },
  '/campaigns/campaign/create': { title: 'Create campaign', resource: '/surveys/campaigns', method: 'POST', keywords: ['survey'] },
  '/insights': { title: 'Insights', shortcut: 'g n', resource: '/metrics/historic', keywords: ['reports', 'metrics'] },
};

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
export function landingAfterSwitch(pathname: string): string {
  if (routeMeta[pathname] && !hiddenPaths.has(pathname)) return pathname;
  const list = Object.keys(routeMeta)
    .filter((path) => path !== '/home' && pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return list ?? '/home';
}
