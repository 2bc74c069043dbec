import { isTypingTarget } from './keyboard.ts';

/** A key press kept to be handled later: what the handlers read of a KeyboardEvent. */
export type HeldKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'> & { target: EventTarget | null };

/**
 * Keys are never lost (issue 8). Two moments would drop them:
 * - before the shell's key handler exists (the page is still starting, the access policy is
 *   loading): plain keys and Ctrl+K are held and given to the handler when it attaches;
 * - between a key that opens the palette and its input having focus (the palette loads lazily,
 *   then mounts and focuses): every key is held and given to the palette's query.
 * Installed when this module is first imported (main.tsx imports it first), capturing before
 * any other handler, so it also sees keys typed while the first screen loads.
 */
let mode: 'early' | 'palette' | null = 'early';
let held: HeldKey[] = [];
/** Early on, a held Ctrl+K makes the keys after it the palette's (Enter included). */
let paletteAsked = false;
/** A bound, so a palette that never comes (a failed chunk) cannot hold keys without end. */
const MAX_HELD = 200;

const isPaletteKey = (e: KeyboardEvent) => e.key.length === 1 || ['Enter', 'Backspace', 'Escape', 'ArrowDown', 'ArrowUp'].includes(e.key);
const isOpenPalette = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';

function hold(event: KeyboardEvent) {
  if (mode === null || event.isComposing || held.length >= MAX_HELD) return;
  if (mode === 'early' && !paletteAsked) {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && event.key.length === 1;
    if (!isOpenPalette(event) && !(plain && !isTypingTarget(event.target))) return;
    paletteAsked = isOpenPalette(event);
  } else if (!isPaletteKey(event) && !isOpenPalette(event)) {
    // Tab, function keys…: still the browser's.
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  const { key, shiftKey, ctrlKey, metaKey, altKey, target } = event;
  held.push({ key, shiftKey, ctrlKey, metaKey, altKey, target });
}

if (typeof window !== 'undefined') window.addEventListener('keydown', hold, true);

/**
 * The shell's key handler is ready: keys held until now are handed to it, in order. A held key
 * that opens the palette switches to holding for the palette, so the keys after it become the
 * palette's query rather than shortcuts.
 */
export function attachShellKeys(handle: (key: HeldKey) => void) {
  const early = held;
  held = [];
  mode = null;
  paletteAsked = false;
  for (const [index, key] of early.entries()) {
    if (mode === 'palette') {
      held.push(...early.slice(index));
      break;
    }
    handle(key);
  }
}

/** A key is opening the palette: hold what follows until the palette's input takes it. */
export function holdKeysForPalette() {
  if (mode === null) mode = 'palette';
}

/** The palette's input has focus: the keys typed since it was asked for, in order. */
export function takePaletteKeys(): HeldKey[] {
  if (mode !== 'palette') return [];
  mode = null;
  const keys = held;
  held = [];
  return keys;
}

/** The palette closed before it took its keys (Ctrl+K twice): stop holding. */
export function releasePaletteKeys() {
  if (mode !== 'palette') return;
  mode = null;
  held = [];
}
