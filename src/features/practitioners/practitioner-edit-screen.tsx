import { revalidateLogic, useForm, useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import {
  personLimits,
  practitionerPatchSchema,
  practitionerPhotoMaxBytes,
  practitionerPhotoTypes,
  type Practitioner,
  type PractitionerPatch,
} from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChipField } from '../../components/ui/form-fields.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { Field, TextField } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { firstError, formErrors, saveFailure, sameValues, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { PractitionerAvatar, useObjectUrl } from './practitioner-photo.tsx';
import { practitionerQuery, useUpdatePractitioner, useUploadPractitionerPhoto } from './queries.ts';

type PractitionerValues = {
  active: boolean;
  name: string;
  specialty: string;
  group: string;
  initials: string;
  pronunciation: string;
  synonyms: string[];
};

/** What happens to the photo on save: nothing, a new file, or removal. */
type PhotoChange = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

const toValues = (p: Practitioner): PractitionerValues => ({
  active: p.active,
  name: p.name,
  specialty: p.specialty ?? '',
  group: p.group ?? '',
  initials: p.initials ?? '',
  pronunciation: p.pronunciation ?? '',
  synonyms: p.synonyms,
});

const toBody = (values: PractitionerValues, version: number, removePhoto: boolean): PractitionerPatch => ({
  version,
  ...values,
  ...(removePhoto ? { photo: null } : {}),
});

/** The browser checks the photo as the server will (PNG or JPEG, at most 1 MB) before sending it. */
export function photoProblem(file: File): string | null {
  if (!(practitionerPhotoTypes as readonly string[]).includes(file.type)) return messages.photoType;
  if (file.size > practitionerPhotoMaxBytes) return messages.photoTooLarge;
  return null;
}

export function PractitionerEditScreen({ personId }: { personId: string }) {
  return <RecordById query={practitionerQuery} id={personId} fresh label="Loading practitioner…">{(data) => <PractitionerEdit initial={data} />}</RecordById>;
}

const conflictFields: { label: string; show(v: PractitionerValues): string }[] = [
  { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
  { label: 'Name', show: (v) => v.name },
  { label: 'Specialty', show: (v) => v.specialty || '—' },
  { label: 'Group', show: (v) => v.group || '—' },
  { label: 'Initials', show: (v) => v.initials || '—' },
  { label: 'Pronunciation', show: (v) => v.pronunciation || '—' },
  { label: 'Synonyms', show: (v) => v.synonyms.join(', ') || '—' },
];

function PractitionerEdit({ initial }: { initial: Practitioner }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdatePractitioner(initial.id);
  const upload = useUploadPractitionerPhoto(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: ({ values, removePhoto }: { values: PractitionerValues; removePhoto: boolean }, version) => update.mutateAsync(toBody(values, version, removePhoto)),
    fetchCurrent: () => queryClient.fetchQuery({ ...practitionerQuery(account, initial.id), staleTime: 0 }),
    onSaved: () => {
      toast('success', messages.practitionerSaved);
      return navigate({ to: '/practice/practitioners/$personId', params: { personId: initial.id }, ignoreBlocker: true });
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine.values, toValues(current)),
    saving: update.isPending,
  });

  const save = async (values: PractitionerValues, photo: PhotoChange) => {
    // The photo first: it is its own resource (no version), so a refused upload saves nothing,
    // and an overwrite after a conflict does not send it again.
    if (photo.kind === 'upload') await upload.mutateAsync(photo.file);
    await submit({ values, removePhoto: photo.kind === 'remove' });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Edit practitioner ${base.name}`}
        back={
          <Link to="/practice/practitioners/$personId" params={{ personId: base.id }} className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>
            {base.name}
          </Link>
        }
      />
      <PractitionerForm
        key={base.version}
        practitioner={base}
        onSubmit={save}
        onCancel={() => void navigate({ to: '/practice/practitioners/$personId', params: { personId: base.id } })}
        notice={notice}
      />
    </div>
  );
}

type PractitionerFormProps = {
  practitioner: Practitioner;
  onSubmit(values: PractitionerValues, photo: PhotoChange): Promise<void>;
  onCancel(): void;
  notice: ReactNode;
};

function PractitionerForm({ practitioner, onSubmit, onCancel, notice }: PractitionerFormProps) {
  const defaultValues = toValues(practitioner);
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(photo.kind === 'upload' ? photo.file : null);

  const form = useForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ({ value }) => formErrors(schemaFieldErrors(practitionerPatchSchema, toBody(value, 1, false))) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      setServerErrors({});
      if (photoError) return;
      try {
        await onSubmit(value, photo);
      } catch (error) {
        const fields = serverFieldErrors(error);
        setServerErrors(fields);
        if (error instanceof ApiRequestError && (error.status === 413 || fields.photo)) setPhotoError(fields.photo ?? error.message);
        setFailure(saveFailure(error));
      }
    },
  });
  const dirty = useStore(form.store, (state) => !sameValues(state.values, defaultValues)) || photo.kind !== 'keep';
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const errorOf = (name: keyof PractitionerValues, errors: unknown[]) => firstError(errors) ?? serverErrors[name];

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) {
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhoto({ kind: 'upload', file });
  };

  const text = (name: 'name' | 'specialty' | 'group' | 'initials' | 'pronunciation', label: string, hint?: string) => (
    <form.Field name={name}>
      {(field) => (
        <TextField field={field} label={label} hint={hint} required={name === 'name'} error={errorOf(name, field.state.meta.errors)} />
      )}
    </form.Field>
  );

  return (
    <EditForm label="Edit practitioner" onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel}>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <legend className="float-left w-full text-base font-semibold">Photo</legend>
        <div className="flex flex-wrap items-center gap-5">
          {preview ? (
            <img src={preview} alt="New photo (not saved yet)" className="h-28 w-28 rounded-full border border-slate-200 object-cover dark:border-slate-700" />
          ) : photo.kind === 'remove' || !practitioner.photo ? (
            <span className="flex h-28 w-28 items-center justify-center rounded-full border border-dashed border-slate-300 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400">
              No photo
            </span>
          ) : (
            <PractitionerAvatar practitioner={practitioner} />
          )}
          <div className="flex flex-col gap-2">
            <Field label="Upload photo" hint="PNG or JPEG, at most 1 MB." error={photoError}>
              {(control) => (
                <input
                  {...control}
                  ref={fileInput}
                  type="file"
                  accept={practitionerPhotoTypes.join(',')}
                  onChange={(event) => choosePhoto(event.target.files?.[0])}
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100 dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
                />
              )}
            </Field>
            <div className="flex gap-2">
              {photo.kind !== 'keep' ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setPhoto({ kind: 'keep' });
                    setPhotoError(null);
                    if (fileInput.current) fileInput.current.value = '';
                  }}
                >
                  Undo photo change
                </Button>
              ) : null}
              {practitioner.photo && photo.kind !== 'remove' ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setPhoto({ kind: 'remove' });
                    setPhotoError(null);
                    if (fileInput.current) fileInput.current.value = '';
                  }}
                >
                  Remove photo
                </Button>
              ) : null}
            </div>
          </div>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <legend className="float-left w-full text-base font-semibold sm:col-span-2">Practitioner</legend>
        {text('name', 'Name')}
        {text('specialty', 'Specialty')}
        {text('group', 'Group')}
        {text('initials', 'Initials', `At most ${personLimits.initials} characters.`)}
        {text('pronunciation', 'Pronunciation', 'How callers and agents should say the name.')}
        <form.Field name="active">
          {(field) => <Checkbox className="self-end pb-2" label="Active" checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
        <form.Field name="synonyms">
          {(field) => (
            <ChipField
              label="Synonyms"
              hint="Other names callers use for this practitioner."
              error={errorOf('synonyms', field.state.meta.errors)}
              className="sm:col-span-2"
              value={field.state.value}
              onChange={field.handleChange}
              itemName="synonym"
              max={personLimits.synonyms}
              maxLength={personLimits.synonym}
            />
          )}
        </form.Field>
      </fieldset>

    </EditForm>
  );
}
