import { useQuery } from '@tanstack/react-query';
import { scheduleOwnerTypes, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { Field, Input, controlClass } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { practitionerOptionsQuery } from './queries.ts';

/** The account's practitioners as options (name, id), by name. */
export function usePractitionerOptions() {
  const practitioners = useQuery(practitionerOptionsQuery(useAccountKey()));
  return practitioners.data?.items ?? [];
}

type OwnerFieldsProps = {
  ownerType: ScheduleOwnerType | '';
  ownerId: string;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange(change: { ownerType?: ScheduleOwnerType | ''; ownerId?: string }): void;
};

/** "For": nobody in particular, a practitioner (picked by name), a location or a queue (by id). */
export function OwnerFields({ ownerType, ownerId, errors, disabled, onChange }: OwnerFieldsProps) {
  const practitioners = usePractitionerOptions();
  return (
    <>
      <Field label="For" error={errors.ownerType}>
        {(control) => (
          <select {...control} className={controlClass} value={ownerType} disabled={disabled} onChange={(e) => onChange({ ownerType: e.target.value as ScheduleOwnerType | '', ownerId: '' })}>
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
            <select {...control} className={controlClass} value={ownerId} disabled={disabled} onChange={(e) => onChange({ ownerId: e.target.value })}>
              <option value="">Choose a practitioner</option>
              {practitioners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : ownerType ? (
        <Field label={`${ownerType} id`} error={errors.ownerId} required>
          {(control) => <Input {...control} value={ownerId} disabled={disabled} onChange={(e) => onChange({ ownerId: e.target.value })} />}
        </Field>
      ) : null}
    </>
  );
}
