import { Button } from './button.tsx';

export type ConflictRow = { label: string; mine: string; current: string };

type ConflictNoticeProps = {
  message: string;
  /** Who saved the record in the meantime. */
  modifiedBy: string;
  /** The fields where the user's values differ from the saved ones. */
  rows: readonly ConflictRow[];
  onReload(): void;
  onOverwrite(): void;
  overwriting: boolean;
};

/**
 * A save refused because the record changed since it was opened (409): what changed, the
 * user's values next to the saved ones, and the two ways on: reload theirs, or overwrite.
 */
export function ConflictNotice({ message, modifiedBy, rows, onReload, onOverwrite, overwriting }: ConflictNoticeProps) {
  return (
    <div role="alert" data-slot="conflict-notice" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="font-semibold">{message}</p>
      <p className="mt-1">{modifiedBy} saved it in the meantime. Compare, then keep the saved version or save yours over it.</p>
      {rows.length > 0 ? (
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Your values and the saved values</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Yours
              </th>
              <th scope="col" className="py-1 font-medium">
                Saved now
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-amber-200 align-top dark:border-amber-800">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {row.label}
                </th>
                <td className="py-1 pr-3 break-words">{row.mine}</td>
                <td className="py-1 break-words">{row.current}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2">The saved values are the same as yours.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onReload}>
          Reload saved version
        </Button>
        <Button type="button" onClick={onOverwrite} disabled={overwriting}>
          Overwrite with mine
        </Button>
      </div>
    </div>
  );
}

/** The rows of a ConflictNotice: the fields whose displayed values differ. */
export function conflictRows<V>(fields: readonly { label: string; show(values: V): string }[], mine: V, current: V): ConflictRow[] {
  return fields.map((f) => ({ label: f.label, mine: f.show(mine), current: f.show(current) })).filter((row) => row.mine !== row.current);
}
