import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { MaskedCallCreateScreen } from '../../../../features/masked-calls/masked-call-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';
import { isUuid, matching, searchParams } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/practice/masked-calls/create')({
  beforeLoad: requirePermission({ resource: '/call_masking/sessions', method: 'POST' }, 'set up masked calls'),
  errorComponent: RouteError,
  // Opened from a person's page: the session is for that person (`?personId=`).
  validateSearch: searchParams({ personId: matching(isUuid, '') }),
  search: { middlewares: [stripSearchParams({ personId: '' })] },
  component: function MaskedCallCreateRoute() {
    const { personId } = Route.useSearch();
    return <MaskedCallCreateScreen personId={personId} />;
  },
});
