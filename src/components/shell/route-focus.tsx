import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstScreenFocused, holdKeysForNavigation, navigationSettled, releaseNavigationKeys } from '../../lib/key-buffer.ts';
import { leaveScreen, screenLeft } from '../../lib/leaving-screen.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';

/** A form's fields (and buttons) that can take focus. */
const fieldSelector = '#main form :is(input:not([type=hidden]), select, textarea, button):not([disabled])';

/**
 * A screen that is a form to fill (create, edit: its address says so) starts at its first field.
 * Any other screen never starts in a field, though it may show one (issue 40): an account's page
 * is its form, always editable, and "G I" typed there filled its Domain name; a record's page
 * starts at its heading, where the keyboard's shortcuts work.
 */
const isFormScreen = (pathname: string) => /\/(create\w*|edit|update\w*)(\/|$)/.test(pathname);

/**
 * Where focus goes in a new screen, best first: the list's table, a form screen's first field, the
 * heading. A form of a section other features add to a record (Tags' "Add tag") is not the
 * screen's task: a record's page starts at its heading.
 */
const targetsOf = (pathname: string) => (isFormScreen(pathname) ? ['#main [data-route-focus]', fieldSelector, '#main h1'] : ['#main [data-route-focus]', '#main h1']);
const allTargets = ['#main [data-route-focus]', fieldSelector, '#main h1'];

/** A dialog or menu holding focus; an open menu or popover anywhere, by its content or its trigger (see `tryFocus`). */
const openLayer = '[role="dialog"], [role="alertdialog"], [role="menu"]';
const openMenu = '[role="menu"][data-state="open"], [aria-haspopup][aria-expanded="true"]';

const candidates = () => allTargets.flatMap((selector) => [...document.querySelectorAll<HTMLElement>(selector)]);

/** Shown, and for a field also in view: focus never goes where the user cannot see it (scrolled off, hidden). */
function usable(element: HTMLElement, selector: string) {
  if (element.getClientRects().length === 0) return false;
  if (selector !== fieldSelector) return true;
  if (element.closest('[data-slot="record-section"]')) return false;
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

/** The screen's place for focus, skipping `stale` elements (of the screen being left). */
const findTarget = (stale: WeakSet<HTMLElement>, pathname = window.location.pathname) =>
  targetsOf(pathname)
    .map((selector) => [...document.querySelectorAll<HTMLElement>(selector)].find((element) => !stale.has(element) && usable(element, selector)))
    .find(Boolean);

/**
 * Focus on the screen's place for it. The page scrolls only to bring into view a target whose top
 * is out of view: a heading never scrolls, nor does a list whose first rows show. Focus would
 * otherwise scroll a list taller than the window to its top, and the filters above it out of view
 * (a whole test run saw the Interactions filters scroll away as the list took focus).
 */
function focusTarget(target: HTMLElement, neverScroll = false) {
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  const top = target.getBoundingClientRect().top;
  target.focus({ preventScroll: neverScroll || target.tagName === 'H1' || (top >= 0 && top < window.innerHeight) });
}

/**
 * Focus moves with the user, as accessible routers do: after a navigation to another screen
 * (palette, shortcut, link, a redirect after Save or Cancel) focus goes into the new screen and
 * its title is read out in a polite live region. Elements of the screen being left never count,
 * and a screen that renders late (lazy code, data) is waited for.
 */
export function RouteFocus() {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let stale = new WeakSet<HTMLElement>();
    let stop = () => {};
    /** From a navigation's start until its screen has focus (or the user put it somewhere): the rescue below waits. */
    let navigating = false;

    const unsubscribeBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.pathChanged) return;
      stop();
      navigating = true;
      stale = new WeakSet(candidates());
      holdKeysForNavigation();
      // From the start, not only once the progress bar shows: a fast click is the one to stop.
      leaveScreen();
    });

    const unsubscribeResolved = router.subscribe('onResolved', (event) => {
      navigationSettled();
      // Before anything takes focus in the new screen (an inert element cannot), also for a new
      // screen that reuses the old one's elements.
      screenLeft();
      if (!event.pathChanged || !event.fromLocation) {
        navigating = false;
        releaseNavigationKeys();
        return;
      }
      stop();
      const pathname = event.toLocation.pathname;
      const tryFocus = () => {
        const target = findTarget(stale, pathname);
        if (!target) return false;
        const heading = document.querySelector<HTMLElement>('#main h1');
        setAnnouncement(heading && !stale.has(heading) ? (heading.textContent ?? '').trim() : document.title.replace(/ · Astera$/, ''));
        // A layer the user opened meanwhile keeps the keyboard: a dialog (the side panel, a leave
        // prompt) or a header menu or popover. Focus leaving an open menu closes it (Radix counts
        // it as an interaction outside), so a menu opened while the screen loaded stays open, also
        // while its own content is still loading (it has not taken focus yet).
        navigating = false;
        if (document.activeElement?.closest(openLayer) || document.querySelector(openMenu)) {
          releaseNavigationKeys();
          return true;
        }
        focusTarget(target);
        // The screen was just committed: its fields start listening in their effects, which run
        // after this observer. Keys typed meanwhile stay held (in order) until a frame later.
        requestAnimationFrame(() => window.setTimeout(releaseNavigationKeys, 0));
        return true;
      };
      if (tryFocus()) return;
      const main = document.getElementById('main') ?? document.body;
      const observer = new MutationObserver(() => {
        if (tryFocus()) stop();
      });
      // The user moving focus themselves meanwhile wins.
      const handleFocusIn = () => {
        navigating = false;
        stop();
        releaseNavigationKeys();
      };
      observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'data-route-focus'] });
      document.addEventListener('focusin', handleFocusIn);
      stop = () => {
        observer.disconnect();
        document.removeEventListener('focusin', handleFocusIn);
        stop = () => {};
      };
    });

    // Focus never falls to <body> because what held it went away: a menu whose every entry new
    // grants took away (the menu and its button go), an Undo toast that was used, a row that was
    // deleted. Whoever removed it has the first word (a dialog gives focus back to its opener, a
    // menu to a neighbouring entry, in the same commit); if focus is still on <body> a frame later,
    // it goes to the screen's place for it, as after a navigation, where the keyboard works again.
    // Focus the user put on <body> (a click on an empty spot) stays: only a removed element counts.
    let held: HTMLElement | null = null;
    let frame = 0;
    const remember = (event: FocusEvent) => {
      held = event.target instanceof HTMLElement ? event.target : null;
    };
    const onBody = () => !document.activeElement || document.activeElement === document.body;
    const rescue = () => {
      if (!held || held.isConnected || !onBody()) return;
      held = null;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (navigating || !onBody() || document.querySelector(openLayer)) return;
        const target = findTarget(new WeakSet());
        if (!target) return;
        focusTarget(target, true);
      });
    };
    const rescuer = new MutationObserver(rescue);
    rescuer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', remember);

    // The first screen (opened by its address, or reloaded), once it shows, takes the focus as after
    // a navigation: a form screen's first field, so typing at once fills it instead of firing
    // shortcuts ("Night Desk" holds G H, which went Home and threw the form away); a list's table
    // or a record's heading otherwise, so the first Tab goes on from the screen's task, not from
    // "Skip to content", and a screen reader reads the title (issue 40).
    // Keys typed before that wait for it (key-buffer), then go where the focus is.
    const firstScreen = () => {
      // Not while the router still resolves the first screen (a redirect, lazy code, a loader):
      // what shows meanwhile is not the screen.
      if (router.state.status !== 'idle' || router.state.isLoading) return false;
      const target = findTarget(new WeakSet(), router.state.location.pathname);
      if (!target) return false;
      if (onBody() && !document.querySelector(openLayer) && !document.querySelector(openMenu)) {
        focusTarget(target);
      }
      firstScreenFocused();
      return true;
    };
    let stopFirst = () => {};
    let unmounted = false;
    // Checked once the screen is painted: its layout is then done, and the check (it measures
    // where the candidates are) does not force it early, inside the task that mounts the screen.
    void afterNextPaint().then(() => {
      if (unmounted || firstScreen()) return;
      const observer = new MutationObserver(() => {
        if (firstScreen()) stopFirst();
      });
      const handleFocusIn = () => {
        firstScreenFocused();
        stopFirst();
      };
      const unsubscribeFirst = router.subscribe('onResolved', () => {
        if (firstScreen()) stopFirst();
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'data-route-focus'] });
      document.addEventListener('focusin', handleFocusIn);
      stopFirst = () => {
        unsubscribeFirst();
        observer.disconnect();
        document.removeEventListener('focusin', handleFocusIn);
        stopFirst = () => {};
      };
    });

    return () => {
      unmounted = true;
      unsubscribeBefore();
      unsubscribeResolved();
      screenLeft();
      stop();
      stopFirst();
      releaseNavigationKeys();
      rescuer.disconnect();
      document.removeEventListener('focusin', remember);
      cancelAnimationFrame(frame);
    };
  }, [router]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-slot="route-announcer">
      {announcement}
    </p>
  );
}

