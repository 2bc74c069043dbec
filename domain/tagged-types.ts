/**
 * The record types that carry tags. Apart from domain/tags.ts (its schemas are valibot's): the
 * features' registry, loaded with the first screen, reads them, and valibot is not part of what /home loads.
 */
export const taggedResourceTypes = ['ContactPoint', 'Location', 'Insurance', 'Issue', 'Practitioner', 'Team', 'Workflow'] as const;
export type TaggedResourceType = (typeof taggedResourceTypes)[number];
