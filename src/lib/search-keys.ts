/**
 * Query keys of the palette's entity search. A feature that deletes or restores a record
 * invalidates them, so the palette stops (or starts again) finding it at once.
 */
export const searchKeys = {
  all: (account: string) => [account, 'search'] as const,
  query: (account: string, q: string) => [account, 'search', q] as const,
};
