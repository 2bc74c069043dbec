import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { httpMethods, permissionCatalogue, type HttpMethod, type ResourceGrants } from '../../../domain/permissions.ts';
import { roleLimits, roleMessages, type CcpConfig, type Role, type RoleCreate, type RoleTrust } from '../../../domain/roles.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { Select, type SelectOption } from '../../components/ui/select.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { saveFailure, sameValues, serverFieldErrors } from '../../lib/form.ts';
import { trustTargetsQuery } from './queries.ts';

/** A row of a trust map as picked: an account and one of its roles (`key` only tells the rows apart). */
export type TrustRow = { key: number; accountId: string; roleId: string };

/** The softphone settings of spec §3 as typed (the ACW timeout is text until saved). */
export type CcpValues = {
  accountId: string;
  instanceId: string;
  region: string;
  ccpUrl: string;
  loginUrl: string;
  acwTimeout: string;
  autoAnswer: boolean;
  hierarchyGroupId: string;
  routingProfileId: string;
  securityProfileId: string;
  spiceDomain: string;
  spiceDomain2: string;
  allowPauseResumeRecording: boolean;
};

export type RoleFormValues = {
  name: string;
  resources: ResourceGrants;
  trustedRelationships: TrustRow[];
  assumeRoles: TrustRow[];
  ccpEnabled: boolean;
  ccp: CcpValues;
};

let nextKey = 1;
const row = (accountId = '', roleId = ''): TrustRow => ({ key: nextKey++, accountId, roleId });
const rowsOf = (map: RoleTrust): TrustRow[] => Object.entries(map).map(([accountId, roleId]) => row(accountId, roleId));

const emptyCcp = (): CcpValues => ({
  accountId: '',
  instanceId: '',
  region: '',
  ccpUrl: '',
  loginUrl: '',
  acwTimeout: '',
  autoAnswer: false,
  hierarchyGroupId: '',
  routingProfileId: '',
  securityProfileId: '',
  spiceDomain: '',
  spiceDomain2: '',
  allowPauseResumeRecording: false,
});

export const emptyRole = (): RoleFormValues => ({ name: '', resources: {}, trustedRelationships: [], assumeRoles: [], ccpEnabled: false, ccp: emptyCcp() });

export function toValues(role: Role): RoleFormValues {
  const aws = role.ccpConfig?.awsConnect;
  const profile = aws?.defaultProvisionProfile;
  return {
    name: role.name,
    resources: role.resources,
    trustedRelationships: rowsOf(role.trustedRelationships),
    assumeRoles: rowsOf(role.assumeRoles),
    ccpEnabled: role.ccpConfig !== null,
    ccp: {
      accountId: aws?.accountId ?? '',
      instanceId: aws?.instanceId ?? '',
      region: aws?.region ?? '',
      ccpUrl: aws?.ccpUrl ?? '',
      loginUrl: aws?.loginUrl ?? '',
      acwTimeout: profile?.acwTimeout === undefined ? '' : String(profile.acwTimeout),
      autoAnswer: profile?.autoAnswer ?? false,
      hierarchyGroupId: profile?.hierarchyGroupId ?? '',
      routingProfileId: profile?.routingProfileId ?? '',
      securityProfileId: profile?.securityProfileId ?? '',
      spiceDomain: role.ccpConfig?.spiceDomain ?? '',
      spiceDomain2: role.ccpConfig?.spiceDomain2 ?? '',
      allowPauseResumeRecording: role.ccpConfig?.allowPauseResumeRecording ?? false,
    },
  };
}

/** Spec §4: rows with a blank account id are dropped. */
// Spec §4: a row without an account is dropped on save; so is one whose role is not picked yet.
const mapOf = (rows: TrustRow[]): RoleTrust =>
  Object.fromEntries(rows.filter((r) => r.accountId.trim() !== '' && r.roleId.trim() !== '').map((r) => [r.accountId.trim(), r.roleId.trim()]));

/** Spec §5: the ACW timeout is parsed as an integer (blank is none). */
const parseAcw = (text: string): number | undefined => (text.trim() === '' ? undefined : Number.parseInt(text.trim(), 10));

function ccpConfigOf(values: RoleFormValues): CcpConfig | null {
  // Spec §4: unticking CCP Configuration clears every ccpConfig value.
  if (!values.ccpEnabled) return null;
  const c = values.ccp;
  return {
    awsConnect: {
      accountId: c.accountId,
      instanceId: c.instanceId,
      region: c.region,
      ccpUrl: c.ccpUrl,
      loginUrl: c.loginUrl,
      defaultProvisionProfile: {
        acwTimeout: parseAcw(c.acwTimeout),
        autoAnswer: c.autoAnswer,
        hierarchyGroupId: c.hierarchyGroupId,
        routingProfileId: c.routingProfileId,
        securityProfileId: c.securityProfileId,
      },
    },
    spiceDomain: c.spiceDomain,
    spiceDomain2: c.spiceDomain2,
    allowPauseResumeRecording: c.allowPauseResumeRecording,
  };
}

/**
 * The API's body. Spec §4: blank-account rows are dropped and empty maps omitted — except that an
 * edit which empties a map the role had sends it empty, or the last row could never be removed.
 */
export function toBody(values: RoleFormValues, saved?: RoleFormValues): RoleCreate {
  const trusted = mapOf(values.trustedRelationships);
  const assume = mapOf(values.assumeRoles);
  const had = (rows: TrustRow[] | undefined) => Object.keys(mapOf(rows ?? [])).length > 0;
  return {
    name: values.name,
    resources: values.resources as Record<string, Record<string, boolean>>,
    ...(Object.keys(trusted).length > 0 || had(saved?.trustedRelationships) ? { trustedRelationships: trusted } : {}),
    ...(Object.keys(assume).length > 0 || had(saved?.assumeRoles) ? { assumeRoles: assume } : {}),
    ccpConfig: ccpConfigOf(values),
  };
}

/** Role Name's own check (spec §5: validated on blur). */
export function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return roleMessages.nameRequired;
  if (trimmed.length > roleLimits.name) return roleMessages.nameTooLong;
  return undefined;
}

const acwError = (text: string) => (text.trim() === '' || /^\d+$/.test(text.trim()) && Number(text) <= roleLimits.acwTimeout ? undefined : roleMessages.acwTimeoutInvalid);

const comparable = (values: RoleFormValues) => ({
  ...values,
  trustedRelationships: values.trustedRelationships.map(({ key: _key, ...rest }) => rest),
  assumeRoles: values.assumeRoles.map(({ key: _key, ...rest }) => rest),
});

const granted = (grants: ResourceGrants, resource: string, method: HttpMethod) => grants[resource]?.[method] === true;

function setGrant(grants: ResourceGrants, resource: string, method: HttpMethod, on: boolean): ResourceGrants {
  const methods = { ...grants[resource] };
  if (on) methods[method] = true;
  else delete methods[method];
  const next = { ...grants };
  if (Object.keys(methods).length > 0) next[resource] = methods;
  else delete next[resource];
  return next;
}

/** A checkbox that shows "some but not all" (a whole-row or whole-column toggle). */
function setMixed(input: HTMLInputElement | null, mixed: boolean) {
  if (input) input.indeterminate = mixed;
}

type GridProps = {
  value: ResourceGrants;
  onChange(next: ResourceGrants): void;
  disabled: boolean;
  labelledBy: string;
};

/**
 * Resource Permissions: a checkbox for every resource × method of the catalogue (rows resources,
 * columns GET/POST/PATCH/DELETE, only the methods the catalogue offers), with whole-row and
 * whole-column toggles. One box is in the Tab order (roving tabindex); arrow keys, Home and End
 * move between the boxes, Space toggles the focused one.
 */
function PermissionGrid({ value, onChange, disabled, labelledBy }: GridProps) {
  // Positions: row 0 holds the column toggles, column 0 the row toggles; (0, 0) is empty.
  const [active, setActive] = useState<[number, number]>([1, 1]);
  const gridRef = useRef<HTMLTableElement>(null);
  const rows = permissionCatalogue;
  const exists = (r: number, c: number) => {
    if (r < 0 || r > rows.length || c < 0 || c > httpMethods.length) return false;
    if (r === 0) return c > 0;
    if (c === 0) return true;
    return (rows[r - 1]!.methods as readonly HttpMethod[]).includes(httpMethods[c - 1]!);
  };
  const focusCell = (r: number, c: number) => {
    setActive([r, c]);
    gridRef.current?.querySelector<HTMLInputElement>(`[data-cell="${r}-${c}"]`)?.focus();
  };
  const step = (r: number, c: number, dr: number, dc: number) => {
    for (let nr = r + dr, nc = c + dc; nr >= 0 && nr <= rows.length && nc >= 0 && nc <= httpMethods.length; nr += dr, nc += dc) {
      if (exists(nr, nc)) return focusCell(nr, nc);
    }
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => step(r, c, 0, 1),
      ArrowLeft: () => step(r, c, 0, -1),
      ArrowDown: () => step(r, c, 1, 0),
      ArrowUp: () => step(r, c, -1, 0),
      Home: () => step(r, -1, 0, 1),
      End: () => step(r, httpMethods.length + 1, 0, -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const [activeRow, activeCol] = exists(...active) ? active : [1, 1];
  const cellProps = (r: number, c: number) => ({
    'data-cell': `${r}-${c}`,
    tabIndex: r === activeRow && c === activeCol ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(event, r, c),
    onFocus: () => setActive([r, c]),
    disabled,
    className: 'h-4 w-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  });

  const columnState = (method: HttpMethod) => {
    const offered = rows.filter((entry) => (entry.methods as readonly HttpMethod[]).includes(method));
    const on = offered.filter((entry) => granted(value, entry.resource, method)).length;
    return { offered, all: on === offered.length, some: on > 0 && on < offered.length };
  };
  const toggleColumn = (method: HttpMethod, on: boolean) => {
    let next = value;
    for (const entry of columnState(method).offered) next = setGrant(next, entry.resource, method, on);
    onChange(next);
  };
  const toggleRow = (resource: string, methods: readonly HttpMethod[], on: boolean) => {
    let next = value;
    for (const method of methods) next = setGrant(next, resource, method, on);
    onChange(next);
  };

  return (
    // Too wide for a phone, the grid scrolls sideways with the resources in view; methods and paths
    // never break inside (the page's overflow-wrap: anywhere made "GE T / PO ST"). Focusable, so the
    // keyboard scrolls it where its checkboxes are read-only (a role's page, not its form).
    <div role="group" aria-labelledby={labelledBy} tabIndex={0} className="overflow-x-auto [overflow-wrap:normal] focus-visible:outline-2 focus-visible:outline-brand-600">
      <table ref={gridRef} aria-labelledby={labelledBy} className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="sticky left-0 z-[1] bg-white py-2 pr-2 text-left font-medium dark:bg-slate-900">
              Resource
            </th>
            <th scope="col" className="px-1 py-2 text-center text-xs font-medium whitespace-nowrap">
              All
            </th>
            {httpMethods.map((method, i) => {
              const state = columnState(method);
              return (
                <th key={method} scope="col" className="px-1 py-2 text-center font-medium whitespace-nowrap">
                  <span className="flex flex-col items-center gap-1">
                    <span className="font-mono text-xs">{method}</span>
                    <input
                      type="checkbox"
                      aria-label={`${method} on every resource`}
                      checked={state.all}
                      ref={(input) => setMixed(input, state.some)}
                      onChange={(event) => toggleColumn(method, event.target.checked)}
                      {...cellProps(0, i + 1)}
                    />
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry, index) => {
            const r = index + 1;
            const methods = entry.methods as readonly HttpMethod[];
            const on = methods.filter((m) => granted(value, entry.resource, m)).length;
            return (
              <tr key={entry.resource} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="sticky left-0 z-[1] min-w-36 bg-white py-1.5 pr-2 text-left font-normal dark:bg-slate-900">
                  <span className="block">{entry.label}</span>
                  <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
                    {/* A long path may wrap after a slash, never inside a word. */}
                    {entry.resource.split('/').map((part, i) => (
                      <Fragment key={i}>
                        {i > 0 ? (
                          <>
                            <wbr />/
                          </>
                        ) : null}
                        {part}
                      </Fragment>
                    ))}
                  </span>
                </th>
                <td className="px-1 text-center">
                  <input
                    type="checkbox"
                    aria-label={`All methods of ${entry.label}`}
                    checked={on === methods.length}
                    ref={(input) => setMixed(input, on > 0 && on < methods.length)}
                    onChange={(event) => toggleRow(entry.resource, methods, event.target.checked)}
                    {...cellProps(r, 0)}
                  />
                </td>
                {httpMethods.map((method, i) => (
                  <td key={method} className="px-1 text-center">
                    {methods.includes(method) ? (
                      <input
                        type="checkbox"
                        aria-label={`${entry.label} ${method}`}
                        checked={granted(value, entry.resource, method)}
                        onChange={(event) => onChange(setGrant(value, entry.resource, method, event.target.checked))}
                        {...cellProps(r, i + 1)}
                      />
                    ) : (
                      <span aria-hidden="true" className="text-slate-300 dark:text-slate-600">
                        —
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type TrustRowsProps = {
  title: string;
  /** One row's name ("Trusted relationship"). */
  noun: string;
  rows: TrustRow[];
  onChange(rows: TrustRow[]): void;
  disabled: boolean;
  error?: string;
};

/** An option for a value the lists do not hold (yet): shown, never offered as a choice of its own. */
const withCurrent = (options: SelectOption[], value: string, label: string): SelectOption[] =>
  value === '' || options.some((o) => o.value === value) ? options : [...options, { value, label }];

/**
 * Trusted Relationships / Assume Roles: rows of an account and one of its roles, picked by name
 * from lists (issue 24: an id that names nothing cannot be typed), added and removed. The lists
 * hold only the roles the caller may point a row at (`GET /permissions/trust-targets`).
 */
function TrustRows({ title, noun, rows, onChange, disabled, error }: TrustRowsProps) {
  const id = useId();
  const targets = useQuery(trustTargetsQuery(useAccountKey())).data?.items;
  const accountOptions: SelectOption[] = (targets ?? []).map((a) => ({ value: a.id, label: a.name }));
  const roleOptions = (accountId: string): SelectOption[] => (targets?.find((a) => a.id === accountId)?.roles ?? []).map((r) => ({ value: r.id, label: r.name }));
  const unknown = targets ? 'Not available to you' : 'Loading…';
  const addRef = useRef<HTMLButtonElement>(null);
  const set = (key: number, patch: Partial<TrustRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const added = row();
    onChange([...rows, added]);
    requestAnimationFrame(() => document.getElementById(`${id}-${added.key}-account`)?.focus());
  };
  const remove = (index: number) => {
    const rest = rows.filter((_, i) => i !== index);
    onChange(rest);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    requestAnimationFrame(() => (neighbour ? document.getElementById(`${id}-${neighbour.key}-account`)?.focus() : addRef.current?.focus()));
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">None.</p> : null}
      {rows.map((r, index) => (
        <div key={r.key} role="group" aria-label={`${noun} ${index + 1}`} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm font-medium">
            Account
            <Select
              id={`${id}-${r.key}-account`}
              value={r.accountId}
              // Another account: its roles are others, so the role is picked again.
              onValueChange={(accountId) => set(r.key, { accountId, roleId: '' })}
              options={withCurrent(accountOptions, r.accountId, unknown)}
              placeholder="Select an account"
              disabled={disabled}
            />
          </label>
          <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm font-medium">
            Role
            <Select
              value={r.roleId}
              onValueChange={(roleId) => set(r.key, { roleId })}
              options={withCurrent(roleOptions(r.accountId), r.roleId, unknown)}
              placeholder={r.accountId ? 'Select a role' : 'Select an account first'}
              disabled={disabled || r.accountId === ''}
            />
          </label>
          {disabled ? null : (
            <Button type="button" variant="secondary" onClick={() => remove(index)} aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      {disabled ? null : (
        <div>
          <Button ref={addRef} type="button" variant="secondary" onClick={add} disabled={rows.length >= roleLimits.trustRows}>
            Add {noun.toLowerCase()}
          </Button>
        </div>
      )}
    </section>
  );
}

type RoleFormProps = {
  label: string;
  initial: RoleFormValues;
  /** View mode: every control shown, none editable, no buttons. */
  readOnly?: boolean;
  /** 'Add Role' (create) or 'Save Changes' (edit). */
  submitLabel?: string;
  onSubmit?(values: RoleFormValues): Promise<void>;
  onCancel?(): void;
  notice?: ReactNode;
};

/** Spec §2 "Role form": General Information, Resource Permissions, Trusted Relationships, Assume Roles, CCP Configuration. */
export function RoleForm({ label, initial, readOnly = false, submitLabel, onSubmit, onCancel, notice }: RoleFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const dirty = !readOnly && !sameValues(comparable(values), comparable(initial));

  const change = (next: Partial<RoleFormValues>) => setValues((prev) => ({ ...prev, ...next }));
  const setCcp = (patch: Partial<CcpValues>) => setValues((prev) => ({ ...prev, ccp: { ...prev.ccp, ...patch } }));
  const setError = (field: string, message: string | undefined) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const submit = async () => {
    setFailure(null);
    const found: Record<string, string> = {};
    const name = nameError(values.name);
    if (name) found.name = name;
    const acw = values.ccpEnabled ? acwError(values.ccp.acwTimeout) : undefined;
    if (acw) found.acwTimeout = acw;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit?.(values);
    } catch (error) {
      const fields = serverFieldErrors(error, (path) => (path.endsWith('acwTimeout') ? 'acwTimeout' : (path.split('.')[0] ?? null)));
      setErrors(fields);
      setFailure(saveFailure(error));
    } finally {
      setSubmitting(false);
    }
  };

  const ccpText = (field: Exclude<keyof CcpValues, 'autoAnswer' | 'allowPauseResumeRecording'>, title: string, extra?: { error?: string; inputMode?: 'numeric'; onBlur?: () => void }) => (
    <Field label={title} error={extra?.error}>
      {(control) => (
        <Input {...control} value={values.ccp[field]} onChange={(event) => setCcp({ [field]: event.target.value })} onBlur={extra?.onBlur} inputMode={extra?.inputMode} disabled={readOnly} autoComplete="off" />
      )}
    </Field>
  );

  return (
    <EditForm label={label} onSubmit={submit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel} readOnly={readOnly}>

      <section aria-labelledby={`${id}-general`} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <h2 id={`${id}-general`} className="text-base font-semibold">
          General Information
        </h2>
        <Field label="Role Name" required={!readOnly} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              maxLength={roleLimits.name + 50}
              onChange={(event) => {
                change({ name: event.target.value });
                // Once shown, the name's error follows the typing.
                if (errors.name) setError('name', nameError(event.target.value));
              }}
              onBlur={() => setError('name', nameError(values.name))}
              disabled={readOnly}
              autoComplete="off"
            />
          )}
        </Field>
      </section>

      <section aria-labelledby={`${id}-resources`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <h2 id={`${id}-resources`} className="text-base font-semibold">
          Resource Permissions
        </h2>
        {readOnly ? null : (
          <p className="text-xs text-slate-600 touch:hidden dark:text-slate-400">Arrow keys move between the boxes, Space ticks or unticks one. “All” and the column boxes set a whole row or column.</p>
        )}
        {errors.resources ? <p className="text-sm text-red-700 dark:text-red-400">{errors.resources}</p> : null}
        <PermissionGrid value={values.resources} onChange={(resources) => change({ resources })} disabled={readOnly} labelledBy={`${id}-resources`} />
      </section>

      <TrustRows
        title="Trusted Relationships"
        noun="Trusted relationship"
        rows={values.trustedRelationships}
        onChange={(trustedRelationships) => change({ trustedRelationships })}
        disabled={readOnly}
        error={errors.trustedRelationships}
      />
      <TrustRows title="Assume Roles" noun="Assume role" rows={values.assumeRoles} onChange={(assumeRoles) => change({ assumeRoles })} disabled={readOnly} error={errors.assumeRoles} />

      <section aria-labelledby={`${id}-ccp`} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <h2 id={`${id}-ccp`} className="text-base font-semibold">
          CCP Configuration
        </h2>
        <Checkbox
          role="switch"
          label="CCP Configuration"
          description="The softphone settings of this role's users."
          checked={values.ccpEnabled}
          // Spec §4: unticking clears every ccpConfig value.
          onCheckedChange={(on) => change(on ? { ccpEnabled: true } : { ccpEnabled: false, ccp: emptyCcp() })}
          disabled={readOnly}
        />
        {values.ccpEnabled ? (
          <div className={cn('grid gap-4 sm:grid-cols-2')}>
            {ccpText('accountId', 'AWS Connect Account Id')}
            {ccpText('instanceId', 'Instance Id')}
            {ccpText('region', 'Region')}
            {ccpText('ccpUrl', 'CCP URL')}
            {ccpText('loginUrl', 'Login URL')}
            <fieldset className="grid gap-4 rounded-md border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
              <legend className="px-1 text-sm font-semibold">Default Provision Profile</legend>
              {ccpText('acwTimeout', 'ACW Timeout (seconds)', {
                error: errors.acwTimeout,
                inputMode: 'numeric',
                onBlur: () => setError('acwTimeout', acwError(values.ccp.acwTimeout)),
              })}
              <Checkbox label="Auto Answer" checked={values.ccp.autoAnswer} onCheckedChange={(autoAnswer) => setCcp({ autoAnswer })} disabled={readOnly} className="self-end" />
              {ccpText('hierarchyGroupId', 'Hierarchy Group Id')}
              {ccpText('routingProfileId', 'Routing Profile Id')}
              {ccpText('securityProfileId', 'Security Profile Id')}
            </fieldset>
            {ccpText('spiceDomain', 'Spice Domain')}
            {ccpText('spiceDomain2', 'Spice Domain 2')}
            <Checkbox
              label="Allow Pause/Resume Recording"
              checked={values.ccp.allowPauseResumeRecording}
              onCheckedChange={(allowPauseResumeRecording) => setCcp({ allowPauseResumeRecording })}
              disabled={readOnly}
              className="sm:col-span-2"
            />
          </div>
        ) : null}
        {errors.ccpConfig ? <p className="text-sm text-red-700 dark:text-red-400">{errors.ccpConfig}</p> : null}
      </section>

    </EditForm>
  );
}

