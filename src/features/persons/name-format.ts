import type { NameEntry, NameUse } from '../../../domain/persons.ts';

/** A name as people read it: prefixes, first, middle, family, suffixes ("Dr Ana Maria Ruiz Jr"). */
export function fullName(entry: Pick<NameEntry, 'prefix' | 'given' | 'family' | 'suffix'>): string {
  return [...entry.prefix.filter((p) => p !== 'N/A'), ...entry.given, entry.family, ...entry.suffix.filter((s) => s !== 'N/A')].filter(Boolean).join(' ');
}

/** A name's usage as the screens show it ('usual' → 'Usual'), the same on chips and the detail page. */
export const nameUseLabel = (use: NameUse) => use.charAt(0).toUpperCase() + use.slice(1);
