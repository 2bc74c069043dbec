import { createCommand, recordPageCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** A workflow's page, or a page below it (an item, its edit screen): /workflows/<id>…. */
const workflowPage = /^\/workflows\/([0-9a-f-]{36})(?:\/.*)?$/i;

/** Palette commands of the workflows area (the list's go-to entry, G W, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'workflows', noun: 'workflow', group: 'Workflows', to: '/workflows/create', requires: { resource: '/workflows', method: 'POST' }, keywords: ['task workflow', 'outreach', 'reminder', 'automation'] }),
  {
    id: 'workflows.start',
    label: 'Start workflow',
    group: 'Workflows',
    keywords: ['add workflow item', 'patient', 'enroll', 'outreach', 'run'],
    requires: { resource: '/workflows/{id}', method: 'POST' },
    // On a workflow's page it starts that one; elsewhere the palette asks which.
    keepsPaletteOpen: ({ pathname }) => !workflowPage.test(pathname),
    run: (ctx) => {
      const id = workflowPage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/workflows/${id}?add=palette`);
      else ctx.openPage('start-workflow');
    },
  },
  {
    id: 'workflows.upload',
    label: 'Upload items',
    group: 'Workflows',
    keywords: ['csv', 'import', 'patients', 'workflow items', 'batch'],
    requires: { resource: '/workflows/{id}', method: 'POST' },
    keepsPaletteOpen: ({ pathname }) => !workflowPage.test(pathname),
    run: (ctx) => {
      const id = workflowPage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/workflows/${id}#upload`);
      else ctx.openPage('upload-items');
    },
  },
  recordPageCommand({
    id: 'workflows.edit',
    label: 'Edit workflow',
    group: 'Workflows',
    keywords: ['tasks', 'change'],
    requires: { resource: '/workflows/{id}', method: 'PATCH' },
    page: /^\/workflows\/([0-9a-f-]{36})$/i,
    to: (id) => `/workflows/${id}/edit`,
  }),
];
