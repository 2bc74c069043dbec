import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { interactionQuery } from '../../../../features/interactions/queries.ts';
import { MaskedCallCreateScreen } from '../../../../features/masked-calls/masked-call-create-screen.tsx';
import { useAccountKey } from '../../../../lib/account.ts';
import { useCan } from '../../../../lib/policy.ts';
import { requirePermission } from '../../../../lib/route-guard.ts';
import { isUuid, matching, searchParams } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/practice/masked-calls/create')({
  beforeLoad: requirePermission({ resource: '/call_masking/sessions', method: 'POST' }, 'set up masked calls'),
  errorComponent: RouteError,
  // Opened from a person's page (`?personId=`) or a call's page (`?interactionId=`): the session is
  // for that person, or for that call's patient. Ids only: a patient's number never goes in a URL.
  validateSearch: searchParams({ personId: matching(isUuid, ''), interactionId: matching(isUuid, '') }),
  search: { middlewares: [stripSearchParams({ personId: '', interactionId: '' })] },
  component: function MaskedCallCreateRoute() {
    const { personId, interactionId } = Route.useSearch();
    const mayReadCalls = useCan('/interactions/interactions', 'GET');
    // The call's patient (composed here: features do not import each other): its number, and the
    // person it belongs to when the number is one person's.
    const call = useQuery({ ...interactionQuery(useAccountKey(), interactionId), enabled: interactionId !== '' && mayReadCalls });
    if (interactionId !== '' && mayReadCalls && call.isPending) {
      return (
        <p role="status" className="p-6 text-sm text-slate-600 dark:text-slate-300">
          Loading the call…
        </p>
      );
    }
    const persons = call.data?.patientPersons ?? [];
    const prefill = {
      personId: personId || (persons.length === 1 ? persons[0]!.id : ''),
      interactionId,
      patientNumber: call.data?.patient?.contactNumber ?? '',
    };
    return <MaskedCallCreateScreen key={interactionId || personId} prefill={prefill} />;
  },
});
