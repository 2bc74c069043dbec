import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../../../components/ui/no-permission.tsx';
import { ChannelsScreen } from '../../../../../../../features/teams-microsoft/channels-screen.tsx';
import { channelsQuery } from '../../../../../../../features/teams-microsoft/queries.ts';
import { currentAccountKey } from '../../../../../../../lib/account.ts';
import { requirePermission } from '../../../../../../../lib/route-guard.ts';
import { searchParams, text } from '../../../../../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/system/microsoft/teams/teams/$teamId/channels')({
  // The chosen channel is in the URL, so a channel can be linked to and Back returns to it.
  validateSearch: searchParams({ channel: text(200) }),
  beforeLoad: requirePermission({ resource: '/teamsbot/graph/team/{teamId}/channels', method: 'GET' }, 'view team channels'),
  errorComponent: RouteError,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(channelsQuery(currentAccountKey(), params.teamId)).catch(() => undefined),
  component: function ChannelsRoute() {
    const { teamId } = Route.useParams();
    const { channel } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ChannelsScreen
        teamId={teamId}
        channelId={channel || undefined}
        onChannelChange={(id) => void navigate({ search: { channel: id }, replace: true })}
      />
    );
  },
});
