// Read only by the `?` dialog (loaded on first use), so the first screen does not carry it.

/** Keys the workspace handles itself; listed in the `?` dialog next to the registry's. */
export const builtInShortcuts: { keys: string; label: string }[] = [
  { keys: 'ctrl+k', label: 'Open the command palette (⌘K on a Mac)' },
  { keys: '/', label: 'Open the command palette' },
  { keys: '?', label: 'Show keyboard shortcuts' },
  { keys: 'j', label: 'Next row in a table (or ↓)' },
  { keys: 'k', label: 'Previous row in a table (or ↑)' },
  { keys: 'enter', label: 'Open the row or palette entry' },
  { keys: 'shift+enter', label: 'Open the row or palette entry in the side panel' },
  { keys: 'ctrl+enter', label: 'Open the palette entry as a workspace tab; in a form, save it (from a multi-line field too)' },
  { keys: 'c', label: 'Create, in a list that allows it' },
  { keys: 'y', label: 'Copy the id of the row (a list’s focused row)' },
  { keys: 'esc', label: 'Close the palette, a dialog or the side panel' },
  { keys: 'backspace', label: 'Back to the previous palette page (empty query)' },
];
