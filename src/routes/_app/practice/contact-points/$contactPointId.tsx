import { createFileRoute } from '@tanstack/react-router';
import { ContactPointScreen } from '../../../../features/contact-points/contact-point-screen.tsx';
import { contactPointQuery } from '../../../../features/contact-points/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/contact-points/$contactPointId')({
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(contactPointQuery(currentAccountKey(), params.contactPointId)).catch(() => undefined),
  component: function ContactPointRoute() {
    const { contactPointId } = Route.useParams();
    return <ContactPointScreen contactPointId={contactPointId} />;
  },
});
