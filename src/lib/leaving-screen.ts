/** Marks what this module made inert, so it takes off only its own marks. */
const mark = 'data-leaving';

/**
 * The screen being left, while the next one loads (issue 24): it takes no click, no focus and no
 * key (a fast click on its Delete deleted the schedule being left), yet the page keeps its main
 * landmark and its level-one heading, so assistive technology (and axe) still finds the page's
 * structure. So every element of `#main` is made inert but the heading and the elements that hold
 * it. A field of the old screen that had focus loses it to <body>, where the key buffer holds the
 * keys typed meanwhile for the new screen.
 */
export function leaveScreen() {
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector('h1');
  const path = new Set<Element>();
  for (let element: Element | null = heading; element && element !== main; element = element.parentElement) path.add(element);
  const cover = (parent: Element) => {
    for (const child of parent.children) {
      if (child === heading) continue;
      if (path.has(child)) cover(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        child.setAttribute(mark, '');
      }
    }
  };
  cover(main);
}

/** The next screen is there (or the navigation ended without one): nothing stays inert. */
export function screenLeft() {
  for (const element of document.querySelectorAll(`[${mark}]`)) {
    element.removeAttribute('inert');
    element.removeAttribute(mark);
  }
}
