import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts): their titles, shortcuts, menu entries and the records they show. */
export const screens: Screen[] = [
  {
    path: '/practice/masked-calls',
    title: 'Masked calls',
    // G M is Microsoft Teams: X for the numbers crossed out of sight (one of the few letters left).
    shortcut: 'g x',
    resource: '/call_masking/sessions',
    keywords: ['call masking', 'masking sessions', 'click to call', 'callback', 'patient link'],
    menu: { name: 'practice', order: 95 },
    records: ['MaskingSession'],
  },
  { path: '/practice/masked-calls/create', title: 'Set up masked call', resource: '/call_masking/sessions', method: 'POST', keywords: ['new', 'call masking', 'patient link', 'callback'] },
];
