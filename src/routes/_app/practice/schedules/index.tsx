import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { scheduleSortColumns } from '../../../../../domain/schedule-search.ts';
import { SchedulesListScreen } from '../../../../features/schedules/schedules-list-screen.tsx';
import { scheduleListQuery, type ScheduleListSearch } from '../../../../features/schedules/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';

export const Route = createFileRoute('/_app/practice/schedules/')({
  validateSearch: listSearchSchema(scheduleSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(scheduleListQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function SchedulesRoute() {
    const { page, size, sort, order, q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SchedulesListScreen
        search={{ page, size, sort, order, q }}
        onSearchChange={(change: Partial<ScheduleListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })}
      />
    );
  },
});
