import { createFileRoute } from '@tanstack/react-router';
import { LocationScreen } from '../../../../features/locations/location-screen.tsx';
import { locationQuery } from '../../../../features/locations/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/locations/$locationId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(locationQuery(currentAccountKey(), params.locationId)).catch(() => undefined),
  component: function LocationRoute() {
    const { locationId } = Route.useParams();
    return <LocationScreen locationId={locationId} />;
  },
});
