import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef } from 'react';
import { describeQueueChanges, type QueueListItem } from '../../../domain/queues.ts';
import { Button } from '../../components/ui/button.tsx';
import { nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { RecordIdCell, RecordList, type ListScreenProps } from '../../components/ui/record-list.tsx';
import { useToast } from '../../lib/toast.ts';
import { saveFailure } from '../../lib/form.ts';
import { queueListQuery, useRefreshQueues, type QueueListSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, QueueListItem>();

/** Queues: Id (link; the tail of the queue's ARN), Name, number of default dispositions; sorted and filtered by the server. */
const columns = column.columns([
  column.accessor('id', { header: 'Id', cell: (info) => <RecordIdCell id={info.getValue()} /> }),
  column.accessor('queueName', { id: 'name', header: 'Name', meta: nameColumn }),
  column.accessor('dispositions', { header: 'Dispositions', cell: (info) => info.getValue().length }),
]);

type QueuesListScreenProps = ListScreenProps<QueueListSearch> & {
  /** Refresh from the contact center as soon as the list shows (the palette's "Refresh queues"). */
  refreshNow: boolean;
  onRefreshStarted(): void;
};

export function QueuesListScreen({ search, onSearchChange, refreshNow, onRefreshStarted }: QueuesListScreenProps) {
  const refresh = useRefreshQueues();
  const toast = useToast();
  const handleRefresh = () =>
    refresh.mutateAsync().then(
      (changes) => toast('success', describeQueueChanges(changes)),
      (error: unknown) => toast('error', saveFailure(error)),
    );
  // Once per request of the palette (the URL flag is dropped at once, so Back does not refresh again).
  const started = useRef(false);
  useEffect(() => {
    if (!refreshNow || started.current) return;
    started.current = true;
    onRefreshStarted();
    void handleRefresh();
  });
  return (
    <RecordList
      title="Call Center Queues"
      noun="queues"
      description="The queues of the account's contact center, with the greetings agents see and the dispositions they record."
      filterPlaceholder="Name or ARN"
      columns={columns}
      query={queueListQuery}
      getRowLabel={(row) => row.queueName}
      rowPath="/system/call-center/queues/$queueId"
      actions={
        <Button variant="secondary" onClick={() => void handleRefresh()} pending={refresh.isPending}>
          {refresh.isPending ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
