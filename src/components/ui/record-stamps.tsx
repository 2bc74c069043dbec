import { useDateTimeFormat } from '../../lib/format.ts';
import type { DescriptionItem } from './description-list.tsx';

type Stamped = { createdTimestamp: string; createdBy: string; modifiedTimestamp: string; modifiedBy: string };

/** The read-only Created/Modified rows of a record (spec §3 common fields), in the user's locale. */
export function useRecordStamps(record: Stamped): DescriptionItem[] {
  const formatDate = useDateTimeFormat();
  return [
    { label: 'Created', value: <time dateTime={record.createdTimestamp}>{formatDate(record.createdTimestamp)}</time> },
    { label: 'Created By', value: record.createdBy },
    { label: 'Modified', value: <time dateTime={record.modifiedTimestamp}>{formatDate(record.modifiedTimestamp)}</time> },
    { label: 'Modified By', value: record.modifiedBy },
  ];
}
