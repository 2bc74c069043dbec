/**
 * What the account's catalogues share (issues, insurances): the version of an edit and the
 * object schema whose missing keys read like empty ones. Kept here, not in the first entity that
 * needed them (CONVENTIONS "Shared pieces live by what they are").
 */
import * as v from 'valibot';
import { fieldLabel, requiredMessage } from './fields.ts';
import { messages } from './messages.ts';

/** A record's version (domain/records.ts); an edit takes it optionally, as `expectedVersion`. */
export { version as versionField, expectedVersion } from './records.ts';

/**
 * `v.object` reports a missing key with the object's message, not the entry's: this names the
 * message per required key, so a missing field reads like an empty one ('name is required').
 */
export const objectWith = <const E extends v.ObjectEntries>(entries: E, missing: Partial<Record<keyof E & string, string>>) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key as keyof E & string] ?? requiredMessage(key);
  });

/**
 * A map whose keys the sender chose (resources, account ids): checked as a whole, so its error is
 * the map's own field ('resources'), never a path naming a key that was sent (an error answer does
 * not echo the request).
 */
export const keyedMap = <S extends v.GenericSchema>(value: S, message: string) =>
  v.custom<Record<string, v.InferOutput<S>>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input) && Object.values(input).every((entry) => v.is(value, entry)),
    message,
  );

/** A yes/no field: true or false, nothing else ('Urgent must be true or false'). */
export const flag = (name: string) => v.boolean(`${fieldLabel(name)} must be true or false`);

