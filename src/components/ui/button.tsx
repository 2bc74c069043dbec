import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  /** A destructive action that asks first or can be undone (a record's Delete): red, but not the loudest button on the page. */
  dangerOutline: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 hover:text-red-800 dark:border-red-800 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-950',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /**
   * Its action is under way (a save, Add Comment): pressing it again does nothing, but unlike
   * `disabled` it keeps the focus. A focused button that became disabled dropped the focus to
   * <body> (issue 40: after Add Comment, pressed or clicked), where Tab starts over.
   */
  pending?: boolean;
};

/**
 * A button's look, for a link that acts as one (a list's "Create", a record's "Edit"): the link
 * stays a link (Ctrl/middle click opens a new tab), styled by class instead of a slot that merges
 * a button's props into it (`no-underline`: the dark theme's underline of content links is not for it).
 */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
    variants[variant],
    className,
  );
}

export function Button({ variant = 'primary', className, pending = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      data-slot="button"
      className={buttonClass(variant, className)}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        // Also stops a submit button's form from being sent again (a click, or Enter in a field).
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}
