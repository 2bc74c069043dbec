import { cn } from '../../lib/cn.ts';

/** A menu trigger's classes (shared by the Radix trigger and its stand-in before Radix loads); the caller sets the padding. */
export const menuTriggerClass = (className?: string) =>
  cn('rounded-md text-sm font-medium focus-visible:outline-2 focus-visible:outline-white', className);
