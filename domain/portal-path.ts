/**
 * A path of the portal (`/practice/persons/…`), as a link, a redirect or a jump may carry it: one
 * leading `/` and never a second `/` or a `\` after it (browsers read `//host` and `/\host` as
 * another site), no `\` anywhere (browsers turn it into `/`), no white space or control character
 * (browsers drop tabs and line breaks, so `/\t/host` would be `//host`), and no `<`, `>` or `"`.
 * The one rule of comment attachments, notifications' jump paths, the sign-in return and the side
 * panel (issue 40: the attachments' rule took any leading `/`).
 */
const portalPathPattern = /^\/(?![/\\])[^\s\\<>"\p{Cc}]*$/u;

export const isPortalPath = (value: string): boolean => portalPathPattern.test(value);
