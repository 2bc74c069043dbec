import { createContext, useContext, useEffect, useRef, type ComponentProps, type KeyboardEvent, type PointerEvent, type RefCallback } from 'react';
import type { Deferred } from '../../lib/deferred.ts';

type Intent = { open: boolean; refocus: boolean };

/**
 * A menu opened by a key on its stand-in (Enter, Space, ArrowDown): the library, mounting open
 * after the key, cannot tell, and would focus the menu instead of its first entry as it does for
 * a key on its own trigger. `takeKeyboardOpen` (read once, by the menu as it opens) tells it.
 */
let keyboardOpenAt = Number.NEGATIVE_INFINITY;
export function takeKeyboardOpen(): boolean {
  const recent = performance.now() - keyboardOpenAt < 10_000;
  keyboardOpenAt = Number.NEGATIVE_INFINITY;
  return recent;
}

/**
 * A menu or popover whose library loads on first use: until it has, its trigger is a plain
 * button that looks and reads the same (role, name, `aria-haspopup`, collapsed), and what the
 * user did to it meanwhile is not lost — a press (menus), click or ArrowDown opens it once loaded, and focus
 * stays on the trigger that replaces it. A controlled root (`onOpenChange`) is told at once.
 */
export function useDeferredTrigger<T>(module: Deferred<T>, haspopup: 'menu' | 'dialog', onOpenChange?: (open: boolean) => void) {
  const loaded = module.useLoaded();
  module.useIdlePrefetch();
  const intent = useRef<Intent>({ open: false, refocus: false });

  const want = (open: boolean) => {
    intent.current = { open: intent.current.open || open, refocus: true };
    // A controlled root opens by its owner's state.
    if (open) onOpenChange?.(true);
    void module.load().catch(() => {});
  };
  /** Props of the stand-in trigger (before the library has loaded). */
  const standIn = (props: ComponentProps<'button'>): ComponentProps<'button'> & { 'data-state': 'closed' } => ({
    ...props,
    type: 'button',
    'aria-haspopup': haspopup,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => void module.load().catch(() => {}),
    // The stand-in opens on the press itself (a menu as Radix's trigger does; a popover, whose
    // Radix trigger opens on click, too): had it waited for the click, a library arriving between
    // press and release would replace it under the pointer and the click would reach neither
    // button (the menu or the account switcher would stay shut, or seem to close at once). The
    // library is asked for on hover, so it often arrives just then.
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      keyboardOpenAt = Number.NEGATIVE_INFINITY;
      if (event.button !== 0 || event.ctrlKey) return;
      // A menu keeps focus where it was, as Radix's menu trigger does; a popover's trigger takes it.
      if (haspopup === 'menu') event.preventDefault();
      want(true);
    },
    onFocus: () => want(false),
    onBlur: () => (intent.current.refocus = false),
    onClick: () => want(true),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (haspopup === 'menu' && ['Enter', ' ', 'ArrowDown'].includes(event.key)) keyboardOpenAt = performance.now();
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      want(true);
    },
  });
  /** On the real trigger: takes focus back when the stand-in had it (an opening menu takes it itself). */
  const triggerRef: RefCallback<HTMLButtonElement> = (element) => {
    if (!element || !intent.current.refocus) return;
    intent.current.refocus = false;
    if (!intent.current.open) element.focus();
  };
  // The root reads `open` as it mounts (its default); after that it is spent.
  useEffect(() => {
    if (loaded) intent.current.open = false;
  }, [loaded]);
  return { loaded, defaultOpen: intent.current.open, trigger: { standIn, triggerRef } };
}

export type DeferredTrigger = ReturnType<typeof useDeferredTrigger>['trigger'];

/** From the root to its trigger. */
export const DeferredTriggerContext = createContext<DeferredTrigger | null>(null);

export function useDeferredTriggerContext(): DeferredTrigger {
  const trigger = useContext(DeferredTriggerContext);
  if (!trigger) throw new Error('A deferred trigger must be inside its root');
  return trigger;
}
