import { useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { isConflict } from '../../lib/form.ts';
import { ConflictNotice, type ConflictRow } from './conflict-notice.tsx';
import { useToast } from '../../lib/toast.ts';

/** A record saved with optimistic locking: the version it was read at goes with each save. */
type VersionedRecord = { version: number; modifiedBy: string };

type VersionedSaveOptions<TRecord extends VersionedRecord, TMine> = {
  initial: TRecord;
  /** Sends the user's values as a change of `version`; throws the API's error. */
  save(mine: TMine, version: number): Promise<unknown>;
  /** The record as saved now (fetched fresh after a 409). */
  fetchCurrent(): Promise<TRecord>;
  /** After a successful save (toast, leave the form). */
  onSaved(): Promise<unknown>;
  /** The fields where the user's values and the saved record differ. */
  conflictRows(mine: TMine, current: TRecord): ConflictRow[];
  /** The toast when overwriting fails (submits show their failure in the form instead). */
  overwriteFailure?(error: unknown): string;
  /** A save is under way (disables Overwrite). */
  saving: boolean;
};

/**
 * Editing a versioned record. A 409 (someone saved in between) is never overwritten silently:
 * `notice` shows the saved values next to the user's, who then reloads the saved record (`base`
 * changes, so key the form by `base.version`) or overwrites it knowingly. Other errors of
 * `submit` are thrown for the form to show.
 */
export function useVersionedSave<TRecord extends VersionedRecord, TMine>(options: VersionedSaveOptions<TRecord, TMine>) {
  const { save, fetchCurrent, onSaved, overwriteFailure = (error) => (error instanceof Error ? error.message : messages.serverError) } = options;
  const toast = useToast();
  // The record the form is based on: replaced when the user reloads after a conflict.
  const [base, setBase] = useState(options.initial);
  const [conflict, setConflict] = useState<{ mine: TMine; current: TRecord } | null>(null);

  const submit = async (mine: TMine, version: number) => {
    try {
      await save(mine, version);
    } catch (error) {
      if (!isConflict(error)) throw error;
      const current = await fetchCurrent();
      setConflict({ mine, current });
      return;
    }
    setConflict(null);
    await onSaved();
  };

  const notice: ReactNode = conflict ? (
    <ConflictNotice
      message={messages.conflict}
      modifiedBy={conflict.current.modifiedBy}
      rows={options.conflictRows(conflict.mine, conflict.current)}
      onReload={() => {
        setBase(conflict.current);
        setConflict(null);
      }}
      onOverwrite={() => void submit(conflict.mine, conflict.current.version).catch((error: unknown) => toast('error', overwriteFailure(error)))}
      overwriting={options.saving}
    />
  ) : null;

  return { base, notice, submit: (mine: TMine) => submit(mine, base.version) };
}
