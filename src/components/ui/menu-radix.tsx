// Loaded on first use through menu.tsx (not imported by the first screen).
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, KeyboardEvent, FocusEvent as ReactFocusEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { takeKeyboardOpen } from './deferred-trigger.tsx';
import { menuTriggerClass } from './menu-trigger-class.ts';

/**
 * Menus are not modal: a modal Radix menu sets aria-hidden on the rest of the page while its
 * links and buttons stay focusable (axe: aria-hidden-focus). Arrow keys, typeahead, Escape and
 * focus return work the same either way.
 */
export function MenuRoot({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}

export function MenuTrigger({ className, ...props }: ComponentProps<typeof Menu.Trigger>) {
  return <Menu.Trigger data-slot="menu-trigger" className={menuTriggerClass(className)} {...props} />;
}

export type MenuContentProps = {
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  'aria-label'?: string;
  onCloseAutoFocus?: ComponentProps<typeof Menu.Content>['onCloseAutoFocus'];
};

const enabledItems = (content: HTMLElement) => [...content.querySelectorAll<HTMLElement>('[role="menuitem"]:not([data-disabled])')];

/**
 * An open menu's entries may change under the user (new grants arrive with any API answer and
 * take an entry away or add one). When the focused entry goes, focus moves to its neighbour (the
 * next entry, else the one before) instead of falling to <body>, where arrow keys and Escape no
 * longer reach the menu.
 */
/** Per open menu: the focused entry and the entries in order as they were when it was last seen. */
const seen = new WeakMap<HTMLElement, { focused: HTMLElement | null; order: HTMLElement[] }>();

function focusStaysInMenu(content: HTMLDivElement | null) {
  if (!content) return;
  const state = seen.get(content) ?? { focused: null, order: [] };
  seen.set(content, state);
  const remember = (event: FocusEvent) => {
    state.focused = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[role="menuitem"]') : null;
    state.order = enabledItems(content);
  };
  const follow = () => {
    const { focused, order } = state;
    if (!focused) return;
    if (focused.isConnected) {
      state.order = enabledItems(content);
      return;
    }
    state.focused = null;
    // Focus the user or the menu has put elsewhere meanwhile stays there.
    if (document.activeElement && document.activeElement !== document.body) return;
    const at = order.indexOf(focused);
    const neighbour = [...order.slice(at + 1), ...order.slice(0, Math.max(at, 0)).reverse()].find((item) => item.isConnected && content.contains(item));
    (neighbour ?? enabledItems(content)[0] ?? content).focus();
  };
  // The ref may be set again in the very commit that removed the entry.
  follow();
  const observer = new MutationObserver(follow);
  content.addEventListener('focusin', remember);
  observer.observe(content, { childList: true, subtree: true });
  return () => {
    content.removeEventListener('focusin', remember);
    observer.disconnect();
  };
}

const moves: Record<string, 1 | -1 | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last', PageUp: 'first', PageDown: 'last' };

/**
 * The arrow keys (and Home, End) move focus at once. Radix's roving focus moves it in a timer after
 * the key, so a second ArrowDown pressed before that timer ran started from the same entry and was
 * lost: three quick ArrowDowns landed on the third entry, not the fourth (menus.spec, in a full
 * run). The same moves as Radix's menu: no wrapping at the ends, and from the menu itself the
 * first (or, going up, the last) entry.
 */
function moveAtOnce(event: KeyboardEvent<HTMLDivElement>) {
  const move = moves[event.key];
  if (!move || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
  const items = enabledItems(event.currentTarget);
  if (items.length === 0) return;
  const active = document.activeElement;
  const at = items.findIndex((item) => item === active || item.contains(active));
  const next =
    move === 'first' ? items[0] : move === 'last' ? items.at(-1) : at === -1 ? (move === 1 ? items[0] : items.at(-1)) : (items[at + move] ?? items[at]);
  event.preventDefault();
  event.stopPropagation();
  next?.focus();
}

/**
 * Opened by a key on the stand-in trigger (deferred-trigger.tsx): focus goes on to the first
 * entry, as Radix does for a key on its own trigger. (Radix focuses the menu itself as it opens.)
 */
function focusFirstAfterKey(event: ReactFocusEvent<HTMLDivElement>) {
  if (event.target !== event.currentTarget || !takeKeyboardOpen()) return;
  enabledItems(event.currentTarget)[0]?.focus({ preventScroll: true });
}

export function MenuContent({ children, align = 'start', className, 'aria-label': ariaLabel, onCloseAutoFocus }: MenuContentProps) {
  // Rendered in place rather than in a portal, so the open menu stays inside its landmark (the
  // header) for assistive technology (axe: region); its position is fixed, so nothing clips it.
  return (
    <Menu.Content
      ref={focusStaysInMenu}
      data-slot="menu-content"
      align={align}
      sideOffset={6}
      collisionPadding={8}
      aria-label={ariaLabel}
      onCloseAutoFocus={onCloseAutoFocus}
      onKeyDownCapture={moveAtOnce}
      onFocus={focusFirstAfterKey}
      className={cn(
        // A long menu on a short screen scrolls instead of running off it.
        'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-56 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
    >
      {children}
    </Menu.Content>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      data-slot="menu-item"
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900 dark:data-highlighted:bg-slate-700 dark:data-highlighted:text-white',
        className,
      )}
      {...props}
    />
  );
}

export function MenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs text-slate-600 dark:text-slate-300', className)}>{children}</Menu.Label>;
}

export const MenuGroup = Menu.Group;

export const MenuSeparator = () => <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
