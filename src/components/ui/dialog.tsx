import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from '../../lib/return-focus.ts';

type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** What takes the focus when it opens: its first field by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * What takes the focus when it closes, asked then (what its action just showed, say), when it is
   * on the page: what opened it otherwise.
   */
  finalFocus?: () => HTMLElement | null | undefined;
};

/** A modal with an accessible title (and description when given), closed by Esc. */
export function Dialog({ open, onOpenChange, title, description, children, className, initialFocus, finalFocus }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content
          data-slot="dialog-content"
          aria-describedby={undefined}
          // Opened by a button or a key: closing gives focus back to what opened it.
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            const target = initialFocus?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = finalFocus?.();
            if (!target?.isConnected) return returnFocus.onCloseAutoFocus(event);
            event.preventDefault();
            target.focus();
          }}
          className={cn(
            'fixed top-[12vh] left-1/2 z-50 max-h-[calc(88dvh-1rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none dark:bg-slate-900 dark:text-slate-100',
            className,
          )}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</DialogPrimitive.Description>
          ) : null}
          <div className="mt-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
