import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages.ts';
import { formatTag, tagCreateSchema, tagLimits, type Tag, type TaggedResourceType, type TagList } from '../../../domain/tags.ts';
import { Button } from '../../components/ui/button.tsx';
import { Chip } from '../../components/ui/chip.tsx';
import { Field, FormError, Input } from '../../components/ui/field.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { saveFailure, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { useCan } from '../../lib/policy.ts';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { recordTagsQuery, tagKeys, useAddTag } from './queries.ts';

export type TagsSectionProps = {
  resourceType: TaggedResourceType;
  resourceId: string;
  /**
   * Whether the screen lets this record change now (false, say, for a deleted record). Adding and
   * removing also need the role's grants on tags (POST on Tags, DELETE on Individual tag).
   */
  editable: boolean;
};

type Draft = { key: string; value: string };
type Errors = { key?: string; value?: string; form?: string };

/**
 * A record's Tags section (spec §3 Tag): its key/value chips, a form to add one (Enter in either
 * field adds it) and a remove button on each chip, for the roles that may. A remove is a soft
 * delete whose toast offers Undo (issue 9), which puts the chip back with its id. Focus stays where the
 * work goes on: after an add, in the key field for the next tag; after a remove, on the next
 * chip's remove button (else the previous one, else the key field, else the heading).
 */
export function TagsSection({ resourceType, resourceId, editable }: TagsSectionProps) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const tags = useQuery(recordTagsQuery(account, resourceType, resourceId));
  const mayAdd = useCan('/tag', 'POST') && editable;
  const mayRemove = useCan('/tag/{id}', 'DELETE') && editable;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const valueInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft>({ key: '', value: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [announcement, setAnnouncement] = useState('');
  /** After a remove: the position of the chip removed, whose neighbour gets focus once the list shows without it. */
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  const add = useAddTag();
  const remove = useSoftDelete();
  const [removing, setRemoving] = useState<string | null>(null);
  const items = tags.data?.items ?? [];

  useEffect(() => {
    if (focusAfterRemove === null) return;
    setFocusAfterRemove(null);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-slot="chip"] button') ?? [];
    const next = buttons[Math.min(focusAfterRemove, buttons.length - 1)];
    (next ?? keyInput.current ?? heading.current)?.focus();
  }, [tags.data, focusAfterRemove]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const body = { key: draft.key, value: draft.value, taggedResourceType: resourceType, taggedResourceId: resourceId };
    const invalid = schemaFieldErrors(tagCreateSchema, body);
    if (invalid.key || invalid.value) {
      setErrors({ key: invalid.key, value: invalid.value });
      (invalid.key ? keyInput : valueInput).current?.focus();
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(body);
    } catch (error) {
      // What was typed stays; the message goes under the field it is about.
      const fields = serverFieldErrors(error);
      const next: Errors = { key: fields.key, value: fields.value };
      if (!next.key && !next.value) next.form = fields.taggedResourceId ?? fields.taggedResourceType ?? saveFailure(error);
      setErrors(next);
      if (next.key) keyInput.current?.focus();
      else if (next.value) valueInput.current?.focus();
      return;
    }
    const added = formatTag({ key: draft.key.trim(), value: draft.value.trim() });
    setDraft({ key: '', value: '' });
    setAnnouncement(`Tag ${added} added.`);
    keyInput.current?.focus();
  };

  const handleRemove = async (tag: Tag, index: number) => {
    if (removing) return;
    setRemoving(tag.id);
    setErrors({});
    const removed = await remove({
      path: `/tag/${tag.id}`,
      restorePath: `/tag/${tag.id}/restore`,
      kind: 'Tag',
      name: formatTag(tag),
      // Lists filtered by the tag and the palette's search of every feature go stale: the account's queries refresh (as after a palette restore).
      invalidate: [[account]],
    });
    setRemoving(null);
    if (!removed) return;
    // Shown gone at once (the refetch only confirms it), so focus can move to its neighbour; the toast says it went.
    queryClient.setQueryData<TagList>(tagKeys.ofRecord(account, resourceType, resourceId), (old) =>
      old && { ...old, items: old.items.filter((t) => t.id !== tag.id), total: old.total - 1 },
    );
    setFocusAfterRemove(index);
  };

  const edit = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  return (
    <section aria-labelledby={headingId} data-slot="tags-section" className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="mb-3 text-lg font-semibold focus:outline-none">
        Tags
      </h2>
      {tags.isError ? (
        <LoadError message={messages.tryAgain} error={tags.error} section={{ what: 'tags', requires: { resource: '/tag', method: 'GET' } }} onRetry={() => void tags.refetch()} />
      ) : tags.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading tags…</p>
      ) : items.length > 0 ? (
        <ul ref={list} aria-label="Tags" className="flex flex-wrap gap-2">
          {items.map((tag, index) => (
            <li key={tag.id} className="max-w-full">
              <Chip onRemove={mayRemove ? () => void handleRemove(tag, index) : undefined} removeLabel={`Remove tag ${formatTag(tag)}`}>
                <span className="font-medium">{tag.key}:</span> {tag.value}
              </Chip>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">No tags yet.</p>
      )}
      {mayAdd ? (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Add tag" className="mt-4 flex flex-wrap items-start gap-3">
          <Field label="Tag key" error={errors.key} className="w-40 max-w-full">
            {(control) => (
              <Input {...control} ref={keyInput} value={draft.key} maxLength={tagLimits.key + 10} autoComplete="off" placeholder="language" onChange={(e) => edit('key', e.target.value)} />
            )}
          </Field>
          <Field label="Tag value" error={errors.value} className="w-56 max-w-full">
            {(control) => (
              <Input {...control} ref={valueInput} value={draft.value} maxLength={tagLimits.value + 10} autoComplete="off" placeholder="Spanish" onChange={(e) => edit('value', e.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary" className="sm:mt-6" pending={add.isPending}>
            Add tag
          </Button>
        </form>
      ) : null}
      <FormError className="mt-3">{errors.form}</FormError>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
