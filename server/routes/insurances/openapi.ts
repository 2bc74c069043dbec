import * as v from 'valibot';
import { insuranceTypes, type Insurance, type InsuranceList } from '../../../domain/insurances.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields } from '../../openapi/schemas.ts';
import { recordTagsAnswer } from '../tags/openapi.ts';

/** Insurances (server/routes/insurances/index.ts): their answers, with examples. */

const insuranceAnswer = answerOf<Insurance>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Insurance'),
    insurancePlanName: v.string(),
    insuranceType: v.array(v.picklist(insuranceTypes)),
    planPrefix: v.pipe(v.array(v.string()), v.description('Member-id prefixes, upper case.')),
    isWorkercomp: v.boolean(),
    isMedicare: v.boolean(),
    isMedicade: v.boolean(),
    isReferralRequired: v.boolean(),
    isAuthorizationRequired: v.boolean(),
    isOkToBringAuthorization: v.pipe(v.boolean(), v.description('Only with isAuthorizationRequired.')),
    isInNetwork: v.boolean(),
    isSecondaryOnly: v.boolean(),
    tags: recordTagsAnswer,
  }),
);

const insuranceListAnswer = answerOf<InsuranceList>()(
  v.object({ ...pageFields, items: v.pipe(v.array(insuranceAnswer), v.description('Each insurance whole (spec §3), as GET answers it.')) }),
);

const insurance: Insurance = {
  ...exampleCommon(),
  resourceType: 'Insurance',
  insurancePlanName: 'Blue Cross PPO',
  insuranceType: ['Commercial', 'PPO'],
  planPrefix: ['XEH', 'ZGP'],
  isWorkercomp: false,
  isMedicare: false,
  isMedicade: false,
  isReferralRequired: false,
  isAuthorizationRequired: true,
  isOkToBringAuthorization: true,
  isInNetwork: true,
  isSecondaryOnly: false,
  tags: [{ id: example.otherId, key: 'contract', value: '2026' }],
};

export const insuranceDocs = areaDocs({
  'GET /insurances': {
    summary: 'List insurances',
    description: '`q` matches the plan name, or is a plan prefix, a type or the id; `tag` (`key` or `key:value`) filters by tag.',
    answer: insuranceListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'blue', tag: 'contract:2026' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [insurance] },
  },
  'POST /insurances': {
    summary: 'Create an insurance',
    description: 'Absent fields take their defaults (no types or prefixes, in network, every other flag off); `tags` become its `/tag` records.',
    status: 201,
    answer: createdSchema,
    requestExample: { insurancePlanName: 'Blue Cross PPO', insuranceType: ['Commercial', 'PPO'], planPrefix: ['XEH', 'ZGP'], isAuthorizationRequired: true, isOkToBringAuthorization: true, tags: [{ key: 'contract', value: '2026' }] },
    answerExample: { id: example.id },
  },
  'GET /insurances/:id': { summary: 'Read an insurance', answer: insuranceAnswer, answerExample: insurance },
  'PATCH /insurances/:id': {
    summary: 'Update an insurance',
    description: 'Only the fields sent change; `tags` sent replace the set (removed tags stay restorable in Recently deleted).',
    answer: insuranceAnswer,
    requestExample: { version: 1, isInNetwork: false, tags: [{ key: 'contract', value: '2027' }] },
    answerExample: { ...insurance, ...exampleCommon(example.id, 2), isInNetwork: false, tags: [{ id: example.id, key: 'contract', value: '2027' }] },
  },
  'DELETE /insurances/:id': { summary: 'Delete an insurance (it stays in Recently deleted)', status: 204 },
  'POST /insurances/:id/restore': { summary: 'Restore a deleted insurance', answer: insuranceAnswer, answerExample: { ...insurance, ...exampleCommon(example.id, 3) } },
});
