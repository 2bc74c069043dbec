import { createFileRoute } from '@tanstack/react-router';
import { userQuery } from '../../../../features/users/queries.ts';
import { UserScreen } from '../../../../features/users/user-screen.tsx';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/users/$personId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userQuery(currentAccountKey(), params.personId)).catch(() => undefined),
  component: function UserRoute() {
    const { personId } = Route.useParams();
    return <UserScreen personId={personId} />;
  },
});
