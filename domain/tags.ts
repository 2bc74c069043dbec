/**
 * Tags (spec §3 Tag, §5, §7 `/tag`): a key and a value put on a record of the practice (a contact
 * point, location, insurance, issue or practitioner). Lists filter by them and the palette finds
 * records by them. Shared by the API (validation) and the SPA (the Tags section, the tag filter).
 *
 * Spec §5 says only "Tag key and value are required strings"; the bounds are ours: 50 characters
 * for a key (no ":", which separates key and value in a filter such as `language:Spanish`), 100
 * for a value, 50 tags on one record. Keys and values are told apart without regard to case.
 */
import * as v from 'valibot';
import { requiredMessage } from './fields.ts';
import { messages } from './messages.ts';
import { wholeNumber } from './query.ts';
import { isStorableText, text } from './text.ts';
import { expectedVersion, type CommonFields } from './records.ts';

import { taggedResourceTypes, type TaggedResourceType } from './tagged-types.ts';
export { taggedResourceTypes, type TaggedResourceType } from './tagged-types.ts';

export const tagLimits = { key: 50, value: 100, perRecord: 50, list: 200, defaultList: 100 } as const;

export const tagMessages = {
  keyRequired: 'Key is required',
  valueRequired: 'Value is required',
  keyTooLong: `Key must be at most ${tagLimits.key} characters`,
  valueTooLong: `Value must be at most ${tagLimits.value} characters`,
  keyColon: 'Key cannot contain ":"',
  typeInvalid: `Record type must be one of ${taggedResourceTypes.join(', ')}`,
  resourceIdInvalid: 'Record must be a record id',
  resourceUnknown: 'The tagged record does not exist in this account',
  tooMany: `A record can have at most ${tagLimits.perRecord} tags`,
  filterInvalid: 'Tag must be key or key:value',
} as const;

/** The tag a record already has (same key and value, any case). */
export const tagTaken = (tag: { key: string; value: string }) => `This record already has the tag ${tag.key}: ${tag.value}`;

const keyField = v.pipe(
  text(tagLimits.key, tagMessages.keyTooLong, tagMessages.keyRequired),
  v.nonEmpty(tagMessages.keyRequired),
  v.check((key) => !key.includes(':'), tagMessages.keyColon),
);
const valueField = v.pipe(text(tagLimits.value, tagMessages.valueTooLong, tagMessages.valueRequired), v.nonEmpty(tagMessages.valueRequired));
const typeField = v.picklist(taggedResourceTypes, tagMessages.typeInvalid);
const resourceIdField = v.pipe(v.string(tagMessages.resourceIdInvalid), v.uuid(tagMessages.resourceIdInvalid), v.toLowerCase());

const missing: Record<string, string> = {
  key: tagMessages.keyRequired,
  value: tagMessages.valueRequired,
  taggedResourceType: tagMessages.typeInvalid,
  taggedResourceId: tagMessages.resourceIdInvalid,
};
const object = <const E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key] ?? requiredMessage(key);
  });

/** `POST /tag`. */
export const tagCreateSchema = object({ key: keyField, value: valueField, taggedResourceType: typeField, taggedResourceId: resourceIdField });
export type TagCreate = v.InferInput<typeof tagCreateSchema>;

/** `PATCH /tag/{id}`: the version edited and the key and/or value (the tagged record stays). */
export const tagPatchSchema = object({ version: expectedVersion, key: v.optional(keyField), value: v.optional(valueField) });
export type TagPatch = v.InferInput<typeof tagPatchSchema>;

/** A tag filter as a list takes it: `key` (any value) or `key:value`. */
export type TagFilter = { key: string; value?: string };

/** `language:Spanish` → { key: 'language', value: 'Spanish' }; `vip` → { key: 'vip' }; null when there is no key. */
export function parseTagFilter(text: string): TagFilter | null {
  const at = text.indexOf(':');
  const key = (at < 0 ? text : text.slice(0, at)).trim();
  const value = at < 0 ? '' : text.slice(at + 1).trim();
  if (key === '' || key.length > tagLimits.key) return null;
  if (value.length > tagLimits.value) return null;
  return value === '' ? { key } : { key, value };
}

export const formatTag = (tag: { key: string; value: string }) => `${tag.key}: ${tag.value}`;

/**
 * The `tag` query parameter of a list that filters by tag (`tag=key` or `tag=key:value`). Text
 * PostgreSQL cannot store (NUL, a lone surrogate) and a value that is not one text (`tag=a&tag=b`)
 * are refused (400 naming `tag`, issue 24); a filter that names no usable tag is ignored.
 */
export const tagQueryParam = v.optional(
  v.pipe(
    v.string(),
    v.check(isStorableText, messages.textInvalid),
    v.transform((text): TagFilter | undefined => parseTagFilter(text) ?? undefined),
  ),
);

const filterText = (max: number) => v.fallback(v.optional(v.pipe(text(max, messages.filterTooLong), v.nonEmpty())), undefined);

/** `GET /tag`: the tags of one record (type and id), or those with a key (and value), or both. */
export const tagListQuerySchema = v.object({
  taggedResourceType: v.optional(typeField),
  taggedResourceId: v.optional(resourceIdField),
  key: filterText(tagLimits.key),
  value: filterText(tagLimits.value),
  limit: v.fallback(wholeNumber(1, tagLimits.list), tagLimits.defaultList),
  offset: v.fallback(wholeNumber(0, 1_000_000), 0),
});

export type Tag = CommonFields & {
  resourceType: 'Tag';
  key: string;
  value: string;
  taggedResourceType: TaggedResourceType;
  taggedResourceId: string;
};

export type TagList = { items: Tag[]; total: number; limit: number; offset: number };

/**
 * A tag as a record carries it in its `tags` (spec §3 Team's, Insurance's and Task workflow's `tags`): the Tag's key and
 * value, and the tag's id (the same tag is `/tag/{id}`). The tags themselves stay the `/tag`
 * records of the record; `tags` is their view on it.
 */
export type RecordTag = { id: string; key: string; value: string };

/** The same tag (key and value told apart without regard to case, like the unique index). */
export const sameTagText = (a: { key: string; value: string }, b: { key: string; value: string }) =>
  a.key.toLowerCase() === b.key.toLowerCase() && a.value.toLowerCase() === b.value.toLowerCase();

/**
 * `tags` of a create or PATCH body of a tagged record: the record's whole set of tags, each
 * `{ key, value }` (other keys, such as an answer's `id`, are dropped, so an answer's `tags` can be
 * sent back as they are). A PATCH that sends it replaces the set: tags not in it are removed (as
 * `DELETE /tag/{id}` removes them, restorable), new ones added; the same key and value twice
 * (any case) is one tag.
 */
export const recordTagsField = v.pipe(
  v.array(object({ key: keyField, value: valueField }), 'Tags must be a list of { key, value }'),
  v.transform((list) => list.filter((tag, i) => list.findIndex((other) => sameTagText(tag, other)) === i)),
  v.maxLength(tagLimits.perRecord, tagMessages.tooMany),
);
