import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Command as Cmdk } from 'cmdk';
import { useDeferredValue, useId, useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import { scheduleOwnerTypes, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { Field, Input, controlClass } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { useMeets } from '../../lib/policy.ts';
import { ownerChoicesQuery, practitionerOptionsQuery, type OwnerChoice, type OwnerChoiceKind } from './queries.ts';

/** The account's practitioners as options (name, id), by name. */
export function usePractitionerOptions() {
  const practitioners = useQuery(practitionerOptionsQuery(useAccountKey()));
  return practitioners.data?.items ?? [];
}

/** What the form holds of a schedule's owner; the name is shown on the picker's button. */
export type OwnerChange = { ownerType?: ScheduleOwnerType | ''; ownerId?: string; ownerName?: string | null };

type OwnerFieldsProps = {
  ownerType: ScheduleOwnerType | '';
  ownerId: string;
  /** The chosen practitioner's or location's name (the schedule's `ownerName` when editing). */
  ownerName?: string | null;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange(change: OwnerChange): void;
};

/**
 * "For": nobody in particular, a practitioner, a location or a call-center queue, each picked by name
 * from the account's live ones (a queue by its id when the role may not list the queues).
 */
export function OwnerFields({ ownerType, ownerId, ownerName, errors, disabled, onChange }: OwnerFieldsProps) {
  const mayListQueues = useMeets({ resource: '/callcenter/queues', method: 'GET' });
  return (
    <>
      <Field label="For" error={errors.ownerType}>
        {(control) => (
          <select
            {...control}
            className={controlClass}
            value={ownerType}
            disabled={disabled}
            onChange={(e) => onChange({ ownerType: e.target.value as ScheduleOwnerType | '', ownerId: '', ownerName: null })}
          >
            <option value="">The whole practice</option>
            {scheduleOwnerTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </Field>
      {ownerType === 'Practitioner' ? (
        <Field label="Practitioner" error={errors.ownerId} required>
          {(control) => (
            <RecordPicker
              {...control}
              noun="practitioner"
              plural="Practitioners"
              value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
              disabled={disabled}
              kind="practitioners"
              onChange={(p) => onChange({ ownerId: p.id, ownerName: p.name })}
            />
          )}
        </Field>
      ) : ownerType === 'Location' ? (
        <Field label="Location" error={errors.ownerId} required>
          {(control) => (
            <RecordPicker
              {...control}
              noun="location"
              plural="Locations"
              value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
              disabled={disabled}
              kind="locations"
              onChange={(l) => onChange({ ownerId: l.id, ownerName: l.name })}
            />
          )}
        </Field>
      ) : ownerType === 'Queue' ? (
        mayListQueues ? (
          <Field label="Queue" error={errors.ownerId} required>
            {(control) => (
              <RecordPicker
                {...control}
                noun="queue"
                plural="Queues"
                value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
                disabled={disabled}
                kind="queues"
                onChange={(q) => onChange({ ownerId: q.id, ownerName: q.name })}
              />
            )}
          </Field>
        ) : (
          // A role that may not list the call center's queues names one by its id.
          <Field label="Queue id" hint="The call center's id of the queue, as the call center shows it" error={errors.ownerId} required>
            {(control) => <Input {...control} value={ownerId} disabled={disabled} onChange={(e) => onChange({ ownerId: e.target.value, ownerName: null })} />}
          </Field>
        )
      ) : null}
    </>
  );
}

type Choice = OwnerChoice;

type RecordPickerProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
  /** 'location': the button says "Choose a location", the box "Find a location…". */
  noun: string;
  /** Names the list of choices: 'Locations'. */
  plural: string;
  value: Choice | null;
  disabled?: boolean;
  /** Which of the account's records are offered. */
  kind: OwnerChoiceKind;
  onChange(choice: Choice): void;
};

/**
 * One record of the account, searched by name: a button showing the choice, opening a box to type
 * in and the matching records (arrows move, Enter chooses, Escape closes; focus returns to the button).
 */
// aria-required is not for buttons (the label's asterisk and the error say it).
function RecordPicker({ id, noun, plural, value, disabled, kind, onChange, 'aria-required': _required, ...aria }: RecordPickerProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  // The label names the button; the choice shown on it is read as its description.
  const valueId = useId();
  const deferredQ = useDeferredValue(q.trim());
  const found = useQuery({ ...ownerChoicesQuery(useAccountKey(), kind, deferredQ), enabled: open });
  const options = [...(found.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  // The highlighted choice: the first match until the arrows move it, so Enter right after typing chooses.
  const [active, setActive] = useState('');
  const highlighted = options.some((o) => o.id === active) ? active : (options[0]?.id ?? '');
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQ('');
      }}
    >
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          disabled={disabled}
          data-slot="record-picker"
          aria-invalid={aria['aria-invalid']}
          aria-describedby={[valueId, aria['aria-describedby']].filter(Boolean).join(' ')}
          className={cn(controlClass, 'flex min-h-9 items-center justify-between gap-2 text-left')}
        >
          <span id={valueId} className={cn('truncate', !value && 'text-slate-500 dark:text-slate-400')}>{value ? value.name : `Choose a ${noun}`}</span>
          <span aria-hidden="true" className="text-xs text-slate-500">
            ▾
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={4}
        aria-label={`Choose a ${noun}`}
        className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <Cmdk label={`Find a ${noun}`} shouldFilter={false} loop value={highlighted} onValueChange={setActive}>
          <Cmdk.Input value={q} onValueChange={setQ} placeholder={`Find a ${noun}…`} className={cn(controlClass, 'mb-2')} />
          <Cmdk.List aria-label={plural} className="max-h-64 overflow-y-auto">
            <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600 dark:text-slate-300">
              {found.isPending || found.isPlaceholderData ? `Loading ${plural.toLowerCase()}…` : found.isError ? messages.tryAgain : `No ${noun} matches.`}
            </Cmdk.Empty>
            {options.map((o) => (
              <Cmdk.Item
                key={o.id}
                value={o.id}
                onSelect={() => {
                  onChange(o);
                  setOpen(false);
                  setQ('');
                }}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm break-all data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
              >
                <span>{o.name}</span>
                {o.id === value?.id ? <span className="ml-auto shrink-0 text-xs text-slate-600 dark:text-slate-300">chosen</span> : null}
              </Cmdk.Item>
            ))}
          </Cmdk.List>
        </Cmdk>
      </Popover.Content>
    </Popover.Root>
  );
}
