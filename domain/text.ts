/**
 * The one safe-string schema every entity's text goes through (CONVENTIONS "Shared pieces live by
 * what they are"): a string, without the characters PostgreSQL cannot store, trimmed, bounded.
 */
import * as v from 'valibot';
import { messages } from './messages.ts';

/** A lone UTF-16 surrogate: half a character, which no UTF-8 text (and no jsonb) can hold. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL can store: a NUL character (refused by text columns) or a lone surrogate
 * (refused by jsonb) would otherwise fail the write with a 500.
 */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !loneSurrogate.test(s);

/**
 * A string, storable, trimmed, at most `max` characters. `typeMessage` is what a value that is
 * not a string at all is told (a required field's message reads best: 'email is required').
 */
export const text = (max: number, tooLong: string, typeMessage?: string) =>
  v.pipe(v.string(typeMessage), v.check(isStorableText, messages.textInvalid), v.trim(), v.maxLength(max, tooLong));

/** `text` that must not be empty once trimmed. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  v.pipe(text(max, tooLong, required), v.nonEmpty(required));

/** Optional free text: trimmed, empty becomes null (so a cleared form field clears the value). */
export const optionalText = (max: number, tooLong: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        text(max, tooLong),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  );

/** The longest query text a search or filter takes. */
export const maxQueryLength = 200;

/**
 * A search or filter text from a query string: unstorable characters are dropped (they can match
 * nothing), then trimmed and bounded.
 */
export const queryText = (max: number, tooLong: string) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.replaceAll('\u0000', '').replace(new RegExp(loneSurrogate, 'g'), '')),
    v.trim(),
    v.maxLength(max, tooLong),
  );
