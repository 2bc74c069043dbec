import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import { channelMessageSchema, teamsLimits, teamsMessages, type Channel, type ChannelList } from '../../../domain/teams.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, Textarea } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { useToast } from '../../lib/toast.ts';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { InstallBotButton } from './install-bot-button.tsx';
import { TenantNotice, tenantProblem } from './no-tenant.tsx';
import { channelMessagesQuery, channelsQuery, useSendChannelMessage } from './queries.ts';

type ChannelsScreenProps = {
  teamId: string;
  /** The chosen channel (none: the team's first, General). */
  channelId?: string;
  onChannelChange(channelId: string): void;
};

const back = (
  <Link to="/system/microsoft/teams/teams" className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
    ← Teams
  </Link>
);

/** The team asked for is not in the account's tenant (404): said under the screen's header, with no Retry that cannot work. */
const teamMissing = (
  <section>
    <PageHeader title="Channels" back={back} />
    <LoadError error={null} message="This team was not found in the account’s tenant." />
  </section>
);
const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** A team's channels: choose one, see what the bot posted there, and send a message as the bot. */
export function ChannelsScreen({ teamId, channelId, onChannelChange }: ChannelsScreenProps) {
  const answer = useQuery(channelsQuery(useAccountKey(), teamId));
  // The tenant not linked or not consented: the notice that says what to do, not an error.
  const problem = tenantProblem(answer.error);
  if (problem) return <TenantNotice title="Channels" back={back} problem={problem} />;
  return (
    <RecordLoad query={answer} label="Loading channels…" isMissing={isMissing} missing={teamMissing}>
      {(data) => <TeamChannels {...data} channelId={channelId} onChannelChange={onChannelChange} />}
    </RecordLoad>
  );
}

function TeamChannels({ team, channels, channelId, onChannelChange }: ChannelList & Omit<ChannelsScreenProps, 'teamId'>) {
  const titleId = useId();
  const chosen = channels.find((c) => c.id === channelId) ?? channels[0];
  return (
    <section aria-labelledby={titleId}>
      <PageHeader
        title={`${team.displayName} channels`}
        titleId={titleId}
        back={back}
        description={
          <span className="inline-flex items-center gap-1">
            Bot installed: <YesNo value={team.botInstalled} />
          </span>
        }
        actions={team.botInstalled ? null : <InstallBotButton teamId={team.id} teamName={team.displayName} variant="primary" />}
      />
      <div className="grid gap-5 md:grid-cols-[minmax(12rem,16rem)_1fr]">
        <nav aria-label="Channels">
          <ul className="flex flex-col gap-1">
            {channels.map((channel) => (
              <li key={channel.id}>
                <button
                  type="button"
                  aria-pressed={channel.id === chosen?.id}
                  onClick={() => onChannelChange(channel.id)}
                  className={cn(
                    'w-full rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600',
                    channel.id === chosen?.id ? 'bg-brand-700 font-medium text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
                  )}
                >
                  # {channel.displayName}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {chosen ? <ChannelPanel key={chosen.id} teamId={team.id} channel={chosen} botInstalled={team.botInstalled} /> : <p>This team has no channels.</p>}
      </div>
    </section>
  );
}

function ChannelPanel({ teamId, channel, botInstalled }: { teamId: string; channel: Channel; botInstalled: boolean }) {
  const account = useAccountKey();
  const sent = useQuery(channelMessagesQuery(account, teamId, channel.id));
  const format = useDateTimeFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-lg font-semibold">
        # {channel.displayName}
      </h2>
      {channel.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{channel.description}</p> : null}
      <Permitted requires={{ resource: '/teamsbot/graph/team/{teamId}/channels/{channelId}/messages', method: 'POST' }}>
        <SendMessageForm teamId={teamId} channel={channel} botInstalled={botInstalled} />
      </Permitted>
      <h3 className="mt-5 mb-2 text-base font-semibold">Messages</h3>
      {sent.status === 'pending' ? (
        <p role="status">Loading messages…</p>
      ) : sent.status === 'error' ? (
        <LoadError message={messages.tryAgain} error={sent.error} section={{ what: "this channel's messages", requires: { resource: '/teamsbot/graph/team/{teamId}/channels', method: 'GET' } }} onRetry={() => void sent.refetch()} />
      ) : sent.data.messages.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No messages sent to this channel yet.</p>
      ) : (
        <ol aria-label={`Messages in ${channel.displayName}`} className="flex flex-col gap-2">
          {sent.data.messages.map((message) => (
            <li key={message.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {message.from} · <time dateTime={message.createdDateTime}>{format(message.createdDateTime)}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{message.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SendMessageForm({ teamId, channel, botInstalled }: { teamId: string; channel: Channel; botInstalled: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendChannelMessage(teamId, channel.id);
  const toast = useToast();
  const handleSubmit = async () => {
    setFormError(null);
    const checked = v.safeParse(channelMessageSchema, { message: text });
    if (!checked.success) {
      setError(checked.issues[0].message);
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(checked.output.message);
      setText('');
      toast('success', `${teamsMessages.messageSent} Posted to # ${channel.displayName}.`);
    } catch (failure) {
      // The text typed stays; the server's reason shows under the field or above the button.
      if (failure instanceof ApiRequestError && failure.fields?.message) setError(failure.fields.message);
      else setFormError(failure instanceof ApiRequestError ? failure.message : messages.serverError);
    }
  };
  return (
    <Form onSubmit={handleSubmit} className="mt-3 flex flex-col gap-2" aria-label={`Send a message to ${channel.displayName}`}>
      <Field
        label="Message"
        error={error}
        required
        hint={botInstalled ? `Posted as the bot, at most ${teamsLimits.message} characters.` : 'The bot is not installed on this team: install it before sending.'}
      >
        {(control) => <Textarea {...control} value={text} onChange={(event) => setText(event.target.value)} rows={3} />}
      </Field>
      <FormError>{formError}</FormError>
      <div>
        <Button type="submit" pending={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </Form>
  );
}
