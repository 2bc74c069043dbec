import type { ComponentProps } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

/**
 * The Delete action of a record's page: one look on every screen (the danger outline), whether it
 * deletes with Undo or asks first (`ConfirmDeleteDialog`).
 */
export function DeleteButton({ children = 'Delete', ...props }: Omit<ComponentProps<typeof Button>, 'variant'>) {
  return (
    <Button variant="dangerOutline" {...props}>
      {children}
    </Button>
  );
}

type ConfirmDeleteDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** 'Delete role “Front desk”?' */
  title: string;
  /** What deleting means (cannot be undone, what stops working). */
  description: string;
  /** The server's refusal, shown in the dialog, which stays open. */
  refusal?: string | null;
  /** The confirming button's text ('Delete role'). */
  confirmLabel: string;
  pending: boolean;
  onConfirm(): void;
};

/** The one shape of "are you sure?" before a delete that cannot be undone: the question, what it means, Cancel and the solid danger button. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, refusal, confirmLabel, pending, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {refusal ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {refusal}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
