/**
 * Ranking of palette entries, done here rather than by cmdk so that only the best few are ever
 * rendered, however many commands and results exist (10,000 stay within a frame).
 */
export type Rankable = { label: string; keywords?: readonly string[] };

function tokenScore(token: string, text: string): number {
  const at = text.indexOf(token);
  if (at === 0) return 1;
  if (at > 0) return text[at - 1] === ' ' || text[at - 1] === '/' || text[at - 1] === '-' ? 0.9 : 0.6;
  // Subsequence ("prsn" in "persons"): weaker, and weaker still the more it is spread out.
  let from = 0;
  let first = -1;
  for (const ch of token) {
    const found = text.indexOf(ch, from);
    if (found < 0) return 0;
    if (first < 0) first = found;
    from = found + 1;
  }
  const spread = from - first;
  return 0.3 * (token.length / spread);
}

/** Lower-cased text of each entry, computed once per entry rather than on every keystroke. */
const haystacks = new WeakMap<Rankable, { label: string; keywords: string }>();
function haystack(entry: Rankable) {
  let found = haystacks.get(entry);
  if (!found) {
    found = { label: entry.label.toLowerCase(), keywords: entry.keywords?.join(' ').toLowerCase() ?? '' };
    haystacks.set(entry, found);
  }
  return found;
}

/** 0 means "not a match"; otherwise higher is better. Every token of the query must match. */
export function score(entry: Rankable, tokens: readonly string[]): number {
  if (tokens.length === 0) return 1;
  const { label, keywords } = haystack(entry);
  let total = 0;
  for (const token of tokens) {
    const best = Math.max(tokenScore(token, label), keywords ? tokenScore(token, keywords) * 0.8 : 0);
    if (best === 0) return 0;
    total += best;
  }
  // Shorter labels win ties: "Persons" before "Create person".
  return total / tokens.length + 0.05 / (1 + label.length / 20);
}

export function tokenize(query: string): string[] {
  return query.toLowerCase().trim().split(/\s+/).filter(Boolean);
}

/** The best `limit` entries for the query, best first, in one pass without sorting everything. */
export function rank<T extends Rankable>(entries: readonly T[], query: string, limit: number): T[] {
  const tokens = tokenize(query);
  const best: { entry: T; score: number }[] = [];
  for (const entry of entries) {
    const s = score(entry, tokens);
    if (s === 0) continue;
    if (best.length === limit && s <= best[best.length - 1]!.score) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]!.score < s) i--;
    best.splice(i, 0, { entry, score: s });
    if (best.length > limit) best.pop();
  }
  return best.map((b) => b.entry);
}
