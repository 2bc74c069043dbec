import { isTypingTarget } from './keyboard.ts';

/** A key press kept to be handled later: what the handlers read of a KeyboardEvent. */
export type HeldKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'> & { target: EventTarget | null };

/**
 * Keys are never lost (issue 8). Three moments would drop them:
 * - before the shell's key handler exists (the page is still starting, the access policy is
 *   loading): plain keys and Ctrl+K are held and replayed when it attaches;
 * - between a key that opens the palette and its input having focus (the palette loads lazily,
 *   then mounts and focuses): every key is held and given to the palette's query;
 * - between a navigation and focus landing in the new screen ("G P" then J at once): held and
 *   replayed to what then has focus;
 * - between the palette closing by a key it held (Escape, Ctrl+K) and focus being back where it
 *   was: the keys typed after that key, held and replayed there (Ctrl+K again opens it anew).
 * Installed when this module is first imported (main.tsx imports it first), capturing before
 * any other handler, so it also sees keys typed while the first screen loads.
 */
let mode: 'early' | 'palette' | 'navigation' | 'closing' | null = 'early';
let held: HeldKey[] = [];
/** Early on, a held Ctrl+K makes the keys after it the palette's (Enter included). */
let paletteAsked = false;
/** A bound, so a palette that never comes (a failed chunk) cannot hold keys without end. */
const MAX_HELD = 200;
/**
 * A screen that never says where focus goes must not keep the keys: counted from the moment the
 * navigation settled (its screen shown, or its error), never from its start, so keys typed while a
 * slow screen loads wait for it however long it takes (issue 24: "jj" typed after G P under CPU
 * load were played to the screen being left when the list took more than 3 s).
 */
const NAVIGATION_HOLD_MS = 3000;
/**
 * A navigation that never settles (a request that never answers) must not keep the keys for ever
 * either: they are then dropped, never played to the screen being left.
 */
const NAVIGATION_LOAD_MAX_MS = 60_000;
let navigationTimer: number | undefined;
/** A palette that never takes its keys (its code failed to load, no shell to show it) must not keep them. */
const PALETTE_HOLD_MS = 5000;
let paletteTimer: number | undefined;
/**
 * Early keys also wait for the first screen to take the focus (route-focus: a create screen's
 * first field), so "Night Desk" typed as the page opens fills the field instead of firing G H.
 */
let firstScreenPending = true;
let shellReady = false;
/** A first screen that never shows must not keep the keys. */
const FIRST_SCREEN_HOLD_MS = 3000;
let firstScreenTimer: number | undefined;

const isPaletteKey = (e: KeyboardEvent) => e.key.length === 1 || ['Enter', 'Backspace', 'Escape', 'ArrowDown', 'ArrowUp'].includes(e.key);
const isOpenPalette = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
const isPlainChar = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey && e.key.length === 1;

/** An open menu (its content or its expanded button), as route-focus tells one. */
const inOpenMenu = (target: EventTarget | null) =>
  target instanceof Element && (target.closest('[role="menu"][data-state="open"]') !== null || target.matches('[aria-haspopup][aria-expanded="true"]'));

function shouldHold(event: KeyboardEvent): boolean {
  if (mode === 'palette' || (mode === 'early' && paletteAsked)) return isPaletteKey(event) || isOpenPalette(event);
  if (isOpenPalette(event)) return true;
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  const forScreen = mode === 'navigation' || mode === 'closing';
  // A header menu the user opened while the next screen loads takes its keys now (the arrows move
  // in it, Escape closes it): they are not the new screen's, which would get them only once it has
  // loaded, long after the menu wanted them (role-access.spec: ArrowDown in a menu opened then).
  if (forScreen && held.length === 0 && inOpenMenu(event.target)) return false;
  // Keys already held come first: while they wait, the ones after them wait too, even once focus
  // is in the new screen's field (it gets them all, in order, when they are played).
  // Escape too: played ahead of a held Ctrl+K, it closed nothing, and the palette it was meant to
  // close then kept the keys after it.
  if ((forScreen || mode === 'early') && held.length > 0) return isPlainChar(event) || (plain && ['Enter', 'ArrowDown', 'ArrowUp', 'Backspace', 'Escape'].includes(event.key));
  // The palette's input is still focused while the palette closes (on a navigation, or by a held key).
  if (isTypingTarget(event.target) && !(forScreen && (event.target as Element).closest('[cmdk-root]'))) return false;
  if (mode === 'early') return isPlainChar(event);
  // Navigation: also Enter and the arrows, which the new screen's table or list will want.
  return isPlainChar(event) || (plain && ['Enter', 'ArrowDown', 'ArrowUp'].includes(event.key));
}

function hold(event: KeyboardEvent) {
  if (mode === null || event.isComposing || held.length >= MAX_HELD || !shouldHold(event)) return;
  if (mode === 'early' && isOpenPalette(event)) paletteAsked = true;
  event.preventDefault();
  event.stopImmediatePropagation();
  const { key, shiftKey, ctrlKey, metaKey, altKey, target } = event;
  held.push({ key, shiftKey, ctrlKey, metaKey, altKey, target });
}

if (typeof window !== 'undefined') window.addEventListener('keydown', hold, true);

/** What a typed key would press: Enter a button or a link, Space a button. */
const pressedBy = (element: Element, key: string): element is HTMLElement =>
  element instanceof HTMLElement &&
  !(element as HTMLButtonElement).disabled &&
  (element instanceof HTMLButtonElement || element.getAttribute('role') === 'button' ? key === 'Enter' || key === ' ' : key === 'Enter' && element instanceof HTMLAnchorElement && element.hasAttribute('href'));

/**
 * Plays held keys again, in order, as key presses on what has focus now (or on their own
 * target when it is still there). One that opens the palette or navigates makes the ones after
 * it held again, so they reach the palette's query or the next screen.
 */
function replay(keys: HeldKey[], into?: Element) {
  for (const { key, shiftKey, ctrlKey, metaKey, altKey, target } of keys) {
    const original = target instanceof Element && target.isConnected && target !== document.body ? target : null;
    const to = into ?? (mode === null ? (original ?? document.activeElement ?? document.body) : document.body);
    const event = new KeyboardEvent('keydown', { key, shiftKey, ctrlKey, metaKey, altKey, bubbles: true, cancelable: true });
    // A browser types nothing for a synthetic key press: into a text field (the first field of
    // a form just opened) a held character is inserted as typed text, unless a handler took it.
    const unhandled = to.dispatchEvent(event) && !ctrlKey && !metaKey && !altKey && to === document.activeElement;
    if (unhandled && isTypingTarget(to)) {
      if (key.length === 1) document.execCommand('insertText', false, key);
      else if (key === 'Backspace') document.execCommand('delete');
      // Enter in a form's text field submits it, as a typed one does ("name, Enter" at once).
      else if (key === 'Enter' && to instanceof HTMLInputElement && to.form) to.form.requestSubmit();
    } else if (unhandled && pressedBy(to, key)) {
      // Nor does a synthetic Enter press a button or follow a link: a held Enter does what a typed one does.
      to.click();
    }
  }
}

/** The shell's key handler is ready: keys held until now are played to it (once the first screen has its focus). */
export function attachShellKeys() {
  if (mode !== 'early') return;
  shellReady = true;
  if (firstScreenPending) {
    firstScreenTimer ??= window.setTimeout(firstScreenFocused, FIRST_SCREEN_HOLD_MS);
    return;
  }
  window.clearTimeout(firstScreenTimer);
  const keys = held;
  held = [];
  mode = null;
  paletteAsked = false;
  afterEffects(() => replay(keys));
}

/**
 * Early keys are played once React has finished the effects that said the shell or the first
 * screen is ready (both call in from an effect): a controlled field typed into during React's
 * effects is set back to its old value when the event ends ("Night " was lost from the Role Name
 * field when the first screen rendered with its route already loaded). A microtask runs before
 * any later key press can arrive (those are tasks), so the order of keys is kept.
 */
function afterEffects(run: () => void) {
  queueMicrotask(run);
}

/** The first screen has put the focus where its task is (or the user moved it): early keys may go. */
export function firstScreenFocused() {
  if (!firstScreenPending) return;
  firstScreenPending = false;
  if (shellReady) attachShellKeys();
  else forwardEarlyKeysToField();
}

/**
 * The first screen put the focus in a text field before the shell's key handler is ready (it
 * waits for the features' commands, which load beside the first screen): what was typed meanwhile
 * is the field's ("Night Desk" on a create screen), so it goes there now rather than when the
 * shell is ready, and later keys typed in the field reach it directly (held is then empty). Keys
 * after a Ctrl+K stay held for the palette.
 */
function forwardEarlyKeysToField() {
  const field = document.activeElement;
  if (mode !== 'early' || paletteAsked || !field || !isTypingTarget(field)) return;
  const keys = held;
  held = [];
  afterEffects(() => replay(keys, field));
}

/** A key is opening the palette: hold what follows until the palette's input takes it. */
export function holdKeysForPalette() {
  if (mode === 'navigation') endNavigationHold();
  if (mode !== null) return;
  mode = 'palette';
  paletteTimer = window.setTimeout(releasePaletteKeys, PALETTE_HOLD_MS);
}

/**
 * A character typed into the header's read-only search box opens the palette and is the first
 * of its query. Before the shell's key handler exists it is held as "Ctrl+K, then the
 * character", which the handler replays when it attaches (the palette cannot open before).
 * Returns false when the caller is to open the palette itself (and then `holdOpeningKey`).
 */
export function holdEarlyPaletteKey({ key, shiftKey }: Pick<KeyboardEvent, 'key' | 'shiftKey'>): boolean {
  if (mode !== 'early') return false;
  if (held.length + 2 <= MAX_HELD) {
    held.push({ key: 'k', shiftKey: false, ctrlKey: true, metaKey: false, altKey: false, target: null });
    held.push({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false, target: null });
  }
  paletteAsked = true;
  return true;
}

/**
 * The palette is asked for by the mouse (the header's search box) while keys typed for the next
 * screen still wait for it: it opens after them, as a Ctrl+K typed then would ("G P, J", a click
 * on the search: the new list moves down, then the palette opens, and what is typed after the
 * click is its query). Opening it at once dropped those keys. Answers whether it was queued.
 */
export function queuePaletteBehindHeldKeys(): boolean {
  if (mode !== 'navigation' || held.length === 0 || held.length >= MAX_HELD) return false;
  held.push({ key: 'k', shiftKey: false, ctrlKey: true, metaKey: false, altKey: false, target: null });
  return true;
}

/** The character that opened the palette (see above) goes first into its query. */
export function holdOpeningKey({ key, shiftKey }: Pick<KeyboardEvent, 'key' | 'shiftKey'>) {
  if (mode !== 'palette' || held.length >= MAX_HELD) return;
  held.unshift({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false, target: null });
}

/** The palette's input has focus: the keys typed since it was asked for, in order. */
export function takePaletteKeys(): HeldKey[] {
  if (mode !== 'palette') return [];
  window.clearTimeout(paletteTimer);
  mode = null;
  const keys = held;
  held = [];
  return keys;
}

/** The palette closed before it took its keys (Ctrl+K twice): stop holding. */
export function releasePaletteKeys() {
  if (mode !== 'palette') return;
  window.clearTimeout(paletteTimer);
  mode = null;
  held = [];
}

/**
 * The shell will not start its key handler (its access policy failed: the "No access" or
 * database-down screen): stop holding, so keys reach that screen's own controls.
 */
export function stopHoldingEarlyKeys() {
  if (mode !== 'early') return;
  mode = null;
  held = [];
  paletteAsked = false;
}

/** A navigation to another screen starts: hold keys until focus has landed in it. */
export function holdKeysForNavigation() {
  // Keys held while the palette closed go to the screen the navigation opens.
  if (mode === 'closing') {
    window.clearTimeout(navigationTimer);
    mode = null;
  }
  if (mode !== null) return;
  mode = 'navigation';
  navigationTimer = window.setTimeout(endNavigationHold, NAVIGATION_LOAD_MAX_MS);
}

/**
 * The navigation settled: its screen is there (or its error screen, or it was given up), and focus
 * is about to land. From now on a screen that never says where focus goes keeps the keys
 * NAVIGATION_HOLD_MS at most.
 */
export function navigationSettled() {
  if (mode !== 'navigation') return;
  window.clearTimeout(navigationTimer);
  navigationTimer = window.setTimeout(releaseNavigationKeys, NAVIGATION_HOLD_MS);
}

function endNavigationHold(): HeldKey[] {
  window.clearTimeout(navigationTimer);
  mode = null;
  const keys = held;
  held = [];
  return keys;
}

/**
 * The palette closes by a key it held (Escape, Ctrl+K, or Enter on an entry: "Users", Enter, J),
 * and React has not yet rendered the close. The keys held after that key, and those typed until it has closed and given focus back, wait for
 * `paletteClosed`: played while the closing palette still showed, they would reach its input; a
 * Ctrl+K among them would reopen it before React ever closed it, and the reopened palette would
 * never take its keys (issue 24).
 */
export function holdKeysUntilPaletteClosed(keys: HeldKey[]) {
  if (mode === 'navigation' || mode === 'closing') {
    held.push(...keys);
    return;
  }
  if (mode !== null) return;
  mode = 'closing';
  held = [...keys];
  navigationTimer = window.setTimeout(paletteClosed, NAVIGATION_HOLD_MS);
}

/** The palette has closed and given focus back: the keys held meanwhile go there. */
export function paletteClosed() {
  if (mode !== 'closing') return;
  replay(endNavigationHold());
}

/** Focus is in the new screen (or the user moved it): the held keys go there. */
export function releaseNavigationKeys() {
  if (mode !== 'navigation') return;
  replay(endNavigationHold());
}
