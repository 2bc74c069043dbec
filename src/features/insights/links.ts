/**
 * Where a bar of an Insights chart leads: the interactions list filtered the same way (issue 26).
 * The list's URL takes `from`, `to`, `queue`, `status`, `disposition` (src/routes/_app/interactions)
 * and `direction`; empty filters are left out, as the list leaves its defaults out of its URL.
 */
export type InteractionsFilter = { from: string; to: string; queue?: string; direction?: string; status?: string; disposition?: string };

export function interactionsHref(filter: InteractionsFilter): string {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'queue', 'direction', 'status', 'disposition'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  // Insights counts calls by UTC day: the list bounds the same days.
  params.set('days', 'utc');
  return `/interactions?${params.toString()}`;
}
