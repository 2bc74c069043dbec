// Loaded on first use through popover.tsx (not imported by the first screen).
import * as Popover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';

export const PopoverRoot = Popover.Root;
export const PopoverTrigger = Popover.Trigger;

/** Rendered in place, not in a portal, so an open popover stays inside its landmark (axe: region). */
export function PopoverContent(props: ComponentProps<typeof Popover.Content>) {
  return <Popover.Content {...props} />;
}
