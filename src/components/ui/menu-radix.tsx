// Loaded on first use through menu.tsx (not imported by the first screen).
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
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
