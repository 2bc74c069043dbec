import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import { useDeferredValue, useId, useState } from 'react';
import { contactPointLimits, type ContactPointAssociation } from '../../../domain/contact-points.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { practitionerChoicesQuery } from './queries.ts';

/** "name (id)": how a practitioner is offered in the picker (issue #9). */
export const practitionerOption = (p: ContactPointAssociation) => `${p.name} (${p.id})`;

/** Adds a practitioner unless already there (a duplicate is ignored, spec §5) or the list is full. */
export function addAssociation(list: readonly ContactPointAssociation[], added: ContactPointAssociation): ContactPointAssociation[] {
  if (list.some((a) => a.id === added.id) || list.length >= contactPointLimits.associations) return [...list];
  return [...list, added];
}

type PractitionerPickerProps = {
  /** Names the chips' list and the picker ('Practitioners'). */
  label: string;
  value: readonly ContactPointAssociation[];
  onChange(value: ContactPointAssociation[]): void;
  /** View mode: chips link to the practitioners and nothing can be added or removed. */
  editable: boolean;
  /** Ids of the field's hint and error, read with the Add Practitioner button. */
  describedBy?: string;
};

/**
 * The practitioners associated with a contact point: chips (removable while editing) and a
 * searchable **Add Practitioner** picker whose options read "name (id)", by name. A practitioner
 * already in the list is ignored; at 25 the button is disabled with the limit's message.
 */
export function PractitionerPicker({ label, value, onChange, editable, describedBy }: PractitionerPickerProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState('');
  const deferredQ = useDeferredValue(q.trim());
  const choices = useQuery({ ...practitionerChoicesQuery(useAccountKey(), deferredQ), enabled: open });
  const limitId = useId();
  const full = value.length >= contactPointLimits.associations;
  const options = [...(choices.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

  // One choice per opening: the popover closes and focus goes back to Add Practitioner.
  const choose = (p: ContactPointAssociation) => {
    setOpen(false);
    setQ('');
    if (value.some((a) => a.id === p.id)) {
      setNotice(`${p.name} is already associated.`);
      return;
    }
    onChange(addAssociation(value, p));
    setNotice(`${p.name} added.`);
  };

  return (
    <div data-slot="practitioner-picker" className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ChipList label={label}>
          {value.map((a) => (
            <li key={a.id}>
              {editable ? (
                <Chip onRemove={() => onChange(value.filter((x) => x.id !== a.id))} removeLabel={`Remove practitioner ${a.name}`}>
                  {a.name}
                </Chip>
              ) : (
                <Chip>
                  <Link to="/practice/practitioners/$personId" params={{ personId: a.id }} className="underline-offset-2 hover:underline">
                    {a.name}
                  </Link>
                </Chip>
              )}
            </li>
          ))}
        </ChipList>
      ) : (
        <p className="text-sm">
          <Empty />
        </p>
      )}
      {editable ? (
        <>
          <Popover.Root
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) setQ('');
            }}
          >
            <Popover.Trigger asChild>
              <Button
                type="button"
                variant="secondary"
                className="self-start"
                disabled={full}
                aria-describedby={[full ? limitId : null, describedBy].filter(Boolean).join(' ') || undefined}
              >
                Add Practitioner
              </Button>
            </Popover.Trigger>
            <Popover.Content
              align="start"
              sideOffset={4}
              aria-label="Add Practitioner"
              className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <Cmdk label="Find a practitioner" shouldFilter={false} loop>
                <Cmdk.Input value={q} onValueChange={setQ} placeholder="Find a practitioner…" className={cn(controlClass, 'mb-2')} />
                <Cmdk.List aria-label="Practitioners to add" className="max-h-64 overflow-y-auto">
                  <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600 dark:text-slate-300">
                    {choices.isPending || choices.isPlaceholderData ? 'Loading practitioners…' : choices.isError ? messages.tryAgain : 'No practitioner matches.'}
                  </Cmdk.Empty>
                  {options.map((p) => {
                    const taken = value.some((a) => a.id === p.id);
                    return (
                      <Cmdk.Item
                        key={p.id}
                        value={p.id}
                        onSelect={() => choose({ id: p.id, name: p.name })}
                        className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm break-all data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
                      >
                        <span>{practitionerOption(p)}</span>
                        {taken ? <span className="ml-auto shrink-0 text-xs text-slate-600 dark:text-slate-300">added</span> : null}
                      </Cmdk.Item>
                    );
                  })}
                </Cmdk.List>
              </Cmdk>
            </Popover.Content>
          </Popover.Root>
          {full ? (
            <p id={limitId} className="text-sm text-slate-700 dark:text-slate-300">
              Limit reached: {messages.contactPointTooManyAssociations}.
            </p>
          ) : null}
          <p role="status" className="text-xs text-slate-600 empty:hidden dark:text-slate-300">
            {notice}
          </p>
        </>
      ) : null}
    </div>
  );
}
