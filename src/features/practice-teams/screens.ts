import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/practice/teams',
    title: 'Practice Teams',
    // G M is Microsoft Teams, G T another screen: D for the front desk, the practice's first team.
    shortcut: 'g d',
    resource: '/teams/teams',
    keywords: ['teams', 'care team', 'front desk', 'staff', 'groups'],
    menu: { name: 'practice', order: 90 },
    records: ['Team'],
    // A member added or removed: the team's page (the entry's record is the team, which lives on).
    recordPaths: { TeamMember: (entry, path) => (entry.resourceId ? `${path}/${entry.resourceId}` : null) },
  },
  { path: '/practice/teams/create', title: 'Create practice team', resource: '/teams/teams', method: 'POST', keywords: ['new', 'add', 'team'] },
];
