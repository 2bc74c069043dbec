import { createFileRoute } from '@tanstack/react-router';
import { LocationScreen } from '../../../../features/locations/location-screen.tsx';
import { locationQuery } from '../../../../features/locations/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/locations/locations/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/locations/$locationId')({
  beforeLoad: requirePermission(requires, 'see locations'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(locationQuery(currentAccountKey(), params.locationId)).catch(deniedOr(requires, 'see locations')),
  component: function LocationRoute() {
    const { locationId } = Route.useParams();
    return <LocationScreen locationId={locationId} />;
  },
});
