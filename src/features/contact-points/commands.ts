import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the contact points area (go-to entries come from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'contact-points', noun: 'contact point', group: 'Contact Points', to: '/practice/contact-points/create', requires: { resource: '/contactpoints/contact-points', method: 'POST' }, keywords: ['phone', 'number', 'fax', 'sms', 'queue'] }),
];
