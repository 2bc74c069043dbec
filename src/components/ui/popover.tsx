import type * as Popover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { deferred } from '../../lib/deferred.ts';
import { DeferredTriggerContext, useDeferredTrigger, useDeferredTriggerContext } from './deferred-trigger.tsx';

/**
 * Radix popover (and its positioning library), loaded on first use or when the browser is idle
 * after the first screen, like the menus (menu.tsx). Content renders in place.
 */
const radix = deferred(() => import('./popover-radix.tsx'));

export function PopoverRoot({ children, ...props }: ComponentProps<typeof Popover.Root>) {
  const { loaded, defaultOpen, trigger } = useDeferredTrigger(radix, 'dialog', props.onOpenChange);
  return (
    <DeferredTriggerContext value={trigger}>
      {loaded ? (
        <loaded.PopoverRoot defaultOpen={defaultOpen} {...props}>
          {children}
        </loaded.PopoverRoot>
      ) : (
        children
      )}
    </DeferredTriggerContext>
  );
}

export function PopoverTrigger(props: ComponentProps<typeof Popover.Trigger>) {
  const loaded = radix.useLoaded();
  const { standIn, triggerRef } = useDeferredTriggerContext();
  if (loaded) return <loaded.PopoverTrigger ref={triggerRef} {...props} />;
  const { asChild: _asChild, ...buttonProps } = props;
  return <button {...standIn(buttonProps as ComponentProps<'button'>)} />;
}

export function PopoverContent(props: ComponentProps<typeof Popover.Content>) {
  const loaded = radix.useLoaded();
  return loaded ? <loaded.PopoverContent {...props} /> : null;
}
