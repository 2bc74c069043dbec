import { createContext, Suspense, useContext, type ComponentType } from 'react';

/** What a section shown on records of other features gets: the record, and whether the screen lets it change now. */
export type RecordSectionProps = { resourceType: string; resourceId: string; editable: boolean };

/**
 * A section one feature adds to the detail screens of others (the Tags section): features do not
 * import each other, so a detail screen renders `<RecordSections …/>` and the sections come from
 * the workspace registry (`features/<area>/record-sections.tsx`) through this context.
 */
export type RecordSection = {
  id: string;
  /** The resource types it goes on ('Practitioner', 'Location', …). */
  types: readonly string[];
  Component: ComponentType<RecordSectionProps>;
};

const RecordSectionsContext = createContext<readonly RecordSection[]>([]);
export const RecordSectionsProvider = RecordSectionsContext.Provider;

/** The sections other features add to this record's screen (each may load on first use). */
export function RecordSections(props: RecordSectionProps) {
  const sections = useContext(RecordSectionsContext).filter((s) => s.types.includes(props.resourceType));
  // Marked (without a box of its own) so that focus after a navigation skips its fields: the
  // record's page starts at its heading, not in the Tags section's "Tag key".
  return sections.map(({ id, Component }) => (
    <div key={id} data-slot="record-section" className="contents">
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    </div>
  ));
}
