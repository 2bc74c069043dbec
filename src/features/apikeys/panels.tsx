import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const ApiKeyScreen = lazy(() => import('./api-key-screen.tsx').then((m) => ({ default: m.ApiKeyScreen })));

/** The API key page in the side panel (Shift+Enter in the API keys list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/system/apikeys/$apiKeyId', title: 'API key', render: (params) => <ApiKeyScreen apiKeyId={params.apiKeyId ?? ''} /> },
];
