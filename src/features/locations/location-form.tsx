import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import {
  addressSummary,
  addressTypes,
  addressUses,
  locationCreateSchema,
  locationLimits,
  type Address,
  type AddressType,
  type AddressUse,
  type Location,
  type LocationCreate,
} from '../../../domain/locations.ts';
import { Button } from '../../components/ui/button.tsx';
import { controlClass, Field, FieldError, Input } from '../../components/ui/field.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { ChipField, SelectField } from '../../components/ui/form-fields.tsx';
import { saveFailure, sameValues, serverFieldErrors } from '../../lib/form.ts';

/** One address as the form holds it: every part as typed text (`key` only tells the rows apart). */
export type AddressValues = {
  key: number;
  use: string;
  type: string;
  text: string;
  line: string[];
  city: string;
  district: string;
  state: string;
  postalCode: string;
  country: string;
  periodStart: string;
  periodEnd: string;
};

export type LocationFormValues = { name: string; services: string[]; addresses: AddressValues[] };

let nextKey = 1;
export const emptyAddress = (): AddressValues => ({
  key: nextKey++,
  use: 'work',
  type: 'both',
  text: '',
  line: [''],
  city: '',
  district: '',
  state: '',
  postalCode: '',
  country: 'US',
  periodStart: '',
  periodEnd: '',
});

/** A new location: a name to type, no services, one address to fill in (or remove). */
export const emptyLocation = (): LocationFormValues => ({ name: '', services: [], addresses: [emptyAddress()] });

const fromAddress = (a: Address): AddressValues => ({
  key: nextKey++,
  use: a.use ?? '',
  type: a.type ?? '',
  text: a.text ?? '',
  line: a.line.length > 0 ? a.line : [''],
  city: a.city ?? '',
  district: a.district ?? '',
  state: a.state ?? '',
  postalCode: a.postalCode ?? '',
  country: a.country ?? '',
  periodStart: a.period?.start ?? '',
  periodEnd: a.period?.end ?? '',
});

export const toValues = (location: Location): LocationFormValues => ({
  name: location.name,
  services: location.services,
  addresses: location.addresses.map(fromAddress),
});

/** The API's body: parts as typed (the server trims them and turns empty ones into null). */
export const toBody = (values: LocationFormValues) =>
  ({
    name: values.name,
    services: values.services,
    addresses: values.addresses.map((a) => ({
      // The selects offer only the spec's values (or none).
      use: (a.use || null) as AddressUse | null,
      type: (a.type || null) as AddressType | null,
      text: a.text,
      line: a.line,
      city: a.city,
      district: a.district,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
      period: { start: a.periodStart, end: a.periodEnd },
    })),
  }) satisfies LocationCreate;

/** Values without the row keys, to tell whether anything was changed. */
const comparable = (values: LocationFormValues) => ({ ...values, addresses: values.addresses.map(({ key: _key, ...rest }) => rest) });

/** Field errors by the dotted path of the body ('addresses.1.city'), the first message per path. */
export function locationErrors(values: LocationFormValues): Record<string, string> {
  const result = v.safeParse(locationCreateSchema, toBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
  return errors;
}

/** The first error at this path or below it ('addresses.0.line' also shows 'addresses.0.line.2'). */
const errorAt = (errors: Record<string, string>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

const useOptions = addressUses.map((u) => ({ value: u, label: u[0]!.toUpperCase() + u.slice(1) }));
const typeOptions = addressTypes.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));

/** Focus an element of the form once React has rendered it. */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

type LocationFormProps = {
  label: string;
  initial: LocationFormValues;
  submitLabel: string;
  /** Saves; throws the API's error, which the form shows under the fields (what was typed stays). */
  onSubmit(values: LocationFormValues): Promise<void>;
  onCancel(): void;
  /** Shown above the fields (an edit conflict). */
  notice?: ReactNode;
};

/**
 * The location form of the create screen and of the detail screen's edit mode: name, services as
 * chips, and an address editor (add and remove addresses and their lines with buttons or keys:
 * Enter in a line adds the next one, Backspace in an empty line removes it).
 */
export function LocationForm({ label, initial, submitLabel, onSubmit, onCancel, notice }: LocationFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formId = useId();
  const addAddressRef = useRef<HTMLButtonElement>(null);
  const dirty = !sameValues(comparable(values), comparable(initial));

  const change = (next: LocationFormValues) => {
    setValues(next);
    // After a first submit, errors follow the typing (as the other forms revalidate).
    if (submitted) setErrors(locationErrors(next));
  };
  const setAddress = (index: number, patch: Partial<AddressValues>) =>
    change({ ...values, addresses: values.addresses.map((a, i) => (i === index ? { ...a, ...patch } : a)) });

  const fieldId = (address: AddressValues, part: string) => `${formId}-address-${address.key}-${part}`;

  const addAddress = () => {
    if (values.addresses.length >= locationLimits.addresses) return;
    const address = emptyAddress();
    change({ ...values, addresses: [...values.addresses, address] });
    focusSoon(fieldId(address, 'line-0'));
  };
  const removeAddress = (index: number) => {
    const rest = values.addresses.filter((_, i) => i !== index);
    change({ ...values, addresses: rest });
    const neighbour = rest[Math.min(index, rest.length - 1)];
    requestAnimationFrame(() => (neighbour ? document.getElementById(fieldId(neighbour, 'remove'))?.focus() : addAddressRef.current?.focus()));
  };
  const addLine = (index: number, after: number) => {
    const address = values.addresses[index]!;
    if (address.line.length >= locationLimits.lines) return;
    setAddress(index, { line: [...address.line.slice(0, after + 1), '', ...address.line.slice(after + 1)] });
    focusSoon(fieldId(address, `line-${after + 1}`));
  };
  const removeLine = (index: number, line: number) => {
    const address = values.addresses[index]!;
    setAddress(index, { line: address.line.filter((_, j) => j !== line) });
    focusSoon(line > 0 ? fieldId(address, `line-${line - 1}`) : fieldId(address, address.line.length > 1 ? 'line-0' : 'add-line'));
  };
  const handleLineKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number, line: number) => {
    const address = values.addresses[index]!;
    if (event.key === 'Enter') {
      event.preventDefault();
      addLine(index, line);
    } else if (event.key === 'Backspace' && address.line[line] === '' && address.line.length > 1) {
      event.preventDefault();
      removeLine(index, line);
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    const found = locationErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(serverFieldErrors(error, (path) => path));
      setFailure(saveFailure(error));
    } finally {
      setSubmitting(false);
    }
  };
  const text = (address: AddressValues, index: number, part: 'text' | 'city' | 'district' | 'state' | 'postalCode' | 'country', title: string, className?: string) => (
    <Field label={title} error={errors[`addresses.${index}.${part}`]} className={className}>
      {(control) => (
        <Input {...control} value={address[part]} onChange={(event) => setAddress(index, { [part]: event.target.value })} autoComplete="off" />
      )}
    </Field>
  );

  return (
    <EditForm label={label} onSubmit={submit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <legend className="float-left w-full text-base font-semibold">Location</legend>
        <Field label="Name" required error={errors.name}>
          {(control) => <Input {...control} value={values.name} maxLength={locationLimits.name + 50} onChange={(event) => change({ ...values, name: event.target.value })} autoComplete="off" />}
        </Field>
        <ChipField
          label="Services"
          hint="Type a service and press Enter."
          error={errorAt(errors, 'services')}
          value={values.services}
          onChange={(services) => change({ ...values, services })}
          itemName="service"
          max={locationLimits.services}
          maxLength={locationLimits.service}
        />
      </fieldset>

      <section aria-labelledby={`${formId}-addresses`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${formId}-addresses`} className="text-base font-semibold">
            Addresses
          </h2>
          <Button ref={addAddressRef} type="button" variant="secondary" onClick={addAddress} disabled={values.addresses.length >= locationLimits.addresses}>
            Add address
          </Button>
        </div>
        <FieldError error={errors.addresses} />
        {values.addresses.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No addresses.</p> : null}
        {values.addresses.map((address, index) => {
          const title = `Address ${index + 1}`;
          const lineError = errorAt(errors, `addresses.${index}.line`);
          return (
            <fieldset
              key={address.key}
              className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900"
              aria-describedby={errors[`addresses.${index}`] ? `${fieldId(address, 'error')}` : undefined}
            >
              <legend className="float-left w-full text-base font-semibold sm:col-span-2">{title}</legend>
              <div className="flex justify-end sm:col-span-2">
                <Button id={fieldId(address, 'remove')} type="button" variant="secondary" onClick={() => removeAddress(index)}>
                  Remove address {index + 1}
                </Button>
              </div>
              <FieldError id={fieldId(address, 'error')} error={errors[`addresses.${index}`]} />
              <SelectField label="Use" error={errors[`addresses.${index}.use`]} value={address.use} onValueChange={(use) => setAddress(index, { use })} options={useOptions} placeholder="Not given" />
              <SelectField label="Type" error={errors[`addresses.${index}.type`]} value={address.type} onValueChange={(type) => setAddress(index, { type })} options={typeOptions} placeholder="Not given" />
              <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-labelledby={fieldId(address, 'lines-label')}>
                <span id={fieldId(address, 'lines-label')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  Street lines
                </span>
                {address.line.map((line, j) => (
                  <div key={j} className="flex gap-2">
                    <input
                      id={fieldId(address, `line-${j}`)}
                      aria-label={`Line ${j + 1}`}
                      aria-invalid={errors[`addresses.${index}.line.${j}`] ? true : undefined}
                      aria-describedby={lineError ? fieldId(address, 'line-error') : undefined}
                      aria-keyshortcuts="Enter"
                      className={controlClass}
                      value={line}
                      autoComplete="off"
                      onChange={(event) => setAddress(index, { line: address.line.map((l, k) => (k === j ? event.target.value : l)) })}
                      onKeyDown={(event) => handleLineKeyDown(event, index, j)}
                    />
                    <Button type="button" variant="ghost" aria-label={`Remove line ${j + 1}`} onClick={() => removeLine(index, j)}>
                      <span aria-hidden="true">×</span>
                    </Button>
                  </div>
                ))}
                <div>
                  <Button id={fieldId(address, 'add-line')} type="button" variant="secondary" onClick={() => addLine(index, address.line.length - 1)} disabled={address.line.length >= locationLimits.lines}>
                    Add line
                  </Button>
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-400">Enter adds a line, Backspace in an empty line removes it. At most {locationLimits.lines}.</p>
                <FieldError id={fieldId(address, 'line-error')} error={lineError} />
              </div>
              {text(address, index, 'city', 'City')}
              {text(address, index, 'district', 'District')}
              {text(address, index, 'state', 'State')}
              {text(address, index, 'postalCode', 'Postal code')}
              {text(address, index, 'country', 'Country')}
              {text(address, index, 'text', 'Text', 'sm:col-span-2')}
              <Field label="Period start" error={errorAt(errors, `addresses.${index}.period.start`)}>
                {(control) => <Input {...control} type="date" value={address.periodStart} onChange={(event) => setAddress(index, { periodStart: event.target.value })} />}
              </Field>
              <Field label="Period end" error={errors[`addresses.${index}.period.end`] ?? errors[`addresses.${index}.period`]}>
                {(control) => <Input {...control} type="date" value={address.periodEnd} onChange={(event) => setAddress(index, { periodEnd: event.target.value })} />}
              </Field>
            </fieldset>
          );
        })}
      </section>

    </EditForm>
  );
}

/** How an address reads on the detail screen: its lines, then "City, State Postal", then the country. */
export const addressLines = (a: Address): string[] =>
  [...a.line, [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.country ?? ''].filter(Boolean);

export { addressSummary };
