import type { PanelView } from '../../lib/workspace.ts';
import { PractitionerScreen } from './practitioner-screen.tsx';

/** The practitioner page in the side panel (Shift+Enter in the practitioners list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/practitioners/$personId', title: 'Practitioner', render: (params) => <PractitionerScreen personId={params.personId ?? ''} /> },
];
