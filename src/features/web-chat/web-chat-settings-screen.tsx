import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { chatSnippet, type ChatSettings } from '../../../domain/chat.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Card } from '../../components/ui/description-list.tsx';
import { Field, FormError, Textarea } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useCopyValue } from '../../components/ui/token.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { useCan } from '../../lib/policy.ts';
import { useToast } from '../../lib/toast.ts';
import { useSaveWebChatSettings, webChatSettingsQuery } from './queries.ts';

/**
 * The practice's web chat (issue 42): turn it on, list the sites that may show the widget (each an
 * origin, one per line), and copy the snippet to paste into the practice's website.
 */
export function WebChatSettingsScreen() {
  const { data } = useSuspenseQuery(webChatSettingsQuery(useAccountKey()));
  // Keyed by version: a save (or someone else's, on reload) starts the form from what is stored.
  return <WebChatSettingsForm key={data.version} settings={data} />;
}

function WebChatSettingsForm({ settings }: { settings: ChatSettings }) {
  const mayChange = useCan('/chat/settings', 'PATCH');
  const save = useSaveWebChatSettings();
  const toast = useToast();
  const copy = useCopyValue();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [sites, setSites] = useState(settings.sites.join('\n'));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const sitesError = Object.entries(fieldErrors).find(([name]) => name.startsWith('sites'))?.[1] ?? null;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setRefusal(null);
    const listed = sites
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      await save.mutateAsync({ version: settings.version || undefined, enabled, sites: listed });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setFieldErrors(error.fields);
        if (Object.keys(error.fields).length === 0) setRefusal(error.message);
      } else setRefusal(messages.serverError);
      return;
    }
    toast('success', 'Web chat settings saved.');
  };

  const snippet = settings.widgetUrl ? chatSnippet(settings.widgetUrl) : null;
  return (
    <article aria-labelledby="web-chat-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader titleId="web-chat-title" title="Web chat" description={settings.enabled ? 'On: patients can chat from the listed sites.' : 'Off: the widget shows that chat is not available.'} />
      <Card title="Settings" titleId="web-chat-settings">
        <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Checkbox
            checked={enabled}
            onCheckedChange={setEnabled}
            disabled={!mayChange}
            label="Turn on web chat"
            description="Patients start a chat from the widget on your website; each chat is a call in the call history, answered from its page."
          />
          <Field label="Sites that show the widget" hint="One per line, each an address such as https://www.your-practice.example. Only these sites may show the widget." error={sitesError}>
            {(control) => <Textarea {...control} rows={4} value={sites} onChange={(event) => setSites(event.target.value)} disabled={!mayChange} spellCheck={false} />}
          </Field>
          {refusal ? <FormError>{refusal}</FormError> : null}
          {mayChange ? (
            <div>
              <Button type="submit" pending={save.isPending}>
                Save web chat
              </Button>
            </div>
          ) : null}
        </form>
      </Card>
      <Card title="Snippet for your website" titleId="web-chat-snippet">
        {snippet ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">Paste it into the page of your website where the chat should appear.</p>
            <pre className="overflow-x-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap break-all dark:bg-slate-800" data-testid="web-chat-snippet">
              {snippet}
            </pre>
            <div>
              <Button variant="secondary" onClick={() => void copy(snippet, 'Snippet')}>
                Copy snippet
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">Save the settings once to get the snippet.</p>
        )}
      </Card>
    </article>
  );
}
