import { apiReferencePath } from '../../../domain/api-reference.ts';
import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** Palette commands of the API keys area (the list's go-to entry, G K, comes from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'apikeys', noun: 'API key', group: 'API Keys', to: '/system/apikeys/create', requires: { resource: '/permissions/apikeys', method: 'POST' }, keywords: ['token', 'secret', 'integration'] }),
  {
    // The reference is a page of its own (server/openapi/reference-page.ts), not a screen of the SPA.
    id: 'apikeys.reference',
    label: 'Open API reference',
    group: 'API Keys',
    keywords: ['openapi', 'docs', 'documentation', 'swagger', 'integration'],
    requires: { resource: '/permissions/apikeys', method: 'GET' },
    run: () => {
      window.open(apiReferencePath, '_blank', 'noopener');
    },
  },
];
