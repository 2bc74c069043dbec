import { messages } from '../../../domain/messages.ts';
import { useState } from 'react';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { emptyLocation, LocationForm, toBody } from './location-form.tsx';
import { useCreateLocation } from './queries.ts';

/** Create location: on success the new location's page (where Edit, Delete and the addresses are). */
export function LocationCreateScreen() {
  const [initial] = useState(emptyLocation);
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateLocation(),
    toBody,
    savedMessage: messages.locationAdded,
    list: '/practice/locations',
    then: { record: '/practice/locations/$locationId' },
  });
  return (
    <CreateScreen title="Create location" back={{ to: '/practice/locations', label: 'Locations' }}>
      <LocationForm label="Create location" initial={initial} submitLabel="Save" onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
