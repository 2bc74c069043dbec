import { createFileRoute } from '@tanstack/react-router';
import { ContactPointScreen } from '../../../../features/contact-points/contact-point-screen.tsx';
import { contactPointQuery } from '../../../../features/contact-points/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/contactpoints/contact-points/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/contact-points/$contactPointId')({
  beforeLoad: requirePermission(requires, 'see contact points'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(contactPointQuery(currentAccountKey(), params.contactPointId)).catch(deniedOr(requires, 'see contact points')),
  component: function ContactPointRoute() {
    const { contactPointId } = Route.useParams();
    return <ContactPointScreen contactPointId={contactPointId} />;
  },
});
