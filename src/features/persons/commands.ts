import { ApiRequestError, request } from '../../lib/api.ts';
import { createCommand, recordPageCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** A person's page (not the edit page): /practice/persons/<id>. */
const personPage = /^\/practice\/persons\/(?!edit$)([^/]+)$/;

/** Palette commands of the persons area (go-to entries come from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'persons', noun: 'person', group: 'Persons', to: '/practice/person/create', requires: { resource: '/person/persons', method: 'POST' }, keywords: ['patient'] }),
  {
    id: 'persons.make-practitioner',
    label: 'Make practitioner',
    group: 'Persons',
    keywords: ['practitioner', 'clinician', 'setup'],
    requires: { resource: '/person/practitioners/{id}', method: 'POST' },
    isVisible: (_policy, { pathname }) => personPage.test(pathname),
    run: async (ctx) => {
      const id = personPage.exec(ctx.pathname)?.[1];
      if (!id) return;
      try {
        await request(`/person/practitioners/${encodeURIComponent(id)}`, { method: 'POST', body: {} });
      } catch (error) {
        // Already a practitioner: their practitioner page is where this leads anyway. The messages
        // are loaded here, not with the palette's commands: the registry loads with the first
        // screen, and a static import brought the whole domain kit (valibot, 8 KB gzip) to /home.
        const { messages } = await import('../../../domain/messages.ts');
        if (!(error instanceof ApiRequestError && error.status === 409 && error.message === messages.practitionerExists)) throw error;
      }
      ctx.navigate(`/practice/practitioners/${id}`);
    },
  },
  recordPageCommand({ id: 'persons.edit', label: 'Edit person', group: 'Persons', keywords: ['change', 'names', 'languages'], requires: { resource: '/person/persons/{id}', method: 'PATCH' }, page: personPage, to: (id) => `/practice/persons/edit/${id}` }),
];
