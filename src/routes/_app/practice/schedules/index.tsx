import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { scheduleSortColumns } from '../../../../../domain/schedule-search.ts';
import { SchedulesListScreen } from '../../../../features/schedules/schedules-list-screen.tsx';
import { scheduleListQuery, type ScheduleListSearch } from '../../../../features/schedules/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { listSearchDefaults, listSearchSchema } from '../../../../lib/list-search.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/schedule/schedule', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/schedules/')({
  beforeLoad: requirePermission(requires, 'see schedules'),
  errorComponent: RouteError,
  validateSearch: listSearchSchema(scheduleSortColumns),
  search: { middlewares: [stripSearchParams(listSearchDefaults)] },
  loaderDeps: ({ search: { page, size, sort, order, q } }) => ({ page, size, sort, order, q }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(scheduleListQuery(currentAccountKey(), deps)).catch(deniedOr(requires, 'see schedules')),
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
