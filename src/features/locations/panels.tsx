import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screens stay out of the initial bundle.
const LocationScreen = lazy(() => import('./location-screen.tsx').then((m) => ({ default: m.LocationScreen })));
const LocationCreateScreen = lazy(() => import('./location-create-screen.tsx').then((m) => ({ default: m.LocationCreateScreen })));

/** The location page in the side panel (Shift+Enter in the locations list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/locations/$locationId',
    title: 'Location',
    // '/practice/locations/create' has the same shape: the create screen, not a record called "create".
    render: (params) => (params.locationId === 'create' ? <LocationCreateScreen /> : <LocationScreen locationId={params.locationId ?? ''} />),
  },
];
