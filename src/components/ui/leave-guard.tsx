import { useBlocker } from '@tanstack/react-router';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/**
 * Asks before leaving a form with unsaved changes (in-app navigation shows a dialog; closing or
 * reloading the tab gets the browser's own prompt).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({ shouldBlockFn: () => when, enableBeforeUnload: () => when, withResolver: true });
  const open = blocker.status === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : blocker.reset?.())}
      title="Discard unsaved changes?"
      description="You have changes that are not saved. Leaving this page discards them."
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Keep editing
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Discard changes
        </Button>
      </div>
    </Dialog>
  );
}
