import { messages } from '../../../domain/messages.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiKey } from '../../../domain/api-keys.ts';
import { Button } from '../../components/ui/button.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { ConfirmDeleteDialog, DeleteButton } from '../../components/ui/delete.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { saveFailure } from '../../lib/form.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { ApiKeyForm, apiKeyConflictFields, toApiKeyValues, type ApiKeyValues } from './api-key-form.tsx';
import { LastUsed } from './last-used.tsx';
import { apiKeyQuery, useDeleteApiKey, useUpdateApiKey } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** An API key's page (also shown in the side panel): view mode, Edit turns it into the form, Save returns to view. */
export function ApiKeyScreen({ apiKeyId }: { apiKeyId: string }) {
  return <RecordById query={apiKeyQuery} id={apiKeyId} label="Loading API key…">{(data) => <ApiKeyDetail apiKey={data} />}</RecordById>;
}

function ApiKeyDetail({ apiKey }: { apiKey: ApiKey }) {
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(apiKey);
  const titleId = `apikey-${apiKey.id}-title`;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={apiKey.name}
        description={apiKey.active ? 'Active: requests carrying this key are served.' : 'Inactive: requests carrying this key are refused.'}
        back={
          <Link to="/system/apikeys" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>API Keys
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/permissions/apikeys/{id}', method: 'DELETE' }}>
                <DeleteApiKey apiKey={apiKey} />
              </Permitted>
              <Permitted requires={{ resource: '/permissions/apikeys/{id}', method: 'PATCH' }}>
                <Button ref={editButton} onClick={startEditing}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {editing ? (
        <ApiKeyEdit initial={apiKey} onDone={leaveEdit} />
      ) : (
        <Card title="API key" titleId={`${titleId}-details`}>
          <DescriptionList
            items={[
              { label: 'Id', value: <Token value={apiKey.id} label="Id" /> },
              { label: 'Name', value: apiKey.name },
              { label: 'Active', value: <YesNo value={apiKey.active} /> },
              { label: 'Role', value: apiKey.roleName ?? <Empty /> },
              { label: 'Key', value: <span className="font-mono text-xs">{apiKey.hint}</span> },
              { label: 'Last used', value: <LastUsed at={apiKey.lastUsedAt} /> },
              ...stamps,
            ]}
          />
        </Card>
      )}
    </article>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice instead of overwriting. */
function ApiKeyEdit({ initial, onDone }: { initial: ApiKey; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateApiKey(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: ApiKeyValues, version) => update.mutateAsync({ version, name: values.name, roleId: values.roleId || undefined, active: values.active }),
    fetchCurrent: () => queryClient.fetchQuery({ ...apiKeyQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', messages.apiKeySaved);
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(apiKeyConflictFields, mine, toApiKeyValues(current)),
    saving: update.isPending,
  });
  return <ApiKeyForm key={base.version} label="Edit API key" submitLabel="Save" defaultValues={toApiKeyValues(base)} onSubmit={submit} onCancel={onDone} notice={notice} withActive focusFirstField />;
}

/** Delete, after a confirmation: a deleted key cannot be brought back (its secret must never work again). */
function DeleteApiKey({ apiKey, disabled, ...rest }: { apiKey: ApiKey; disabled?: boolean; 'aria-describedby'?: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteApiKey(apiKey.id);
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, closePanel } = useWorkspace();
  const handleDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast('error', saveFailure(error));
      return;
    }
    setOpen(false);
    toast('success', `API key “${apiKey.name}” deleted.`);
    if (pathname === `/system/apikeys/${apiKey.id}`) await navigate({ to: '/system/apikeys' });
    else closePanel();
  };
  return (
    <>
      <DeleteButton disabled={disabled} aria-describedby={rest['aria-describedby']} onClick={() => setOpen(true)} />
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete API key “${apiKey.name}”?`}
        description="Requests carrying it are refused at once. This cannot be undone: a new key would have a new secret."
        confirmLabel="Delete API key"
        pending={remove.isPending}
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}
