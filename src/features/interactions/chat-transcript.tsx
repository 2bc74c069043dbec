import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { chatLimits, chatWaitSeconds, type ChatMessage, type ChatMessages } from '../../../domain/chat.ts';
import type { Interaction } from '../../../domain/interactions.ts';
import { messages as apiMessages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/description-list.tsx';
import { Field, FormError, Textarea } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError, request } from '../../lib/api.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import { interactionKeys } from './queries.ts';

/** Whether the interaction is a web chat (issue 42). */
export const isChat = (interaction: Pick<Interaction, 'type'>) => interaction.type === 'chat';

const path = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;

/**
 * A web chat's transcript on its interaction's page, with the reply box (issue 42). New messages
 * come within a moment: each read waits on the server for the next message after the last one
 * shown, and a lost connection reads again from there (nothing lost, nothing shown twice).
 * Messages are text: React renders them as text nodes, a link stays text.
 */
export function ChatTranscript({ interactionId }: { interactionId: string }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const format = useDateTimeFormat();
  const mayAnswer = useCan('/interactions/interactions', 'PATCH');
  const [shown, setShown] = useState<ChatMessage[]>([]);
  const [ended, setEnded] = useState(false);
  const [connection, setConnection] = useState<'live' | 'reconnecting'>('live');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let lastSeq = 0;
    let stopped = false;
    void (async () => {
      let failures = 0;
      let first = true;
      while (!stopped) {
        try {
          const read = await request<ChatMessages>(path(interactionId), { query: { after: lastSeq, wait: first ? 0 : chatWaitSeconds }, signal: controller.signal, retry: 0 });
          first = false;
          failures = 0;
          setConnection('live');
          const fresh = read.messages.filter((m) => m.seq > lastSeq);
          if (fresh.length > 0) {
            lastSeq = fresh.at(-1)!.seq;
            setShown((before) => [...before, ...fresh]);
          }
          if (read.ended) {
            setEnded(true);
            void queryClient.invalidateQueries({ queryKey: interactionKeys.detail(account, interactionId) });
            return;
          }
        } catch (caught) {
          if (stopped) return;
          if (caught instanceof ApiRequestError && (caught.status === 403 || caught.status === 404)) return;
          failures += 1;
          setConnection('reconnecting');
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * failures, 5000)));
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [account, interactionId, queryClient]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown]);

  const refreshInteraction = () => void queryClient.invalidateQueries({ queryKey: interactionKeys.detail(account, interactionId) });

  const handleSend = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (text.trim() === '') {
      setError('Type a message first');
      return;
    }
    setSending(true);
    try {
      await request(`${path(interactionId)}/messages`, { method: 'POST', body: { text } });
      setText('');
      refreshInteraction();
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? (caught.fields.text ?? caught.message) : apiMessages.serverError);
    } finally {
      setSending(false);
    }
  };

  const handleEnd = async () => {
    setError(null);
    try {
      await request(path(interactionId), { method: 'PATCH', body: { ended: true } });
      refreshInteraction();
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : apiMessages.serverError);
    }
  };

  return (
    <Card title="Web chat" titleId={`chat-${interactionId}-title`}>
      <div ref={logRef} role="log" aria-live="polite" aria-label="Chat messages" tabIndex={0} className="max-h-96 min-h-24 overflow-y-auto rounded border border-slate-200 p-3 dark:border-slate-700">
        <ol className="flex flex-col gap-2">
        {shown.map((message) =>
          message.sender === 'system' ? (
            <li key={message.seq} className="self-center text-sm text-slate-600 dark:text-slate-400">
              {message.text}
            </li>
          ) : (
            <li key={message.seq} className={message.sender === 'staff' ? 'max-w-[85%] self-end rounded-2xl bg-brand-50 px-3 py-2 dark:bg-slate-700' : 'max-w-[85%] self-start rounded-2xl bg-slate-100 px-3 py-2 dark:bg-slate-800'}>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {message.sender === 'staff' ? (message.senderName ?? 'Staff') : (message.senderName ?? 'Visitor')} · <time dateTime={message.createdTimestamp}>{format(message.createdTimestamp)}</time>
              </span>
              <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.text}</span>
            </li>
          ),
        )}
        </ol>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-300">
        {ended ? 'This chat has ended.' : connection === 'reconnecting' ? 'Connection lost. Reconnecting…' : ''}
      </p>
      {mayAnswer && !ended ? (
        <form className="mt-2 flex flex-col gap-2" onSubmit={(event) => void handleSend(event)} noValidate>
          <Field label="Reply" error={error} hint="Enter sends; Shift+Enter starts a new line.">
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                maxLength={chatLimits.text}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={sending}>
              Send reply
            </Button>
            <Button type="button" variant="dangerOutline" onClick={() => void handleEnd()}>
              End chat
            </Button>
          </div>
        </form>
      ) : error ? (
        <FormError>{error}</FormError>
      ) : null}
    </Card>
  );
}
