import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { WebhookEndpointWithSecret } from '../../../domain/webhooks.ts';
import { CreateScreen } from '../../components/ui/create-screen.tsx';
import { emptyWebhook, toWebhookBody, WebhookForm, type WebhookValues } from './webhook-form.tsx';
import { WebhookSecretOnce } from './webhook-secret.tsx';
import { useCreateWebhook } from './queries.ts';

/** Create webhook endpoint: URL, description, events, active; then its signing secret, shown this once. */
export function WebhookCreateScreen() {
  const create = useCreateWebhook();
  const navigate = useNavigate();
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);

  const handleSubmit = async (values: WebhookValues) => {
    setCreated(await create.mutateAsync(toWebhookBody(values)));
  };

  return (
    <CreateScreen title="Create webhook endpoint" back={{ to: '/system/webhooks', label: 'Webhooks' }}>
      {created ? (
        <WebhookSecretOnce endpoint={created} title="Webhook endpoint created" />
      ) : (
        <WebhookForm label="Create webhook endpoint" submitLabel="Create endpoint" defaultValues={emptyWebhook} onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/system/webhooks' })} focusFirstField />
      )}
    </CreateScreen>
  );
}
