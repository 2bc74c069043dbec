import { useAtom } from 'jotai';
import { Dialog } from '../components/ui/dialog.tsx';
import { shortcutsOpenAtom } from '../state/palette.ts';
import type { Entry } from './entries.ts';
import { builtInShortcuts } from './built-in-shortcuts.ts';
import { Shortcut } from './kbd.tsx';

/** Every shortcut, from the registry the palette and the key handler use. */
export function ShortcutsDialog({ entries }: { entries: readonly Entry[] }) {
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  const registered = entries.filter((entry) => entry.shortcut && entry.shortcut !== '?');
  const fromRegistry = registered.map((entry) => ({ keys: entry.shortcut!, label: entry.group === 'Go to' ? `Go to ${entry.label}` : entry.label }));
  // A command the registry offers now (a tab key while tabs are open) is listed once.
  const rows = [...builtInShortcuts.filter((row) => !fromRegistry.some((entry) => entry.keys === row.keys)), ...fromRegistry];
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Keyboard shortcuts" description="Two-key shortcuts: press the first key, then the second." className="w-[min(40rem,calc(100vw-2rem))]">
      {/* Focusable so keyboard users can scroll a long list. */}
      <div tabIndex={0} role="region" aria-label="Shortcut list" className="max-h-[65vh] overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-300">
            <th scope="col" className="pb-2 font-medium">
              Keys
            </th>
            <th scope="col" className="pb-2 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody className="align-top">
          {rows.map((row) => (
            <tr key={`${row.keys}:${row.label}`} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1.5 pr-4 whitespace-nowrap">
                <Shortcut keys={row.keys} />
              </td>
              <td className="py-1.5">{row.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </Dialog>
  );
}
