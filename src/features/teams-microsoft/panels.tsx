import { lazy, useState } from 'react';
import type { PanelView } from '../../lib/workspace.ts';

// Loaded when a panel first opens, so the screen stays out of the initial bundle.
const ChannelsScreen = lazy(() => import('./channels-screen.tsx').then((m) => ({ default: m.ChannelsScreen })));

/** A team's channels beside the list (Shift+Enter in the teams list): the chosen channel is the panel's own. */
function ChannelsPanel({ teamId }: { teamId: string }) {
  const [channelId, setChannelId] = useState<string | undefined>(undefined);
  return <ChannelsScreen teamId={teamId} channelId={channelId} onChannelChange={setChannelId} />;
}

export const panels: PanelView[] = [
  { pattern: '/system/microsoft/teams/teams/$teamId/channels', title: 'Team channels', render: (params) => <ChannelsPanel teamId={params.teamId ?? ''} /> },
];
