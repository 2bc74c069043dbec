import { ErrorComponent, Link, useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { AccessPolicy } from '../../../domain/api.ts';
import { missingGrant, type Requirement } from '../../lib/policy.ts';
import { PermissionDenied, type RoutePermission } from '../../lib/route-guard.ts';
import { policyAtom } from '../../state/account.ts';

/** The grant a role lacks, and its name: 'Needs GET on Tags, which your role “Read Only” does not grant.' */
const whyNot = (requires: Requirement, policy: AccessPolicy | null | undefined): string =>
  `${missingGrant(requires)}${policy?.role ? `, which your role “${policy.role}” does not grant` : ''}.`;

const whoCanHelp = 'An administrator of your account can change your role.';

/** The screen of a create or edit route the role may not use: what is missing and who can help. */
export function NoPermission({ error }: { error: PermissionDenied | Error }) {
  const policy = useAtomValue(policyAtom);
  return (
    <section className="mx-auto max-w-xl px-2 py-16 text-center">
      <h1 tabIndex={-1} className="text-2xl font-semibold">
        {error.message}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {error instanceof PermissionDenied ? `${whyNot(error.requires, policy)} ` : ''}
        {whoCanHelp}
      </p>
      <Link to="/home" className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
        Go to home
      </Link>
    </section>
  );
}

/** errorComponent of guarded routes: the "no permission" screen, any other error as usual. */
export function RouteError(props: ErrorComponentProps) {
  if (props.error instanceof PermissionDenied) return <NoPermission error={props.error} />;
  return <ErrorComponent {...props} />;
}

/**
 * A screen's data refused (403) after the screen was shown: a refetch once the role lost the
 * grant, a list's background refresh. A Retry can never work, so it is the route's "no
 * permission" screen, as on a first load (thrown to the route's `RouteError`, naming the grant
 * the route's `requirePermission` put in its context); outside a guarded route (the side panel)
 * the refusal is shown in place.
 */
export function Refused({ error }: { error: Error }) {
  const permission = useMatch({ strict: false, shouldThrow: false, select: (match) => (match.context as { permission?: RoutePermission }).permission });
  if (permission) throw new PermissionDenied(permission.requires, permission.action);
  return <NoPermission error={error} />;
}

/**
 * A section of a screen that loads its own data (a record's Tags, a schedule's occurrences) refused
 * (403): the same notice as the screens', in place of the section's content, naming the grant the
 * section needs. No Retry: it can never work, only a change of role (issue 24). The rest of the
 * screen, which the role may read, stays.
 */
export function SectionNoPermission({ requires, what }: { requires: Requirement; what: string }) {
  const policy = useAtomValue(policyAtom);
  return (
    <div data-slot="no-permission" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-800">
      <p className="font-medium text-slate-900 dark:text-slate-100">You don't have permission to see {what}.</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {whyNot(requires, policy)} {whoCanHelp}
      </p>
    </div>
  );
}
