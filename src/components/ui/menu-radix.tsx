// Loaded on first use through menu.tsx (not imported by the first screen).
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { menuTriggerClass } from './menu-trigger-class.ts';

export const MenuRoot = Menu.Root;

export function MenuTrigger({ className, ...props }: ComponentProps<typeof Menu.Trigger>) {
  return (
    <Menu.Trigger data-slot="menu-trigger" className={menuTriggerClass(className)} {...props} />
  );
}

export function MenuContent({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <Menu.Portal>
      <Menu.Content
        data-slot="menu-content"
        align={align}
        sideOffset={6}
        className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
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
