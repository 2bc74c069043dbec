import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { recordParams, type RecordPath, type StaticPath } from './record-path.ts';

type PageHeaderProps = {
  title: ReactNode;
  /** Id of the heading, for sections that name themselves by it. */
  titleId?: string;
  description?: ReactNode;
  /** Buttons and links on the right. */
  actions?: ReactNode;
  /** A back link or breadcrumb above the title. */
  back?: ReactNode;
  className?: string;
};

export function PageHeader({ title, titleId, description, actions, back, className }: PageHeaderProps) {
  return (
    <div data-slot="page-header" className={cn('mb-5 flex flex-wrap items-end justify-between gap-3', className)}>
      <div className="min-w-0">
        {back ? <div className="mb-1 text-sm">{back}</div> : null}
        <h1 id={titleId} className="text-2xl font-semibold tracking-tight break-words">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** "Yes"/"No" for the spec's yes/no columns, with a dot that does not rely on colour alone. */
export function YesNo({ value }: { value: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', value ? 'bg-green-600' : 'bg-slate-300 dark:bg-slate-600')} />
      {value ? 'Yes' : 'No'}
    </span>
  );
}

const backLinkClass = 'text-brand-700 hover:underline dark:text-brand-300';

type BackLinkProps = { children: ReactNode } & ({ to: StaticPath; id?: never } | { to: RecordPath; id: string });

/** The link above a screen's title back to where it belongs: a list, or a record's page (`to` with the record's `id`). */
export function BackLink({ to, id, children }: BackLinkProps) {
  const content = (
    <>
      <span aria-hidden="true">← </span>
      {children}
    </>
  );
  if (id === undefined) {
    return (
      <Link to={to} className={backLinkClass}>
        {content}
      </Link>
    );
  }
  return (
    <Link to={to} params={recordParams(to as RecordPath, id)} className={backLinkClass}>
      {content}
    </Link>
  );
}
