import type * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { deferred } from '../../lib/deferred.ts';
import { menuTriggerClass } from './menu-trigger-class.ts';
import { DeferredTriggerContext, useDeferredTrigger, useDeferredTriggerContext } from './deferred-trigger.tsx';

/**
 * The header's menus (Radix dropdown menu, with its positioning library) are not needed to show
 * the first screen: they load on first use (hover, focus, click) or when the browser is idle
 * after it. The parts keep the API of `menu-radix.tsx`; until it has loaded, the trigger is a
 * stand-in and the (closed) content renders nothing.
 */
const radix = deferred(() => import('./menu-radix.tsx'));

export function MenuRoot({ children, ...props }: ComponentProps<typeof Menu.Root>) {
  const { loaded, defaultOpen, trigger } = useDeferredTrigger(radix, 'menu');
  return (
    <DeferredTriggerContext value={trigger}>
      {loaded ? (
        <loaded.MenuRoot defaultOpen={defaultOpen} {...props}>
          {children}
        </loaded.MenuRoot>
      ) : (
        children
      )}
    </DeferredTriggerContext>
  );
}

export function MenuTrigger({ className, ...props }: ComponentProps<typeof Menu.Trigger>) {
  const loaded = radix.useLoaded();
  const { standIn, triggerRef } = useDeferredTriggerContext();
  if (loaded) return <loaded.MenuTrigger ref={triggerRef} className={className} {...props} />;
  const { asChild: _asChild, ...buttonProps } = props;
  return <button {...standIn({ ...(buttonProps as ComponentProps<'button'>), className: menuTriggerClass(className) })} data-slot="menu-trigger" />;
}

export function MenuContent(props: { children: ReactNode; align?: 'start' | 'end' }) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuContent {...props} /> : null;
}

export function MenuItem(props: ComponentProps<typeof Menu.Item>) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuItem {...props} /> : null;
}

export function MenuLabel(props: { children: ReactNode }) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuLabel {...props} /> : null;
}

export function MenuSeparator() {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuSeparator /> : null;
}
