import { Link } from '@tanstack/react-router';
import { contactPointLimits, type ContactPointAssociation } from '../../../domain/contact-points.ts';
import { messages } from '../../../domain/messages.ts';
import { RecordPicker } from '../../components/ui/record-picker.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { practitionerChoicesQuery } from './queries.ts';

/** "name (id)": how a practitioner is offered in the picker (issue #9). */
export const practitionerOption = (p: ContactPointAssociation) => `${p.name} (${p.id})`;

type PractitionerPickerProps = {
  /** Names the chips' list ('Practitioners'). */
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
  const account = useAccountKey();
  return (
    <RecordPicker
      value={value}
      onChange={onChange}
      editable={editable}
      label={label}
      itemName="practitioner"
      renderLink={(a) => (
        <Link to="/practice/practitioners/$personId" params={{ personId: a.id }} className="underline-offset-2 hover:underline">
          {a.name}
        </Link>
      )}
      addLabel="Add Practitioner"
      noun={{ a: 'a practitioner', one: 'practitioner', many: 'practitioners' }}
      listLabel="Practitioners to add"
      search={(q) => practitionerChoicesQuery(account, q)}
      renderOption={(p) => <span>{practitionerOption(p)}</span>}
      already="associated"
      max={contactPointLimits.associations}
      limitMessage={messages.contactPointTooManyAssociations}
      describedBy={describedBy}
    />
  );
}
