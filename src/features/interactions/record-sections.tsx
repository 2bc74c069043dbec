import { lazy } from 'react';
import type { RecordSection } from '../../lib/record-sections.tsx';

// Loaded with the first person screen that shows it, so the section stays out of the first screen's bundle.
const PersonInteractions = lazy(() => import('./person-interactions.tsx').then((m) => ({ default: m.PersonInteractions })));

/** A person's calls on their page (issue 26: "From a person's page: that person's interactions"). */
export const recordSections: RecordSection[] = [{ id: 'interactions', types: ['Person'], Component: PersonInteractions }];
