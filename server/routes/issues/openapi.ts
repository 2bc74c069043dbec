import * as v from 'valibot';
import { issueCategories, type Issue, type IssueList } from '../../../domain/issues.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Issues (server/routes/issues/index.ts): their answers, with examples. */

const issueAnswer = answerOf<Issue>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Issue'),
    name: v.string(),
    description: v.nullable(v.string()),
    category: v.nullable(v.picklist(issueCategories)),
    urgent: v.boolean(),
    active: v.boolean(),
  }),
);

const issueListAnswer = answerOf<IssueList>()(
  v.object({ ...pageFields, items: v.array(v.object({ id: uuid, name: v.string(), category: v.nullable(v.picklist(issueCategories)), urgent: v.boolean(), active: v.boolean() })) }),
);

const issue: Issue = { ...exampleCommon(), resourceType: 'Issue', name: 'Prescription refill', description: 'A patient asks for a refill.', category: 'Medication', urgent: false, active: true };

export const issueDocs = areaDocs({
  'GET /issues': {
    summary: 'List issues',
    answer: issueListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'refill' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [{ id: example.id, name: issue.name, category: issue.category, urgent: false, active: true }] },
  },
  'POST /issues': { summary: 'Create an issue', status: 201, answer: createdSchema, requestExample: { name: 'Prescription refill', description: 'A patient asks for a refill.', category: 'Medication' }, answerExample: { id: example.id } },
  'GET /issues/:id': { summary: 'Read an issue', answer: issueAnswer, answerExample: issue },
  'PATCH /issues/:id': { summary: 'Update an issue', answer: issueAnswer, requestExample: { version: 1, urgent: true }, answerExample: { ...issue, ...exampleCommon(example.id, 2), urgent: true } },
  'DELETE /issues/:id': { summary: 'Delete an issue (it stays in Recently deleted)', status: 204 },
  'POST /issues/:id/restore': { summary: 'Restore a deleted issue', answer: issueAnswer, answerExample: { ...issue, ...exampleCommon(example.id, 3) } },
});
