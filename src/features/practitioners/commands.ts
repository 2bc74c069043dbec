import { recordPageCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

const practitionerPage = /^\/practice\/practitioners\/([^/]+)$/;

/** Palette commands of the practitioners area (go-to entries come from the route list). */
export const commands: Command[] = [
  recordPageCommand({ id: 'practitioners.edit', label: 'Edit practitioner', group: 'Practitioners', keywords: ['photo', 'specialty', 'group', 'synonyms'], requires: { resource: '/person/practitioners/{id}', method: 'PATCH' }, page: practitionerPage, to: (id) => `/practice/practitioners/edit/${id}` }),
];
