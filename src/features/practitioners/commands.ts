import type { Command } from '../../palette/types.ts';

const practitionerPage = /^\/practice\/practitioners\/([^/]+)$/;

/** Palette commands of the practitioners area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'practitioners.edit',
    label: 'Edit practitioner',
    group: 'Practitioners',
    keywords: ['photo', 'specialty', 'group', 'synonyms'],
    requires: { resource: '/person/practitioners/{id}', method: 'PATCH' },
    isVisible: (_policy, { pathname }) => practitionerPage.test(pathname),
    run: (ctx) => {
      const id = practitionerPage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/practice/practitioners/edit/${id}`);
    },
  },
];
