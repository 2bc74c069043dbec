import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { controlBase } from './field.tsx';

type PaginationProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  rowCount: number;
  /** Says "about" before the total when the server only estimated it. */
  estimated?: boolean;
  /** No count yet (first load, or the load failed). */
  unknown?: boolean;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  label: string;
  className?: string;
};

/** Rows per page, the range shown, and first/previous/next/last page buttons. */
export function Pagination({ page, pageSize, pageSizes, rowCount, estimated, unknown, onPageChange, onPageSizeChange, label, className }: PaginationProps) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const first = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(rowCount, page * pageSize);
  return (
    <nav aria-label={label} data-slot="pagination" className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="whitespace-nowrap text-slate-700 dark:text-slate-300">
          Rows per page
        </label>
        <select id={sizeId} className={cn(controlBase, 'w-auto py-1')} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p className="text-slate-700 dark:text-slate-300" aria-live="polite">
        {unknown ? null : rowCount === 0 ? 'No rows' : `${first}–${last} of ${estimated ? 'about ' : ''}${rowCount}`}
        {unknown ? null : <span className="sr-only">, page {page} of {pageCount}</span>}
      </p>
      <div className="flex items-center gap-1">
        <Button variant="secondary" className="px-2" aria-label="First page" disabled={page <= 1} onClick={() => onPageChange(1)}>
          <span aria-hidden="true">«</span>
        </Button>
        <Button variant="secondary" className="px-2" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <span aria-hidden="true">‹</span>
        </Button>
        <span className="px-2 text-slate-700 tabular-nums dark:text-slate-300" aria-hidden="true">
          {page} / {pageCount}
        </span>
        <Button variant="secondary" className="px-2" aria-label="Next page" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          <span aria-hidden="true">›</span>
        </Button>
        <Button variant="secondary" className="px-2" aria-label="Last page" disabled={page >= pageCount} onClick={() => onPageChange(pageCount)}>
          <span aria-hidden="true">»</span>
        </Button>
      </div>
    </nav>
  );
}
