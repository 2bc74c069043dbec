import type { ReactNode } from 'react';
import { teamsMessages } from '../../../domain/teams.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiRequestError } from '../../lib/api.ts';

/** The API's answers for a tenant the team service cannot read, with what to tell the administrator. */
const notices = {
  /** The account has no Microsoft tenant (409 `no_tenant`). */
  no_tenant: { text: teamsMessages.noTenant, hint: teamsMessages.noTenantHint },
  /** The tenant's administrator has not consented to the portal's app (409 `tenant_not_consented`). */
  tenant_not_consented: { text: teamsMessages.tenantNotConsented, hint: teamsMessages.tenantNotConsentedHint },
} as const;
export type TenantProblem = keyof typeof notices;

export const tenantProblem = (error: unknown): TenantProblem | null =>
  error instanceof ApiRequestError && Object.hasOwn(notices, error.code) ? (error.code as TenantProblem) : null;

/** The team-service screen of an account whose tenant cannot be read: says why instead of an empty list or an error. */
export function TenantNotice({ title, back, problem }: { title: string; back?: ReactNode; problem: TenantProblem }) {
  return (
    <section aria-labelledby="no-tenant-title">
      <PageHeader title={title} titleId="no-tenant-title" back={back} />
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
        <p className="font-medium">{notices[problem].text}</p>
        <p className="mt-1 text-sm">{notices[problem].hint}</p>
      </div>
    </section>
  );
}
