import { lazy } from 'react';
import { taggedResourceTypes, type TaggedResourceType } from '../../../domain/tagged-types.ts';
import type { RecordSection, RecordSectionProps } from '../../lib/record-sections.tsx';

// Loaded with the first record screen that shows it, so the section stays out of the first screen's bundle.
const TagsSection = lazy(() => import('./tags-section.tsx').then((m) => ({ default: m.TagsSection })));

/** The Tags section on the screens of every taggable record (contact points, locations, insurances, issues, practitioners). */
export const recordSections: RecordSection[] = [
  {
    id: 'tags',
    types: taggedResourceTypes,
    Component: (props: RecordSectionProps) => <TagsSection {...props} resourceType={props.resourceType as TaggedResourceType} />,
  },
];
