import * as v from 'valibot';
import { messages } from './messages.ts';
import { text, requiredText } from './text.ts';

/** Bounds of our choosing (the spec does not show them). */
export const accountLimits = { name: 200, abbreviation: 20 } as const;

/** `PATCH /accounts/account`: the editable fields of an account, with the version being edited (unknown keys are dropped). */
export const accountPatchSchema = v.object({
  version: v.pipe(
    v.number(messages.versionRequired),
    v.integer(messages.versionRequired),
    v.minValue(1, messages.versionRequired),
    v.maxValue(2 ** 31 - 1, messages.versionRequired),
  ),
  name: v.optional(requiredText(accountLimits.name, messages.accountNameRequired, messages.accountNameTooLong)),
  abbreviation: v.optional(v.nullable(text(accountLimits.abbreviation, messages.abbreviationTooLong))),
  active: v.optional(v.boolean()),
});
export type AccountPatch = v.InferOutput<typeof accountPatchSchema>;
