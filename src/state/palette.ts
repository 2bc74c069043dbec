import { atom } from 'jotai';

/** Whether the command palette and the shortcuts dialog are open (client state only). */
export const paletteOpenAtom = atom(false);
export const shortcutsOpenAtom = atom(false);

/** A palette page to open on, when a shortcut opens the palette somewhere other than its root. */
export const paletteStartPageAtom = atom<'accounts' | null>(null);
