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
  { keys: 'ctrl+z', label: 'Undo a delete while its toast shows (⌘Z on a Mac; not in a field)' },
  // The tab commands are offered only while tabs are open: the keys are listed always.
  { keys: 't n', label: 'Next workspace tab' },
  { keys: 't p', label: 'Previous workspace tab' },
  { keys: 't x', label: 'Close this workspace tab' },
  // A call's recording player (recording-player.tsx, timeline.ts seekStep), when it has focus.
  { keys: 'space', label: 'Recording: play or pause' },
  { keys: '←/→', label: 'Recording: back or forward 5 seconds (with Shift, 15)' },
  { keys: 'home/end', label: 'Recording: to its start or its end' },
  // A schedule's week (week-view.tsx), when it has focus.
  { keys: '[/]', label: 'Schedule: previous or next week (or Page Up, Page Down)' },
  { keys: 't', label: 'Schedule: this week' },
  { keys: 'l', label: 'Schedule: week or list layout' },
  { keys: 'j/k', label: 'Schedule: next or previous occurrence (or the arrows)' },
];
