/**
 * Ranking of palette entries, done here rather than by cmdk so that only the best few are ever
 * rendered, however many commands and results exist (10,000 stay within a frame).
 */
export type Rankable = { label: string; keywords?: readonly string[] };

/** What was typed, found in the text: at its start, at a word's start, or inside a word. */
function tokenScore(token: string, text: string): number {
  const at = text.indexOf(token);
  if (at === 0) return 1;
  if (at > 0) return text[at - 1] === ' ' || text[at - 1] === '/' || text[at - 1] === '-' ? 0.9 : 0.6;
  return 0;
}

/** Edits (insert, delete, change, swap of neighbours) between two short words, stopping past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Only when nothing contains what was typed: a close typo of a whole word ("pesrons" for
 * "persons"), or its letters in order inside one word ("prctnr" in "practitioners"). Never
 * letters spread over several words, which matched nearly anything ("persons" in "Roles:
 * permissions", in "Contact Points").
 */
function typoScore(token: string, text: string): number {
  let best = 0;
  for (const word of text.split(/[\s/-]+/)) {
    if (!word) continue;
    const allowed = token.length >= 8 ? 2 : token.length >= 4 ? 1 : 0;
    if (allowed > 0 && editDistance(token, word, allowed) <= allowed) best = Math.max(best, 0.3);
    else if (token.length >= 3 && word.length > token.length && word[0] === token[0] && isSubsequence(token, word)) best = Math.max(best, 0.2 * (token.length / word.length));
  }
  return best;
}

function isSubsequence(token: string, word: string) {
  let from = 0;
  for (const ch of token) {
    const found = word.indexOf(ch, from);
    if (found < 0) return false;
    from = found + 1;
  }
  return true;
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

/**
 * 0 means "not a match"; otherwise higher is better. Every token of the query must match: be
 * contained in the label or keywords, or (`typos`) be a close typo of a whole word of them.
 */
export function score(entry: Rankable, tokens: readonly string[], typos = false): number {
  if (tokens.length === 0) return 1;
  const { label, keywords } = haystack(entry);
  const match = typos ? typoScore : tokenScore;
  let total = 0;
  for (const token of tokens) {
    const best = Math.max(match(token, label), keywords ? match(token, keywords) * 0.8 : 0);
    if (best === 0) return 0;
    total += best;
  }
  // Shorter labels win ties: "Persons" before "Create person".
  return total / tokens.length + 0.05 / (1 + label.length / 20);
}

export function tokenize(query: string): string[] {
  return query.toLowerCase().trim().split(/\s+/).filter(Boolean);
}

/**
 * The best `limit` entries for the query, best first, in one pass without sorting everything.
 * Results contain what was typed; typos are forgiven only when nothing does (`typos: 'never'`
 * when the caller has exact matches elsewhere, e.g. the server's).
 */
export function rank<T extends Rankable>(entries: readonly T[], query: string, limit: number, typos: 'if-none' | 'never' = 'if-none'): T[] {
  const exact = rankBy(entries, tokenize(query), limit, false);
  if (exact.length > 0 || typos === 'never') return exact;
  return rankBy(entries, tokenize(query), limit, true);
}

function rankBy<T extends Rankable>(entries: readonly T[], tokens: readonly string[], limit: number, typos: boolean): T[] {
  const best: { entry: T; score: number }[] = [];
  for (const entry of entries) {
    const s = score(entry, tokens, typos);
    if (s === 0) continue;
    if (best.length === limit && s <= best[best.length - 1]!.score) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]!.score < s) i--;
    best.splice(i, 0, { entry, score: s });
    if (best.length > limit) best.pop();
  }
  return best.map((b) => b.entry);
}
