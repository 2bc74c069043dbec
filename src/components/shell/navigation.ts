import type { Resource } from '../../../domain/permissions.ts';

export type NavEntry = {
  label: string;
  /** Absent for entries the spec gives no route ("Real time metrics"): choosing one is an error. */
  to?: string;
  external?: 'reporting';
  /** Shown only when the role may GET this resource; entries without one are shown to every role. */
  resource?: Resource;
};

export type NavMenu = { label: string; prefix: string; entries: NavEntry[] };

/** Spec §2 "Header and shell": the Practice, System and Insights menus, in the spec's order. */
export const practiceMenu: NavMenu = {
  label: 'Practice',
  prefix: '/practice',
  entries: [
    { label: 'Persons', to: '/practice/persons', resource: '/person/persons' },
    { label: 'Users', to: '/practice/users', resource: '/person/users' },
    { label: 'Practitioners', to: '/practice/practitioners', resource: '/person/practitioners' },
    { label: 'Contact Points', to: '/practice/contact-points', resource: '/contactpoints/contact-points' },
    { label: 'Locations', to: '/practice/locations', resource: '/locations/locations' },
    { label: 'Schedules', to: '/practice/schedules', resource: '/schedule/schedule' },
    { label: 'Issues', to: '/practice/issues', resource: '/issues' },
    { label: 'Insurances', to: '/practice/insurances', resource: '/insurances' },
    { label: 'Practice Teams', to: '/practice/teams', resource: '/teams/teams' },
  ],
};

export const systemMenu: NavMenu = {
  label: 'System',
  prefix: '/system',
  entries: [
    { label: 'Teams Users', to: '/system/microsoft/teams/users', resource: '/teamsbot/graph/users' },
    { label: 'Teams', to: '/system/microsoft/teams/teams', resource: '/teamsbot/graph/team' },
    { label: 'Call Center Queues', to: '/system/call-center/queues', resource: '/callcenter/queues' },
    { label: 'Logs', to: '/system/logs' },
    { label: 'Roles', to: '/system/roles', resource: '/permissions/roles' },
    { label: 'API Keys', to: '/system/apikeys', resource: '/permissions/apikeys' },
  ],
};

export const insightsMenu: NavMenu = {
  label: 'Insights',
  prefix: '/insights',
  entries: [
    { label: 'Reporting', external: 'reporting', resource: '/metrics/historic' },
    { label: 'Real time metrics', resource: '/metrics/realtime' },
    // Issue 26: the Insights screen itself (the spec's two entries above stay as they are).
    { label: 'Call insights', to: '/insights', resource: '/metrics/historic' },
  ],
};

/** Tab highlighting follows the path prefix (spec §2). */
export function isActivePrefix(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
