/** Joins class names, the caller's last (shadcn/ui style, without a merge library). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
