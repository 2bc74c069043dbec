import { atom } from 'jotai';

/** The nested pages of the command palette (a shortcut or a command can open it on one). */
export type PalettePage = 'accounts' | 'deleted' | 'add-task' | 'start-workflow' | 'upload-items' | 'notifications';

/** Whether the command palette and the shortcuts dialog are open (client state only). */
export const paletteOpenAtom = atom(false);
export const shortcutsOpenAtom = atom(false);

/** A palette page to open on, when a shortcut opens the palette somewhere other than its root. */
export const paletteStartPageAtom = atom<PalettePage | null>(null);
