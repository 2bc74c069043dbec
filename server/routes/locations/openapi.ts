import * as v from 'valibot';
import { addressTypes, addressUses, type Address, type Location, type LocationList } from '../../../domain/locations.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, isoDate, pageFields } from '../../openapi/schemas.ts';

/** Locations (server/routes/locations/index.ts): their answers, with examples. */

const addressAnswer = answerOf<Address>()(
  v.object({
    use: v.nullable(v.picklist(addressUses)),
    type: v.nullable(v.picklist(addressTypes)),
    text: v.nullable(v.string()),
    line: v.array(v.string()),
    city: v.nullable(v.string()),
    district: v.nullable(v.string()),
    state: v.nullable(v.string()),
    postalCode: v.nullable(v.string()),
    country: v.nullable(v.string()),
    period: v.nullable(v.object({ start: v.optional(isoDate), end: v.optional(isoDate) })),
  }),
);

const locationEntries = {
  ...commonFields,
  resourceType: v.literal('Location'),
  name: v.string(),
  services: v.array(v.string()),
  address: v.pipe(v.array(addressAnswer), v.description('Spec §3’s addresses.')),
  addresses: v.pipe(v.array(addressAnswer), v.description('The same list, as the screens read it.')),
};

const locationAnswer = answerOf<Location>()(v.object(locationEntries));

const locationListAnswer = answerOf<LocationList>()(
  v.object({
    ...pageFields,
    items: v.array(
      v.object({
        ...locationEntries,
        city: v.pipe(v.nullable(v.string()), v.description('The first address’s city (a list column).')),
        state: v.nullable(v.string()),
        serviceCount: v.pipe(v.number(), v.description('How many services.')),
      }),
    ),
  }),
);

const address: Address = { use: 'work', type: 'physical', text: null, line: ['12 Main St'], city: 'Springfield', district: null, state: 'IL', postalCode: '62701', country: 'US', period: null };
const location: Location = { ...exampleCommon(), resourceType: 'Location', name: 'Riverside clinic', services: ['Pediatrics', 'Lab'], address: [address], addresses: [address] };

export const locationDocs = areaDocs({
  'GET /locations/locations': {
    summary: 'List locations',
    answer: locationListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'river' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [{ ...location, city: 'Springfield', state: 'IL', serviceCount: 2 }] },
  },
  'POST /locations/locations': {
    summary: 'Create a location',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Riverside clinic', services: ['Pediatrics', 'Lab'], addresses: [{ use: 'work', type: 'physical', line: ['12 Main St'], city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' }] },
    answerExample: { id: example.id },
  },
  'GET /locations/locations/:id': { summary: 'Read a location', answer: locationAnswer, answerExample: location },
  'PATCH /locations/locations/:id': {
    summary: 'Update a location (a list sent replaces the stored one)',
    answer: locationAnswer,
    requestExample: { version: 1, services: ['Pediatrics', 'Lab', 'Imaging'] },
    answerExample: { ...location, ...exampleCommon(example.id, 2), services: ['Pediatrics', 'Lab', 'Imaging'] },
  },
  'DELETE /locations/locations/:id': { summary: 'Delete a location (it stays in Recently deleted)', status: 204 },
  'POST /locations/locations/:id/restore': { summary: 'Restore a deleted location', answer: locationAnswer, answerExample: { ...location, ...exampleCommon(example.id, 3) } },
});
