import type { ReactNode } from 'react';
import { teamsMessages } from '../../../domain/teams.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiRequestError } from '../../lib/api.ts';

/** The API's answer for an account without a Microsoft tenant (409 `no_tenant`). */
export const isNoTenant = (error: unknown) => error instanceof ApiRequestError && error.code === 'no_tenant';

/** The team-service screen of an account without a tenant: says so instead of an empty list or an error. */
export function NoTenant({ title, back }: { title: string; back?: ReactNode }) {
  return (
    <section aria-labelledby="no-tenant-title">
      <PageHeader title={title} titleId="no-tenant-title" back={back} />
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
        <p className="font-medium">{teamsMessages.noTenant}</p>
        <p className="mt-1 text-sm">{teamsMessages.noTenantHint}</p>
      </div>
    </section>
  );
}
