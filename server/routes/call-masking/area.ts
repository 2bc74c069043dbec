import { defineArea, reads } from '../../area.ts';
import { maskingSessions } from '../../db/schema/index.ts';
import { maskingSessionRoutes, publicMaskingRoutes } from './index.ts';
import { seedDemoMaskingSessions } from '../../seed/demo-masking.ts';
import { callMaskingDocs } from './openapi.ts';

/** Masked call links (issue 42); the patient's call-masking page answers through the public routes. */
export const callMaskingArea = defineArea({
  name: 'call-masking',
  mount: [
    { path: '/call_masking', app: publicMaskingRoutes, public: true },
    { path: '/call_masking', app: maskingSessionRoutes },
  ],
  docs: callMaskingDocs,
  resources: ['/call_masking/sessions', '/call_masking/sessions/{id}'],
  tables: [maskingSessions],
  audit: { MaskingSession: reads('/call_masking/sessions/{id}') },
  // Migration 0039 for existing roles.
  grants: { practiceAdministrator: ['/call_masking/sessions', '/call_masking/sessions/{id}'] },
  seed: [{ key: 'seeded.masking', order: 120, run: seedDemoMaskingSessions }],
});
