import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Address, Location } from '../../../domain/locations.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { DeleteButton } from '../../components/ui/delete.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { RecordSections } from '../../lib/record-sections.tsx';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { addressLines, addressSummary, LocationForm, toBody, toValues, type LocationFormValues } from './location-form.tsx';
import { locationDeleteTarget, locationQuery, useUpdateLocation } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** A location's page (also shown in the side panel): view mode; Edit turns it into the form, Save returns to view. */
export function LocationScreen({ locationId }: { locationId: string }) {
  // A malformed id, another account's location or a deleted one: the API answers 404.
  return <RecordById query={locationQuery} id={locationId} label="Loading location…">{(data) => <LocationDetail key={data.id} location={data} />}</RecordById>;
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function AddressCard({ address, index }: { address: Address; index: number }) {
  const lines = addressLines(address);
  const kind = [address.use, address.type].filter(Boolean).map((s) => capitalised(s!)).join(' · ');
  const period = address.period ? `${address.period.start ?? '…'} – ${address.period.end ?? 'now'}` : null;
  return (
    <li className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="mb-2 flex flex-wrap items-baseline justify-between gap-2 font-medium">
        <span>Address {index + 1}</span>
        {kind ? <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{kind}</span> : null}
      </h3>
      {lines.length > 0 ? (
        <address className="text-sm not-italic">
          {lines.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </address>
      ) : null}
      <dl className="mt-2 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        {address.district ? (
          <>
            <dt>District</dt>
            <dd>{address.district}</dd>
          </>
        ) : null}
        {address.text ? (
          <>
            <dt>Text</dt>
            <dd>{address.text}</dd>
          </>
        ) : null}
        {period ? (
          <>
            <dt>Period</dt>
            <dd>{period}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

const conflictFields: { label: string; show(v: LocationFormValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Services', show: (v) => v.services.join(', ') || '—' },
  {
    label: 'Addresses',
    show: (v) => toBody(v).addresses.map((a) => addressSummary({ line: a.line.filter(Boolean), city: a.city, state: a.state, postalCode: a.postalCode, text: a.text })).join(' | ') || '—',
  },
];

function LocationDetail({ location }: { location: Location }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, closePanel } = useWorkspace();
  const toast = useToast();
  const update = useUpdateLocation(location.id);
  const remove = useSoftDelete();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  const toggled = useRef(false);
  // Edit moves focus to the form's first field; Save or Cancel gives it back to Edit.
  useEffect(() => {
    if (!toggled.current) return;
    if (editing) formArea.current?.querySelector<HTMLElement>('input')?.focus();
    else editButton.current?.focus();
  }, [editing]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setEditing(next);
  };
  const titleId = `location-${location.id}-title`;

  const { base, notice, submit } = useVersionedSave({
    initial: location,
    save: (values: LocationFormValues, version) => update.mutateAsync({ version, ...toBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...locationQuery(account, location.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', messages.locationSaved);
      toggle(false);
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, toValues(current)),
    saving: update.isPending,
  });

  const handleDelete = async () => {
    setDeleting(true);
    const deleted = await remove(locationDeleteTarget(account, location));
    setDeleting(false);
    if (!deleted) return;
    // On its own page the location is gone: back to the list (in the side panel, the screen behind stays).
    if (pathname === `/practice/locations/${location.id}`) await navigate({ to: '/practice/locations' });
    else closePanel();
  };

  const stamps = useRecordStamps(location);
  const shown = editing ? base : location;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={shown.name}
        description={shown.addresses[0] ? addressSummary(shown.addresses[0]) : 'Location'}
        back={
          <Link to="/practice/locations" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Locations
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/locations/locations/{id}', method: 'DELETE' }}>
                <DeleteButton onClick={() => void handleDelete()} disabled={deleting} />
              </Permitted>
              <Permitted requires={{ resource: '/locations/locations/{id}', method: 'PATCH' }}>
                <Button
                  ref={editButton}
                  onClick={() => toggle(true)}
                >
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {editing ? (
        <div ref={formArea}>
          <LocationForm
          key={base.version}
          label="Edit location"
          initial={toValues(base)}
          submitLabel="Save"
          onSubmit={submit}
          onCancel={() => toggle(false)}
          notice={notice}
          />
        </div>
      ) : (
        <>
          <Card>
            <DescriptionList
              items={[
                { label: 'Id', value: <Token value={location.id} label="Id" /> },
                { label: 'Name', value: location.name },
                {
                  label: 'Services',
                  value:
                    location.services.length > 0 ? (
                      <ChipList label="Services">
                        {location.services.map((s) => (
                          <li key={s}>
                            <Chip>{s}</Chip>
                          </li>
                        ))}
                      </ChipList>
                    ) : (
                      <Empty />
                    ),
                },
                ...stamps,
              ]}
            />
          </Card>
          <Card title="Addresses" titleId={`${titleId}-addresses`}>
            {location.addresses.length > 0 ? (
              <ul aria-labelledby={`${titleId}-addresses`} className="grid gap-3 sm:grid-cols-2">
                {location.addresses.map((a, i) => (
                  <AddressCard key={i} address={a} index={i} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No addresses.</p>
            )}
          </Card>
          <RecordSections resourceType="Location" resourceId={location.id} editable />
        </>
      )}
    </article>
  );
}
