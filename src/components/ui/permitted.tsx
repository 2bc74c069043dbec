import { cloneElement, useId, type ReactElement } from 'react';
import { missingGrant, useMeets, type Requirement } from '../../lib/policy.ts';

type PermittedProps = {
  /** The grant the control needs. */
  requires: Requirement;
  /**
   * What a role without it sees: nothing (default), or the control disabled with a tooltip
   * naming the missing grant, where its absence would leave the user wondering where it went.
   */
  whenDenied?: 'hide' | 'disable';
  /** One button (disable mode sets its `disabled`). */
  children: ReactElement<{ disabled?: boolean; 'aria-describedby'?: string }>;
};

/** The shared guard of controls the caller's role may not use (CONVENTIONS: one way to ask "may I?"). */
export function Permitted({ requires, whenDenied = 'hide', children }: PermittedProps) {
  const allowed = useMeets(requires);
  const reasonId = useId();
  if (allowed) return children;
  if (whenDenied === 'hide') return null;
  const reason = missingGrant(requires);
  // A disabled button gets no pointer events, so the tooltip sits on a wrapper; the reason is
  // also the button's accessible description.
  return (
    <span data-slot="permitted" title={reason} className="inline-flex">
      {cloneElement(children, { disabled: true, 'aria-describedby': reasonId })}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </span>
  );
}
