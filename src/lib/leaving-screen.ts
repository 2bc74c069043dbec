/** Marks what this module made inert, so it lifts only its own marks. */
const mark = 'data-leaving';
/**
 * A navigation that never settles (a request that never answers) must not leave the screen dead
 * for good: after this long it takes clicks again (the progress bar still says the next one loads).
 */
const LEAVING_MAX_MS = 20_000;
let bound: number | undefined;

/**
 * The screen being left, while the next one loads (issue 24): a click there would act on a screen
 * the user already left, so everything in `#main` is made inert (no click, no focus) but its `h1`
 * and the elements holding it, so the page keeps its main landmark and its heading (axe, screen
 * readers). The header is never touched: its menus and search stay usable meanwhile.
 *
 * Focus in the old screen goes to its heading first: an element made inert drops focus to <body>,
 * where route-focus would take it for focus stranded by a removed element once the old screen goes,
 * and "rescue" it into the new screen, away from a header menu opened meanwhile (role-access.spec).
 * Keys typed meanwhile are held for the new screen (key-buffer), not typed into the old one.
 */
export function leaveScreen() {
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const focused = document.activeElement;
  if (heading && focused instanceof HTMLElement && focused !== heading && main.contains(focused)) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  const holdsHeading = new Set<Element>();
  for (let element: Element | null = heading; element && element !== main; element = element.parentElement) holdsHeading.add(element);
  const cover = (parent: Element) => {
    for (const child of parent.children) {
      if (child === heading) continue;
      if (holdsHeading.has(child)) cover(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        child.setAttribute(mark, '');
      }
    }
  };
  cover(main);
  window.clearTimeout(bound);
  bound = window.setTimeout(screenLeft, LEAVING_MAX_MS);
}

/** The next screen is there, or the navigation ended without one (failed, superseded, given up): nothing stays inert. */
export function screenLeft() {
  window.clearTimeout(bound);
  for (const element of document.querySelectorAll(`[${mark}]`)) {
    element.removeAttribute('inert');
    element.removeAttribute(mark);
  }
}
