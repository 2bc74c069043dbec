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

/** Three rows of the edit-distance table, reused by every call (no allocation per word: 10,000 entries × their words per keystroke). */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** Edits (insert, delete, change, swap of neighbours) between two short words, stopping past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * Only when nothing contains what was typed: a close typo of a whole word ("pesrons" for
 * "persons"), or its letters in order inside one word ("prctnr" in "practitioners"). Never
 * letters spread over several words, which matched nearly anything ("persons" in "Roles:
 * permissions", in "Contact Points").
 */
function typoScore(token: string, words: readonly string[]): number {
  let best = 0;
  for (const word of words) {
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

type Haystack = { label: string; keywords: string; labelWords: readonly string[]; keywordWords: readonly string[] };
const words = (text: string) => text.split(/[\s/-]+/).filter(Boolean);

/** Lower-cased text of each entry and its words, computed once per entry rather than on every keystroke. */
const haystacks = new WeakMap<Rankable, Haystack>();
function haystack(entry: Rankable): Haystack {
  let found = haystacks.get(entry);
  if (!found) {
    const label = entry.label.toLowerCase();
    const keywords = entry.keywords?.join(' ').toLowerCase() ?? '';
    found = { label, keywords, labelWords: words(label), keywordWords: words(keywords) };
    haystacks.set(entry, found);
  }
  return found;
}

/** How well one token matches one entry (0: not at all): in its label, else its keywords (worth less). */
function tokenMatch(h: Haystack, token: string, typos: boolean): number {
  if (typos) return Math.max(typoScore(token, h.labelWords), h.keywords ? typoScore(token, h.keywordWords) * 0.8 : 0);
  return Math.max(tokenScore(token, h.label), h.keywords ? tokenScore(token, h.keywords) * 0.8 : 0);
}

/** The label's length bonus: shorter labels win ties ("Persons" before "Create person"). */
const lengthBonus = (h: Haystack) => 0.05 / (1 + h.label.length / 20);

/**
 * 0 means "not a match"; otherwise higher is better. Every token of the query must match: be
 * contained in the label or keywords, or (`typos`) be a close typo of a whole word of them.
 */
export function score(entry: Rankable, tokens: readonly string[], typos = false): number {
  if (tokens.length === 0) return 1;
  const h = haystack(entry);
  let total = 0;
  for (const token of tokens) {
    const best = tokenMatch(h, token, typos);
    if (best === 0) return 0;
    total += best;
  }
  return total / tokens.length + lengthBonus(h);
}

/**
 * Each token's match with every entry of a list, kept while the list is the same array: a
 * keystroke changes only the last token of the query, so "patient queu" scores "patient" once.
 * A token that extends the one before it ("queu" after "que") is looked for only in the entries
 * that contained that one (containment never grows as a token grows). A few dozen tokens per
 * list at most.
 */
type ListScores = { haystacks: Haystack[]; bonus: Float64Array; tokens: Map<string, Float64Array> };
const listScores = new WeakMap<readonly Rankable[], ListScores>();
const maxTokensKept = 48;
function scoresOfList(entries: readonly Rankable[]): ListScores {
  let list = listScores.get(entries);
  if (!list) {
    const haystacks = entries.map(haystack);
    list = { haystacks, bonus: Float64Array.from(haystacks, lengthBonus), tokens: new Map() };
    listScores.set(entries, list);
  }
  return list;
}
/** Makes a list's lower-cased words ahead of the first key typed (in idle time: the palette's `base`). */
export function prepareRank(entries: readonly Rankable[]) {
  scoresOfList(entries);
}

function scoresOf(list: ListScores, token: string, typos: boolean): Float64Array {
  const kept = list.tokens;
  const key = `${typos ? '~' : '='}${token}`;
  const found = kept.get(key);
  if (found) return found;
  const shorter = typos ? undefined : kept.get(`=${token.slice(0, -1)}`);
  const { haystacks } = list;
  const out = new Float64Array(haystacks.length);
  for (let i = 0; i < haystacks.length; i++) if (!shorter || shorter[i]! > 0) out[i] = tokenMatch(haystacks[i]!, token, typos);
  if (kept.size >= maxTokensKept) kept.delete(kept.keys().next().value!);
  kept.set(key, out);
  return out;
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
  const list = scoresOfList(entries);
  const perToken = tokens.map((token) => scoresOf(list, token, typos));
  const best: { entry: T; score: number }[] = [];
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e]!;
    let s = 1;
    if (tokens.length > 0) {
      let total = 0;
      for (const scores of perToken) {
        const t = scores[e]!;
        if (t === 0) {
          total = 0;
          break;
        }
        total += t;
      }
      if (total === 0) continue;
      s = total / tokens.length + list.bonus[e]!;
    }
    if (best.length === limit && s <= best[best.length - 1]!.score) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]!.score < s) i--;
    best.splice(i, 0, { entry, score: s });
    if (best.length > limit) best.pop();
  }
  return best.map((b) => b.entry);
}
