/**
 * What the System log's route validates its URL with, apart from the rest of `audit.ts`: route
 * search is validated when the app starts, and `audit.ts` (valibot schemas of the API's filters)
 * is not needed to show the first screen.
 */
import { defaultPageSize, pageSizes } from './lists.ts';

export const auditPageSizes = pageSizes;
export const defaultAuditPageSize = defaultPageSize;

/**
 * The System log shows changes, or (administrators only) reads of patient data: "Viewed"
 * (issue 24). `log` in the screen's URL; the API reads them at `/audit/entries` and `/audit/views`.
 */
export const auditLogKinds = ['changed', 'viewed'] as const;
export type AuditLogKind = (typeof auditLogKinds)[number];
