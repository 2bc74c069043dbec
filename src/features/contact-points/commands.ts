import type { Command } from '../../palette/types.ts';

/** Palette commands of the contact points area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'contact-points.create',
    label: 'Create contact point',
    group: 'Contact Points',
    keywords: ['add', 'new', 'phone', 'number', 'fax', 'sms', 'queue'],
    // No global shortcut: C creates a contact point inside the contact points list, which handles it.
    requires: { resource: '/contactpoints/contact-points', method: 'POST' },
    run: (ctx) => ctx.navigate('/practice/contact-points/create'),
  },
];
