import * as v from 'valibot';
import { taggedResourceTypes, type RecordTag, type Tag, type TagList } from '../../../domain/tags.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Tags (server/routes/tags/index.ts): their answers, with examples. */

const tagAnswer = answerOf<Tag>()(
  v.object({ ...commonFields, resourceType: v.literal('Tag'), key: v.string(), value: v.string(), taggedResourceType: v.picklist(taggedResourceTypes), taggedResourceId: uuid }),
);
/** A tagged record's `tags` (spec §3 Team and Insurance): its `/tag` records' keys and values. */
export const recordTagsAnswer = v.pipe(
  v.array(answerOf<RecordTag>()(v.object({ id: v.pipe(uuid, v.description('The tag’s id (`/tag/{id}`).')), key: v.string(), value: v.string() }))),
  v.description('The record’s tags (its `/tag` records), by key and value. A create or PATCH may send them as `[{ key, value }]`: a PATCH’s list replaces the set.'),
);

const tagListAnswer = answerOf<TagList>()(v.object({ ...pageFields, items: v.array(tagAnswer) }));

const tag: Tag = { ...exampleCommon(), resourceType: 'Tag', key: 'language', value: 'es', taggedResourceType: 'Practitioner', taggedResourceId: example.otherId };

export const tagDocs = areaDocs({
  'GET /tag': { summary: 'List tags', description: 'Only the tags of records the caller may read.', answer: tagListAnswer, answerExample: { total: 1, limit: 100, offset: 0, items: [tag] } },
  'POST /tag': {
    summary: 'Tag a record',
    status: 201,
    answer: createdSchema,
    requestExample: { key: 'language', value: 'es', taggedResourceType: 'Practitioner', taggedResourceId: example.otherId },
    answerExample: { id: example.id },
  },
  'GET /tag/:id': { summary: 'Read a tag', answer: tagAnswer, answerExample: tag },
  'PATCH /tag/:id': { summary: 'Update a tag (its key and value; the tagged record stays)', answer: tagAnswer, requestExample: { version: 1, value: 'pt' }, answerExample: { ...tag, ...exampleCommon(example.id, 2), value: 'pt' } },
  'DELETE /tag/:id': { summary: 'Delete a tag (it stays in Recently deleted)', status: 204 },
  'POST /tag/:id/restore': { summary: 'Restore a deleted tag', answer: tagAnswer, answerExample: { ...tag, ...exampleCommon(example.id, 3) } },
});
