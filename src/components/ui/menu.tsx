import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Not modal: a modal menu hides the page with aria-hidden while its trigger and the page's
 * links stay focusable behind it (axe: aria-hidden-focus). Esc, outside clicks and focus return
 * work the same.
 */
export function MenuRoot(props: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={false} {...props} />;
}

export function MenuTrigger({ className, ...props }: ComponentProps<typeof Menu.Trigger>) {
  return (
    <Menu.Trigger
      data-slot="menu-trigger"
      className={cn('rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white', className)}
      {...props}
    />
  );
}

/** Rendered in place (no portal), so the open menu stays inside its landmark (the header). */
export function MenuContent({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <Menu.Content
      data-slot="menu-content"
      align={align}
      sideOffset={6}
      className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
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

export function MenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2 py-1.5 text-xs text-slate-600 dark:text-slate-300">{children}</Menu.Label>;
}

export const MenuSeparator = () => <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
