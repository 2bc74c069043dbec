import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const LocationScreen = lazy(() => import('./location-screen.tsx').then((m) => ({ default: m.LocationScreen })));

/** The location page in the side panel (Shift+Enter in the locations list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/locations/$locationId', title: 'Location', render: (params) => <LocationScreen locationId={params.locationId ?? ''} /> },
];
