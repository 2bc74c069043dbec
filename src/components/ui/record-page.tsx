import { useQuery, useQueryClient, type FetchQueryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode, RefObject } from 'react';
import { messages } from '../../../domain/messages.ts';
import { useAccountKey } from '../../lib/account.ts';
import { isNotFound } from '../../lib/form.ts';
import type { Requirement } from '../../lib/policy.ts';
import { RecordSections } from '../../lib/record-sections.tsx';
import { NotFound } from './not-found.tsx';
import { Button } from './button.tsx';
import { DeleteButton } from './delete.tsx';
import { conflictRows } from './conflict-notice.tsx';
import { Card, DescriptionList, type DescriptionItem } from './description-list.tsx';
import { DetailSkeleton, LoadError } from './load-state.tsx';
import { Token } from './token.tsx';
import { PageHeader } from './page-header.tsx';
import { Permitted } from './permitted.tsx';
import { useRecordStamps } from './record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from './versioned-save.tsx';

/** What a record screen needs of its query (one `useQuery` result, or several read as one: `loadedTogether`). */
export type RecordQuery<TRecord> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: TRecord | undefined;
  refetch(): unknown;
};

type RecordLoadProps<TRecord> = {
  query: RecordQuery<TRecord>;
  /** What the loading state announces ('Loading issue…'). */
  label: string;
  /** Shown while loading instead of the skeleton. */
  loading?: ReactNode;
  /** Shown instead of the 404 page when the record is missing (a screen whose spec names its own text). */
  missing?: ReactNode;
  /** Which failures mean "missing" (default: a 404, or a 400 for a malformed id). */
  isMissing?(error: unknown): boolean;
  children(record: TRecord): ReactNode;
};

/**
 * A record's screen while its query loads: the skeleton, then the 404 page (or the screen's own
 * missing text), 'Error, please try again' with a retry, or the record. A 403 never gets here: the
 * route's loader turns it into the "no permission" screen (`deniedOr`).
 */
export function RecordLoad<TRecord>({ query, label, loading, missing, isMissing = isNotFound, children }: RecordLoadProps<TRecord>) {
  const skeleton = loading ?? <DetailSkeleton label={label} />;
  if (query.isPending) return skeleton;
  if (query.isError) {
    if (isMissing(query.error)) return missing ?? <NotFound />;
    return <LoadError message={messages.tryAgain} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return query.data === undefined ? skeleton : children(query.data);
}

type RecordByIdProps<TRecord, TKey extends QueryKey> = Omit<RecordLoadProps<TRecord>, 'query'> & {
  /** The feature's query factory of one record (`issueQuery`), asked for the account shown. */
  query(account: string, id: string): UseQueryOptions<TRecord, unknown, TRecord, TKey>;
  id: string;
  /** Read again whenever the screen opens, cached or not (an edit screen starts from the saved version). */
  fresh?: boolean;
};

/** A record's screen by its id: the feature's query of it, loaded through `RecordLoad`. */
export function RecordById<TRecord, TKey extends QueryKey>({ query, id, fresh = false, ...load }: RecordByIdProps<TRecord, TKey>) {
  const record = useQuery({ ...query(useAccountKey(), id), ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
  return <RecordLoad query={record} {...load} />;
}

/** Two queries read as one record screen's: pending until both answer, failed when either fails, retried together. */
export function loadedTogether<A, B>(a: RecordQuery<A>, b: RecordQuery<B>): RecordQuery<[A, B]> {
  return {
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    error: a.isError ? a.error : b.error,
    data: a.data === undefined || b.data === undefined ? undefined : [a.data, b.data],
    refetch: () => {
      void a.refetch();
      void b.refetch();
    },
  };
}

type PageRecord = { id: string; createdTimestamp: string; createdBy: string; modifiedTimestamp: string; modifiedBy: string };

type RecordPageProps = {
  record: PageRecord;
  /** The record's kind: the details card's title, and what other features' sections go on ('Issue'). */
  kind: string;
  /** Prefix of the page's element ids ('issue': the heading is `issue-<id>-title`). */
  idPrefix: string;
  title: string;
  description?: ReactNode;
  /** The list the page belongs to: the back link above the title. */
  back: { to: LinkProps['to']; label: string };
  /** Header actions other features add, composed in by the route (Set up masked call), before Delete and Edit. */
  actions?: ReactNode;
  /** The catalogue resource of the record ('/issues/{id}'): Delete needs DELETE on it, Edit PATCH. */
  resource: Requirement['resource'];
  /** `useEditMode()` of the page. */
  edit: { editing: boolean; editButton: RefObject<HTMLButtonElement | null>; startEditing(): void };
  /** `useDeleteRecord()` of the page. */
  remove: { deleting: boolean; deleteRecord(): Promise<void> };
  /** The form shown in edit mode instead of the details. */
  editForm: ReactNode;
  /** The details' rows between the Id and the Created/Modified stamps. */
  items: readonly DescriptionItem[];
  /** The details card's title when it is not the kind ('General'). */
  detailsTitle?: string;
  /** The record's own sections after its details (a team's members), before those other features add. */
  children?: ReactNode;
};

/**
 * A record's page (also shown in the side panel): its header with the back link, Delete and Edit
 * for roles that may; the details card in view mode, the form in edit mode; then the sections
 * other features add (Tags).
 */
export function RecordPage({ record, kind, idPrefix, title, description, back, actions, resource, edit, remove, editForm, items, detailsTitle = kind, children }: RecordPageProps) {
  const stamps = useRecordStamps(record);
  const titleId = `${idPrefix}-${record.id}-title`;
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={title}
        description={description}
        back={
          <Link to={back.to} className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>
            {back.label}
          </Link>
        }
        actions={
          edit.editing ? null : (
            <>
              {actions}
              <Permitted requires={{ resource, method: 'DELETE' }}>
                <DeleteButton onClick={() => void remove.deleteRecord()} disabled={remove.deleting} />
              </Permitted>
              <Permitted requires={{ resource, method: 'PATCH' }}>
                <Button ref={edit.editButton} onClick={edit.startEditing}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {edit.editing ? (
        editForm
      ) : (
        <Card title={detailsTitle} titleId={`${titleId}-details`}>
          <DescriptionList items={[{ label: 'Id', value: <Token value={record.id} label="Id" /> }, ...items, ...stamps]} />
        </Card>
      )}
      {children}
      <RecordSections resourceType={kind} resourceId={record.id} editable />
    </article>
  );
}

type VersionedRecord = { id: string; version: number; modifiedBy: string };

type RecordEditOptions<TRecord extends VersionedRecord, TValues, TBody, TKey extends QueryKey> = {
  initial: TRecord;
  /** The feature's update mutation (PATCH with the version edited). */
  update: { mutateAsync(body: NoInfer<TBody> & { version: number }): Promise<unknown>; isPending: boolean };
  /** The record's query: fetched fresh after a 409. */
  current: FetchQueryOptions<TRecord, unknown, TRecord, TKey>;
  toBody(values: TValues): TBody;
  toValues(record: TRecord): TValues;
  /** The fields the conflict notice compares. */
  conflictFields: readonly { label: string; show(values: TValues): string }[];
  /** The toast after a save ('Issue saved.'). */
  savedMessage: string;
  onDone(): void;
};

/**
 * A record page's edit mode: a save names the version it edited; a 409 shows the conflict notice
 * instead of overwriting; a save toasts and leaves edit mode. Key the form by `base.version`.
 */
export function useRecordEdit<TRecord extends VersionedRecord, TValues, TBody, TKey extends QueryKey>({
  initial,
  update,
  current,
  toBody,
  toValues,
  conflictFields,
  savedMessage,
  onDone,
}: RecordEditOptions<TRecord, TValues, TBody, TKey>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: TValues, version) => update.mutateAsync({ version, ...toBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...current, staleTime: 0 }),
    onSaved: async () => {
      toast('success', savedMessage);
      onDone();
    },
    conflictRows: (mine, saved) => conflictRows(conflictFields, mine, toValues(saved)),
    saving: update.isPending,
  });
  return { base, notice, submit, defaultValues: toValues(base) };
}
