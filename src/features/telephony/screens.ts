import type { Screen } from '../../lib/screens.tsx';

/** This feature's screens (gathered by src/screens.ts). */
export const screens: Screen[] = [
  {
    path: '/practice/telephony',
    title: 'Telephony settings',
    resource: '/telephony/settings',
    keywords: ['twilio', 'phone numbers', 'calling number', 'sms', 'texting', 'masked call defaults', 'call masking limits', 'daily cap'],
    menu: { name: 'practice', order: 96, label: 'Telephony' },
    // Its System log entries open this page (one per practice, no id in the address).
    recordPaths: { TelephonySettings: () => '/practice/telephony' },
  },
];
