import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ApiKeyCreated } from '../../../domain/api-keys.ts';
import { CreateScreen } from '../../components/ui/create-screen.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { useToast } from '../../lib/toast.ts';
import { ApiKeyForm, emptyApiKey, type ApiKeyValues } from './api-key-form.tsx';
import { useCreateApiKey } from './queries.ts';

/**
 * Create API key: name and role; then the secret, shown this once (only its hash is kept), with a
 * copy button, until the user goes on to the key's page.
 */
export function ApiKeyCreateScreen() {
  const create = useCreateApiKey();
  const navigate = useNavigate();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const handleSubmit = async (values: ApiKeyValues) => {
    setCreated(await create.mutateAsync({ name: values.name, roleId: values.roleId }));
  };

  return (
    <CreateScreen title="Create API key" back={{ to: '/system/apikeys', label: 'API Keys' }}>
      {created ? (
        <SecretOnce created={created} />
      ) : (
        <ApiKeyForm label="Create API key" submitLabel="Create API key" defaultValues={emptyApiKey} onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/system/apikeys' })} focusFirstField />
      )}
    </CreateScreen>
  );
}

/** The new key's secret: copy it now, it is not shown again. */
function SecretOnce({ created }: { created: ApiKeyCreated }) {
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const handleCopy = () => {
    navigator.clipboard.writeText(created.secret).then(
      () => toast('success', 'API key copied.'),
      () => toast('error', 'The key could not be copied: select it and copy it by hand.'),
    );
  };
  return (
    <section aria-labelledby="apikey-secret-title" className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950">
      <h2 id="apikey-secret-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        API key “{created.name}” created
      </h2>
      <p className="text-sm text-slate-800 dark:text-slate-100">
        <strong>Copy the key now: you won't see it again.</strong> Only a hash of it is kept, so no one can show it to you later. If it is lost, delete the key and
        create a new one.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="apikey-secret" className="sr-only">
          API key secret
        </label>
        <input
          id="apikey-secret"
          readOnly
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        <Button type="button" onClick={handleCopy}>
          Copy key
        </Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Send it as <code>Authorization: Bearer …</code> or <code>x-api-key: …</code>. It acts with the role “{created.roleName}” in this account only.
      </p>
      <div>
        <Link className={buttonClass('secondary')} to="/system/apikeys/$apiKeyId" params={{ apiKeyId: created.id }}>
          Done
        </Link>
      </div>
    </section>
  );
}
