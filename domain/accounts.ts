import * as v from 'valibot';

/** `PATCH /accounts/account`: the editable fields of an account, with the version being edited (unknown keys are dropped). */
export const accountPatchSchema = v.object({
  version: v.pipe(v.number('version is required'), v.integer(), v.minValue(1)),
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'name is required'), v.maxLength(200, 'name must be at most 200 characters'))),
  abbreviation: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(20, 'abbreviation must be at most 20 characters')))),
  active: v.optional(v.boolean()),
});
export type AccountPatch = v.InferOutput<typeof accountPatchSchema>;
