import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { InteractionComment } from '../../../domain/interactions.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { splitMentions } from '../../../domain/mentions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/description-list.tsx';
import { FieldError, Textarea } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import { useToast } from '../../lib/toast.ts';
import { interactionCommentsQuery, mentionableUsersQuery, useAddComment } from './queries.ts';
import { insertMention, mentionAt, mentionsInText } from './timeline.ts';

const maxComment = 5000;

/** The comments of a call (spec §3 Comments): listed oldest first; added with `@` mentions, which notify the users named. */
export function InteractionComments({ interactionId }: { interactionId: string }) {
  const id = useId();
  const comments = useQuery(interactionCommentsQuery(useAccountKey(), interactionId));
  const mayComment = useCan('/interactions/interactions', 'POST');
  const format = useDateTimeFormat();
  return (
    <Card title="Comments" titleId={`${id}-comments`}>
      {comments.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Loading comments…</p> : null}
      {comments.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The comments could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void comments.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {comments.data && comments.data.items.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">No comments yet.</p> : null}
      {comments.data && comments.data.items.length > 0 ? (
        <ol aria-label="Comments" className="mb-4 flex flex-col gap-3">
          {comments.data.items.map((comment) => (
            <li key={comment.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="mb-1 flex flex-wrap gap-x-2 text-sm">
                <span className="font-medium">{comment.from.name}</span>
                <time dateTime={comment.createdTimestamp} className="text-slate-600 dark:text-slate-300">
                  {format(comment.createdTimestamp)}
                </time>
              </p>
              <CommentBody comment={comment} />
            </li>
          ))}
        </ol>
      ) : null}
      {mayComment ? <CommentForm interactionId={interactionId} /> : null}
    </Card>
  );
}

/** The comment's text with its mentions marked (the text is shown as text: markdown is not rendered). */
function CommentBody({ comment }: { comment: InteractionComment }) {
  return (
    <p className="text-sm whitespace-pre-wrap">
      {splitMentions(
        comment.body.content,
        comment.mentions.map((m) => m.name),
      ).map((part, i) =>
        part.mention ? (
          <strong key={i} className="font-semibold text-brand-800 dark:text-brand-100">
            {part.text}
          </strong>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

type Mentioned = { id: string; name: string };

/**
 * Add a comment. Typing `@` and the start of a name opens a list of the users who may be mentioned
 * (those who may read calls: the server's rule) below the box: the arrow keys move in it, Enter or Tab chooses, Escape closes it; the chosen name goes into
 * the text, and the user is sent as a mention (notified) if the name is still in the text.
 */
function CommentForm({ interactionId }: { interactionId: string }) {
  const id = useId();
  const account = useAccountKey();
  const toast = useToast();
  const add = useAddComment(interactionId);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Mentioned[]>([]);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const users = useQuery({ ...mentionableUsersQuery(account, mention?.query ?? ''), enabled: mention !== null });
  const options = mention && users.data ? users.data : [];
  const open = mention !== null && options.length > 0;
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;

  const follow = (value: string, caret: number) => {
    setText(value);
    const next = mentionAt(value, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const choose = (user: Mentioned) => {
    if (!mention) return;
    const { text: next, caret } = insertMention(text, mention, user.name);
    setText(next);
    setChosen((list) => [...list.filter((m) => m.id !== user.id), user]);
    setMention(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(caret, caret);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
      return;
    }
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const user = options[Math.min(active, options.length - 1)];
      if (!user) return;
      event.preventDefault();
      choose({ id: user.id, name: user.name });
    } else if (event.key === 'Escape') {
      // Closes the list only (not a dialog or panel around the form).
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Ctrl+Enter again while the comment is being added (the button ignores presses meanwhile).
    if (add.isPending) return;
    const content = text.trim();
    if (!content) {
      setError(interactionMessages.commentRequired);
      box.current?.focus();
      return;
    }
    if (content.length > maxComment) {
      setError(interactionMessages.commentTooLong);
      box.current?.focus();
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ body: { contentType: 'text/plain', content }, mentions: mentionsInText(content, chosen).map((m) => m.id) });
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (Object.values(failure.fields)[0] ?? failure.message) : 'The comment could not be added. Please try again.');
      box.current?.focus();
      return;
    }
    setText('');
    setChosen([]);
    setMention(null);
    toast('success', interactionMessages.commentAdded);
  };

  return (
    <form aria-label="Add a comment" onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Add a comment
      </label>
      <div className="relative">
        <Textarea
          ref={box}
          id={`${id}-text`}
          value={text}
          rows={3}
          maxLength={maxComment + 100}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(Math.min(active, options.length - 1)) : undefined}
          onChange={(event) => follow(event.target.value, event.target.selectionStart)}
          onSelect={(event) => {
            const target = event.currentTarget;
            const next = mentionAt(target.value, target.selectionStart);
            if (next?.start !== mention?.start || next?.query !== mention?.query) setMention(next);
          }}
          onBlur={() => setMention(null)}
          onKeyDown={handleKeyDown}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label="Users to mention" className="absolute left-0 z-10 mt-1 max-h-60 w-72 max-w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {options.map((user, index) => (
              <li
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === Math.min(active, options.length - 1)}
                // Chosen on mousedown: a click would blur the box first and close the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose({ id: user.id, name: user.name });
                }}
                className={cn('cursor-pointer px-3 py-1.5 text-sm', index === Math.min(active, options.length - 1) ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : '')}
              >
                {user.name}
                {/* Issue 40: one who may only read calls is notified but finds no comment box. */}
                {user.canReply ? null : (
                  <>
                    <span className="sr-only">, </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">Can read the call, not reply</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Type @ and a name to mention a user: they are notified. Ctrl+Enter adds the comment.
      </p>
      <FieldError id={`${id}-error`} error={error} />
      <div>
        <Button type="submit" pending={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add Comment'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {open ? `${options.length} users to mention, use the arrow keys and Enter` : ''}
      </p>
    </form>
  );
}
