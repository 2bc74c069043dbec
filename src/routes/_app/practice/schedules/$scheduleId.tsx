import { createFileRoute } from '@tanstack/react-router';
import { isLocalDate } from '../../../../../domain/schedule-search.ts';
import { ScheduleScreen } from '../../../../features/schedules/schedule-screen.tsx';
import { scheduleQuery } from '../../../../features/schedules/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';
import { matching, searchParams } from '../../../../lib/search-params.ts';

/** `?week=2026-03-08`: the week shown (any day of it); absent, this week. */
const searchSchema = searchParams({ week: matching(isLocalDate, undefined) });

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/schedule/schedule/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/schedules/$scheduleId')({
  beforeLoad: requirePermission(requires, 'see schedules'),
  errorComponent: RouteError,
  validateSearch: searchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scheduleQuery(currentAccountKey(), params.scheduleId)).catch(deniedOr(requires, 'see schedules')),
  component: function ScheduleRoute() {
    const { scheduleId } = Route.useParams();
    const { week } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ScheduleScreen scheduleId={scheduleId} week={week} onWeekChange={(next) => void navigate({ search: { week: next }, replace: true })} />;
  },
});
