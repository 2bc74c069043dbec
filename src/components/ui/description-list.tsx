import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type DescriptionItem = { label: string; value: ReactNode };

/** Label/value pairs of a record (read-only fields), in two columns on wide screens. */
export function DescriptionList({ items, className }: { items: readonly DescriptionItem[]; className?: string }) {
  return (
    <dl data-slot="description-list" className={cn('grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]', className)}>
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{item.label}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{item.value ?? <Empty />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The value of an empty field. */
export function Empty() {
  return (
    <span className="text-slate-500 dark:text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not given</span>
    </span>
  );
}

export function Card({ title, titleId, actions, children, className }: { title?: string; titleId?: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      data-slot="card"
      className={cn('rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900', className)}
    >
      {title ? (
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
