import { useQuery } from '@tanstack/react-query';
import { scheduleOwnerTypes, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { Field, Input, controlClass } from '../../components/ui/field.tsx';
import { RecordSelect, type RecordNoun } from '../../components/ui/record-picker.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useMeets } from '../../lib/policy.ts';
import { ownerChoicesQuery, practitionerOptionsQuery, type OwnerChoiceKind } from './queries.ts';

/** The account's practitioners as options (name, id), by name. */
export function usePractitionerOptions() {
  const practitioners = useQuery(practitionerOptionsQuery(useAccountKey()));
  return practitioners.data?.items ?? [];
}

const nouns = {
  practitioners: { a: 'a practitioner', one: 'practitioner', many: 'practitioners' },
  locations: { a: 'a location', one: 'location', many: 'locations' },
  queues: { a: 'a queue', one: 'queue', many: 'queues' },
} satisfies Record<OwnerChoiceKind, RecordNoun>;

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
  const account = useAccountKey();
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
            <RecordSelect
              {...control}
              noun={nouns.practitioners}
              listLabel="Practitioners"
              value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
              disabled={disabled}
              search={(q) => ownerChoicesQuery(account, 'practitioners', q)}
              onChange={(p) => onChange({ ownerId: p.id, ownerName: p.name })}
            />
          )}
        </Field>
      ) : ownerType === 'Location' ? (
        <Field label="Location" error={errors.ownerId} required>
          {(control) => (
            <RecordSelect
              {...control}
              noun={nouns.locations}
              listLabel="Locations"
              value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
              disabled={disabled}
              search={(q) => ownerChoicesQuery(account, 'locations', q)}
              onChange={(l) => onChange({ ownerId: l.id, ownerName: l.name })}
            />
          )}
        </Field>
      ) : ownerType === 'Queue' ? (
        mayListQueues ? (
          <Field label="Queue" error={errors.ownerId} required>
            {(control) => (
              <RecordSelect
                {...control}
                noun={nouns.queues}
                listLabel="Queues"
                value={ownerId ? { id: ownerId, name: ownerName ?? ownerId } : null}
                disabled={disabled}
                search={(q) => ownerChoicesQuery(account, 'queues', q)}
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
