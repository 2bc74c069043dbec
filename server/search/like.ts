/** LIKE's wildcards (and its escape character) taken literally: user text never acts as a pattern. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (m) => `\\${m}`);

/** `q` anywhere in the text. */
export const containsPattern = (q: string) => `%${escapeLike(q)}%`;

/** The text starting with `q`. */
export const prefixPattern = (q: string) => `${escapeLike(q)}%`;
