import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useSoftDelete, type SoftDeleteTarget } from './soft-delete.ts';
import { useWorkspace } from './workspace.ts';

/**
 * View/Edit of a record's page: Edit turns the page into its form; leaving edit mode (Save or
 * Cancel) gives the focus back to the Edit button that opened it.
 */
export function useEditMode() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (editing || !refocus) return;
    editButton.current?.focus();
    setRefocus(false);
  }, [editing, refocus]);
  return {
    editing,
    editButton,
    startEditing: () => setEditing(true),
    leaveEdit: () => {
      setEditing(false);
      setRefocus(true);
    },
  };
}

/**
 * Delete from a record's page (soft, with Undo: `useSoftDelete`). On its own page the record is
 * gone, so the page goes back to its list; in the side panel the panel closes and the screen
 * behind stays.
 */
export function useDeleteRecord(target: SoftDeleteTarget, pages: { own: string; list: string }) {
  const remove = useSoftDelete();
  const { pathname, closePanel } = useWorkspace();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const deleteRecord = async () => {
    setDeleting(true);
    const deleted = await remove(target);
    setDeleting(false);
    if (!deleted) return;
    if (pathname === pages.own) await navigate({ to: pages.list, ignoreBlocker: true });
    else closePanel();
  };
  return { deleting, deleteRecord };
}
