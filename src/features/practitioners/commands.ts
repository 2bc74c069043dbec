import type { Command } from '../../palette/types.ts';
import { can } from '../../lib/policy.ts';

const practitionerPage = /^\/practice\/practitioners\/([^/]+)$/;

/** Palette commands of the practitioners area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'practitioners.edit',
    label: 'Edit practitioner',
    group: 'Practitioners',
    keywords: ['photo', 'specialty', 'group', 'synonyms'],
    isVisible: (policy, { pathname }) => practitionerPage.test(pathname) && can(policy, '/person/practitioners/{id}', 'PATCH'),
    run: (ctx) => {
      const id = practitionerPage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/practice/practitioners/edit/${id}`);
    },
  },
];
