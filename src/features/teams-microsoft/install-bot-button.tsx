import { teamsMessages } from '../../../domain/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useToast } from '../../lib/toast.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { useInstallBot } from './queries.ts';

/** Installs the bot on a team, for the roles that may (others do not see it). */
/**
 * `inList`: the button in a row of the Teams list is for the pointer; the row's one Tab stop is the
 * team's link, and the keyboard installs from the team's page, which has this button too.
 */
export function InstallBotButton({ teamId, teamName, variant = 'secondary', inList = false }: { teamId: string; teamName: string; variant?: 'primary' | 'secondary'; inList?: boolean }) {
  const install = useInstallBot();
  const toast = useToast();
  // Awaited rather than `mutate(…, { onSuccess })`: the install makes this button go (the team now
  // has the bot), and `mutate`'s own callbacks are dropped once their component has gone, so the
  // toast was lost whenever the refetch won that race.
  const handleClick = async () => {
    try {
      await install.mutateAsync(teamId);
      toast('success', `${teamsMessages.botInstalled} The bot is on ${teamName}.`);
    } catch (error) {
      toast('error', error instanceof ApiRequestError ? error.message : teamsMessages.directoryUnavailable);
    }
  };
  return (
    <Permitted requires={{ resource: '/teamsbot/graph/team/{teamId}', method: 'POST' }}>
      <Button variant={variant} tabIndex={inList ? -1 : undefined} onClick={() => void handleClick()} pending={install.isPending} aria-label={`Install bot on ${teamName}`}>
        {install.isPending ? 'Installing…' : 'Install bot'}
      </Button>
    </Permitted>
  );
}
