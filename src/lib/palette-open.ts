/** Opening and closing the command palette: the keys typed meanwhile are held for it (key-buffer.ts), focus goes back where it was. */
import { paletteOpenAtom, paletteStartPageAtom, type PalettePage } from '../state/palette.ts';
import { store } from '../state/account.ts';
import { holdKeysForPalette, queuePaletteBehindHeldKeys, releasePaletteKeys } from './key-buffer.ts';

let opener: HTMLElement | null = null;
/** What had focus when the palette opened: closing it gives focus back there. */
export const paletteOpener = () => opener;

/**
 * Opens the palette (on a page, for a shortcut such as "G then G"). Keys typed from now until its
 * input has focus are held for its query, so a fast typist loses none.
 */
export function openPalette(page: PalettePage | null = null) {
  // Asked for while keys wait for the next screen (a click on the search box): it opens after them.
  if (page === null && !store.get(paletteOpenAtom) && queuePaletteBehindHeldKeys()) return;
  if (!store.get(paletteOpenAtom)) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  holdKeysForPalette();
  if (page) store.set(paletteStartPageAtom, page);
  store.set(paletteOpenAtom, true);
}

export function closePalette() {
  releasePaletteKeys();
  store.set(paletteOpenAtom, false);
}
