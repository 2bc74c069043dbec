import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { isLocalDate } from '../../../../../domain/schedule-search.ts';
import { ScheduleScreen } from '../../../../features/schedules/schedule-screen.tsx';
import { scheduleQuery } from '../../../../features/schedules/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

/** `?week=2026-03-08`: the week shown (any day of it); absent, this week. */
const searchSchema = v.object({ week: v.fallback(v.optional(v.pipe(v.string(), v.check(isLocalDate))), undefined) });

export const Route = createFileRoute('/_app/practice/schedules/$scheduleId')({
  validateSearch: searchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scheduleQuery(currentAccountKey(), params.scheduleId)).catch(() => undefined),
  component: function ScheduleRoute() {
    const { scheduleId } = Route.useParams();
    const { week } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ScheduleScreen scheduleId={scheduleId} week={week} onWeekChange={(next) => void navigate({ search: { week: next }, replace: true })} />;
  },
});
