import type * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { deferred } from '../../lib/deferred.ts';
import { menuTriggerClass } from './menu-trigger-class.ts';
import type { MenuContentProps } from './menu-radix.tsx';
import { DeferredTriggerContext, useDeferredTrigger, useDeferredTriggerContext } from './deferred-trigger.tsx';

/**
 * The header's menus (Radix dropdown menu, with its positioning library) are not needed to show
 * the first screen: they load on first use (hover, focus, click) or when the browser is idle
 * after it. The parts keep the API of `menu-radix.tsx`; until it has loaded, the trigger is a
 * stand-in and the (closed) content renders nothing.
 */
const radix = deferred(() => import('./menu-radix.tsx'));

export function MenuRoot({ children, ...props }: ComponentProps<typeof Menu.Root>) {
  // A controlled root (the phone menu) is told at once when the stand-in is used.
  const { loaded, defaultOpen, trigger } = useDeferredTrigger(radix, 'menu', props.onOpenChange);
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

export function MenuContent(props: MenuContentProps) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuContent {...props} /> : null;
}

export function MenuItem(props: ComponentProps<typeof Menu.Item>) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuItem {...props} /> : null;
}

export function MenuLabel(props: { children: ReactNode; className?: string }) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuLabel {...props} /> : null;
}

export function MenuGroup(props: ComponentProps<typeof Menu.Group>) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuGroup {...props} /> : null;
}

export function MenuSeparator() {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.MenuSeparator /> : null;
}

/**
 * For items that open something else (a dialog, the palette): `later(fn)` (in the item's
 * `onSelect`) runs fn once the menu has closed and given focus back to its trigger, so the new
 * layer takes focus after that and returns it to the trigger when it closes. Pass
 * `onCloseAutoFocus` to the MenuContent.
 */
export function useAfterMenuClose() {
  const pending = useRef<(() => void) | null>(null);
  return {
    later: (run: () => void) => {
      pending.current = run;
    },
    onCloseAutoFocus: () => {
      const run = pending.current;
      pending.current = null;
      // After Radix has focused the trigger (it does so right after this handler).
      if (run) queueMicrotask(run);
    },
  };
}
