import type { PanelView } from '../../lib/workspace.ts';
import { lazy } from 'react';

// Loaded when a panel first opens, so the screen stays out of the initial bundle.
const ContactPointScreen = lazy(() => import('./contact-point-screen.tsx').then((m) => ({ default: m.ContactPointScreen })));
const ContactPointCreateScreen = lazy(() => import('./contact-point-create-screen.tsx').then((m) => ({ default: m.ContactPointCreateScreen })));

/** The contact point page in the side panel (Shift+Enter in the list, or the palette). */
export const panels: PanelView[] = [
  {
    pattern: '/practice/contact-points/$contactPointId',
    title: 'Contact point',
    // '/practice/contact-points/create' has the same shape: the create screen, not a record called "create".
    render: (params) =>
      params.contactPointId === 'create' ? <ContactPointCreateScreen /> : <ContactPointScreen contactPointId={params.contactPointId ?? ''} />,
  },
];
