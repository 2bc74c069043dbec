import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ContactPoint } from '../../../domain/contact-points.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { DeleteButton } from '../../components/ui/delete.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { DescriptionList } from '../../components/ui/description-list.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { RecordSections } from '../../lib/record-sections.tsx';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { ContactPointForm, toBody, toValues, type ContactPointFormHandle, type ContactPointValues } from './contact-point-form.tsx';
import { contactPointDeleteTarget, contactPointQuery, useUpdateContactPoint } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** A contact point's page (also shown in the side panel): view mode, Edit, Save, Delete with Undo. */
export function ContactPointScreen({ contactPointId }: { contactPointId: string }) {
  const contactPoint = useQuery(contactPointQuery(useAccountKey(), contactPointId));
  // A save replaces the record (a new version): the page starts again in view mode, focus on Edit.
  const shownVersion = useRef<number | null>(null);
  return (
    <RecordLoad query={contactPoint} label="Loading contact point…">
      {(data) => {
        const refocusEdit = shownVersion.current !== null && shownVersion.current !== data.version;
        shownVersion.current = data.version;
        return <ContactPointDetail key={data.version} initial={data} refocusEdit={refocusEdit} />;
      }}
    </RecordLoad>
  );
}

const conflictFields: { label: string; show(v: ContactPointValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Value', show: (v) => v.value },
  { label: 'System', show: (v) => v.system },
  { label: 'System Type', show: (v) => v.systemType || '—' },
  { label: 'Service Provider', show: (v) => v.serviceProvider },
  { label: 'Description', show: (v) => v.description || '—' },
  { label: 'Rank', show: (v) => v.rank },
  { label: 'VIP', show: (v) => (v.vip ? 'Yes' : 'No') },
  { label: 'Practitioners', show: (v) => v.associations.map((a) => a.name).join(', ') || '—' },
];

function ContactPointDetail({ initial, refocusEdit }: { initial: ContactPoint; refocusEdit: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateContactPoint(initial.id);
  const remove = useSoftDelete();
  const account = useAccountKey();
  const { pathname, closePanel } = useWorkspace();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  // Cancel starts the fields again from the saved record.
  const [round, setRound] = useState(0);
  const form = useRef<ContactPointFormHandle>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (mine: ContactPointValues, version) => update.mutateAsync({ version, ...toBody(mine) }),
    // Not through the cache: the page would start again and lose what the user typed.
    fetchCurrent: () => request<ContactPoint>(`/contactpoints/contact-points/${encodeURIComponent(initial.id)}`),
    onSaved: async () => {
      toast('success', messages.contactPointSaved);
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, toValues(current)),
    saving: update.isPending,
  });
  const stamps = useRecordStamps(base);
  const titleId = `contact-point-${base.id}-title`;

  // Save or Cancel gives the focus back to Edit, as on every record's page (useEditMode): the
  // heading's inner span took it after a save, where nothing showed it (issue 40).
  useEffect(() => {
    if (refocusEdit) editButton.current?.focus();
  }, [refocusEdit]);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) form.current?.focusFirst();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const handleDelete = async () => {
    setDeleting(true);
    const deleted = await remove(contactPointDeleteTarget(account, base));
    setDeleting(false);
    if (!deleted) return;
    // On its own page the contact point is gone: back to the list (in the side panel, the screen behind stays).
    if (pathname === `/practice/contact-points/${base.id}`) await navigate({ to: '/practice/contact-points' });
    else closePanel();
  };

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={base.name}
        description={`${base.system} · ${base.value}${base.vip ? ' · VIP' : ''}`}
        back={
          <Link to="/practice/contact-points" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Contact Points
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/contactpoints/contact-points/{id}', method: 'DELETE' }}>
                <DeleteButton type="button" disabled={deleting} onClick={() => void handleDelete()} />
              </Permitted>
              <Permitted requires={{ resource: '/contactpoints/contact-points/{id}', method: 'PATCH' }}>
                <Button ref={editButton} type="button" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      <ContactPointForm
        key={`${base.version}-${round}`}
        ref={form}
        label={editing ? `Edit contact point ${base.name}` : `Contact point ${base.name}`}
        defaultValues={toValues(base)}
        editing={editing}
        notice={notice}
        onSubmit={async (values) => {
          await submit(values);
          return 'saved';
        }}
        actions={({ submitting, dirty }) =>
          editing ? (
            <div className="flex justify-end gap-2">
              <LeaveGuard when={dirty && !submitting} />
              <Button type="button" variant="secondary" onClick={() => {
                  setEditing(false);
                  setRound((r) => r + 1);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" pending={submitting}>
                {submitting ? 'Saving…' : 'Save'}
              </Button>
            </div>
          ) : null
        }
        footer={
          <DescriptionList
            className="border-t border-slate-200 pt-4 sm:col-span-2 dark:border-slate-700"
            items={[{ label: 'Id', value: <Token value={base.id} label="Id" /> }, ...stamps]}
          />
        }
      />
      <RecordSections resourceType="ContactPoint" resourceId={base.id} editable />
    </article>
  );
}
