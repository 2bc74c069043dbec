import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type RefObject } from 'react';
import type { WebhookEndpointWithSecret } from '../../../domain/webhooks.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { useToast } from '../../lib/toast.ts';

/**
 * An endpoint's signing secret, shown this once (after creating it or rotating its secret), with a
 * copy button; its heading takes the focus (`headingRef`: for the dialog that showed it to leave it there).
 */
export function WebhookSecretOnce({ endpoint, title, onDone, headingRef }: { endpoint: WebhookEndpointWithSecret; title: string; onDone?(): void; headingRef?: RefObject<HTMLHeadingElement | null> }) {
  const toast = useToast();
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  useEffect(() => heading.current?.focus(), [heading]);
  const handleCopy = () => {
    navigator.clipboard.writeText(endpoint.secret).then(
      () => toast('success', 'Signing secret copied.'),
      () => toast('error', 'The secret could not be copied: select it and copy it by hand.'),
    );
  };
  return (
    <section aria-labelledby="webhook-secret-title" className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950">
      <h2 id="webhook-secret-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {title}
      </h2>
      <p className="text-sm text-slate-800 dark:text-slate-100">
        <strong>Copy the signing secret now: you won't see it again.</strong> Your receiver verifies each event's <code>webhook-signature</code> with it (Standard
        Webhooks). If it is lost, rotate the secret.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="webhook-secret" className="sr-only">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={endpoint.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        <Button type="button" onClick={handleCopy}>
          Copy secret
        </Button>
      </div>
      {endpoint.previousSecretExpiresAt ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">The previous secret keeps signing beside this one for a day, so your receiver can switch without losing an event.</p>
      ) : null}
      <div>
        {onDone ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            Done
          </Button>
        ) : (
          <Link className={buttonClass('secondary')} to="/system/webhooks/$webhookId" params={{ webhookId: endpoint.id }}>
            Done
          </Link>
        )}
      </div>
    </section>
  );
}
