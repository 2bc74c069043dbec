/** Shapes the API and the SPA share. */
import type { ResourceGrants } from './permissions.ts';

export type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The API's answer (403) to a user whose account was deactivated: the SPA shows its own page for it (issue 11). */
export const accountInactive = {
  code: 'account_inactive',
  title: 'Account deactivated',
  message: 'This account has been deactivated, so its users can no longer use the portal. Ask your administrator if this is a mistake.',
} as const;

export type AccessPolicy = {
  accountId: string;
  accountName: string;
  instanceAdmin: boolean;
  role: string | null;
  resources: ResourceGrants;
  homeAccountId: string;
  user: { id: string; name: string; email: string };
  /** Accounts the caller may switch to, besides their own (spec §1, §6). */
  assumedAccounts: { accountId: string; accountName: string }[];
};

export type AuditEntry = {
  id: string;
  at: string;
  actorName: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** The record's name: always given (from the log, the record, or its kind and short id). */
  title: string;
  summary: string;
  /**
   * The record the changed one belongs to, whose page shows it: a tag's tagged record, a task's
   * schedule. Absent for a record with a page of its own.
   */
  about?: { resourceType: string; resourceId: string };
  /**
   * An edit of a versioned record (issue 44): whether it named the version it expected (a body
   * `version` or an `If-Match` header; `expectedVersion` is it) or applied to the current version
   * (false). Absent for other entries.
   */
  conditional?: boolean;
  expectedVersion?: number;
};

export type AccountListItem = { id: string; name: string };
