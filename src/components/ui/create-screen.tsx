import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { BackLink, PageHeader } from './page-header.tsx';
import { recordParams, type RecordPath, type StaticPath } from './record-path.ts';
import { useToast } from '../../lib/toast.ts';

const widths = { narrow: 'max-w-2xl', normal: 'max-w-3xl', wide: 'max-w-4xl' } as const;

type CreateScreenProps = {
  title: string;
  description?: ReactNode;
  /** The list the new record joins: the back link above the title ('Issues'). */
  back: { to: StaticPath; label: string };
  /** A form with many columns (a role's grants, a person's names) takes the wide page. */
  width?: keyof typeof widths;
  /** The form (its own Cancel and Save); the router puts focus in its first field. */
  children: ReactNode;
};

/** A create screen: its title with the way back to the list, and the form. */
export function CreateScreen({ title, description, back, width = 'normal', children }: CreateScreenProps) {
  return (
    <div className={cn('mx-auto', widths[width])}>
      <PageHeader title={title} description={description} back={<BackLink to={back.to}>{back.label}</BackLink>} />
      {children}
    </div>
  );
}

type CreateRecordOptions<TValues, TBody, TCreated extends { id: string }> = {
  /** The feature's create mutation. */
  create: { mutateAsync(body: TBody): Promise<TCreated> };
  toBody(values: TValues): TBody;
  /** The toast after a save ('Issue added.'). */
  savedMessage: string | ((values: TValues, created: TCreated) => string);
  /** How long the toast shows, where the spec says (ms). */
  toastMs?: number;
  /** The list Cancel returns to. */
  list: StaticPath;
  /**
   * Where a save goes: the new record's page, or the list with the new record's row active
   * (`?selected=<id>`, the lists that have it: issue 24).
   */
  then: { record: RecordPath } | 'selected-in-list';
};

/**
 * A create screen's Save and Cancel: Save creates, toasts and goes to the new record (a refused
 * save throws to the form, which shows why); Cancel goes back to the list. The leave guard lets
 * the saved form go.
 */
export function useCreateRecord<TValues, TBody, TCreated extends { id: string }>({ create, toBody, savedMessage, toastMs, list, then }: CreateRecordOptions<TValues, TBody, TCreated>) {
  const navigate = useNavigate();
  const toast = useToast();
  const handleSubmit = async (values: TValues) => {
    const created = await create.mutateAsync(toBody(values));
    toast('success', typeof savedMessage === 'string' ? savedMessage : savedMessage(values, created), toastMs);
    if (then === 'selected-in-list') await navigate({ to: list, search: { selected: created.id } as never, ignoreBlocker: true });
    else await navigate({ to: then.record, params: recordParams(then.record, created.id), ignoreBlocker: true });
  };
  return { handleSubmit, cancel: () => void navigate({ to: list }) };
}
