import { atom } from 'jotai';
import type { PalettePage } from '../palette/types.ts';
import { holdKeysForPalette, releasePaletteKeys } from '../lib/key-buffer.ts';
import { store } from './account.ts';

/** Whether the command palette and the shortcuts dialog are open (client state only). */
export const paletteOpenAtom = atom(false);
export const shortcutsOpenAtom = atom(false);

/** A palette page to open on, when a shortcut opens the palette somewhere other than its root. */
export const paletteStartPageAtom = atom<PalettePage | null>(null);

let opener: HTMLElement | null = null;
/** What had focus when the palette opened: closing it gives focus back there. */
export const paletteOpener = () => opener;

/**
 * Opens the palette (on a page, for a shortcut such as "G then G"). Keys typed from now until its
 * input has focus are held for its query, so a fast typist loses none.
 */
export function openPalette(page: PalettePage | null = null) {
  if (!store.get(paletteOpenAtom)) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  holdKeysForPalette();
  if (page) store.set(paletteStartPageAtom, page);
  store.set(paletteOpenAtom, true);
}

export function closePalette() {
  releasePaletteKeys();
  store.set(paletteOpenAtom, false);
}
