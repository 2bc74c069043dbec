/**
 * The `@Name` mentions of a comment's text (issue 40): `@` then a user's name, in any case, where
 * the `@` starts a word (the text's start, or after a character that is no letter, digit, mark or
 * `_`) and the name ends one (the text's end, or a character that is none of those follows), so
 * "x@Maria Lopez.com" and "@Elijah Mitchellx" mention nobody, while "(@maria lopez)" and
 * "@Maria Lopez's" do. The one rule of the server (who is notified) and the SPA (what it sends and
 * what it marks in a comment).
 */
const word = '[\\p{L}\\p{N}\\p{M}_]';
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const endsInWord = (name: string) => new RegExp(`${word}$`, 'u').test(name);

/** The pattern of one name's mention: no word character before the `@`, none after a name that ends in one. */
function mentionPattern(name: string, flags: string): RegExp {
  return new RegExp(`(?<!${word})@${escaped(name)}${endsInWord(name) ? `(?!${word})` : ''}`, `iu${flags}`);
}

/** Whether the text mentions the user of this name. */
export function mentions(text: string, name: string): boolean {
  return name.trim() !== '' && mentionPattern(name, '').test(text);
}

/**
 * The text cut into plain parts and mentions of these names (longest name first where two start at
 * the same `@`), in order: what a comment shows with its mentions marked.
 */
export function splitMentions(text: string, names: readonly string[]): { text: string; mention: boolean }[] {
  const usable = [...new Set(names.filter((n) => n.trim() !== ''))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return text === '' ? [] : [{ text, mention: false }];
  const any = new RegExp(usable.map((n) => mentionPattern(n, '').source).join('|'), 'giu');
  const parts: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(any)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), mention: false });
    parts.push({ text: match[0], mention: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mention: false });
  return parts;
}
