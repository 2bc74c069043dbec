import type { PanelView } from '../../lib/workspace.ts';
import { PersonScreen } from './person-screen.tsx';

/** The person page in the side panel (Shift+Enter in the persons list, or the palette). */
export const panels: PanelView[] = [
  { pattern: '/practice/persons/$personId', title: 'Person', render: (params) => <PersonScreen personId={params.personId ?? ''} /> },
];
