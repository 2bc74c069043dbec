// Loaded on first use through popover.tsx (not imported by the first screen).
import * as Popover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';

export const PopoverRoot = Popover.Root;
export const PopoverTrigger = Popover.Trigger;

export function PopoverContent(props: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content {...props} />
    </Popover.Portal>
  );
}
