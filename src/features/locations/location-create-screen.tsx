import { messages } from '../../../domain/messages.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { emptyLocation, LocationForm, toBody, type LocationFormValues } from './location-form.tsx';
import { useCreateLocation } from './queries.ts';

/** Create location: on success the new location's page (where Edit, Delete and the addresses are). */
export function LocationCreateScreen() {
  const create = useCreateLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [initial] = useState(emptyLocation);

  const handleSubmit = async (values: LocationFormValues) => {
    const created = await create.mutateAsync(toBody(values));
    toast('success', messages.locationAdded);
    await navigate({ to: '/practice/locations/$locationId', params: { locationId: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create location"
        back={
          <Link to="/practice/locations" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Locations
          </Link>
        }
      />
      <LocationForm label="Create location" initial={initial} submitLabel="Save" onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/practice/locations' })} />
    </div>
  );
}
