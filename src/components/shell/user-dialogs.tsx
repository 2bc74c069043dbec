import { useAtomValue } from 'jotai';
import { useId } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { updatePreferences } from '../../lib/preferences.ts';
import { preferencesAtom, type Theme } from '../../state/preferences.ts';
import { useToast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose } from '../ui/dialog.tsx';

type DialogProps = { open: boolean; onOpenChange(open: boolean): void };

const selectClass = 'mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';

export function UserSettingsDialog({ open, onOpenChange, policy }: DialogProps & { policy: AccessPolicy }) {
  const preferences = useAtomValue(preferencesAtom);
  const toast = useToast();
  const save = (patch: Parameters<typeof updatePreferences>[0]) => updatePreferences(patch).catch((error: Error) => toast('error', error.message));
  const themeId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="User Settings">
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Name</dt>
        <dd>{policy.user.name}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Email</dt>
        <dd>{policy.user.email}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Role</dt>
        <dd>{policy.role ?? 'No role'}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Account</dt>
        <dd>{policy.accountName}</dd>
      </dl>
      <label htmlFor={themeId} className="mt-4 block text-sm font-medium">
        Theme
      </label>
      <select
        id={themeId}
        className={selectClass}
        value={preferences.theme}
        onChange={(event) => void save({ theme: event.target.value as Theme })}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      <div className="mt-5 flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

const locales = ['en-US', 'en-GB', 'es-US', 'es-ES', 'fr-FR', 'de-DE', 'pt-BR', 'zh-CN', 'ja-JP', 'ar-SA'];

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?(key: string): string[] }).supportedValuesOf?.('timeZone');
  return supported && supported.length > 0 ? supported : ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London'];
}

export function LanguagesDialog({ open, onOpenChange }: DialogProps) {
  const preferences = useAtomValue(preferencesAtom);
  const toast = useToast();
  const save = (patch: Parameters<typeof updatePreferences>[0]) => updatePreferences(patch).catch((error: Error) => toast('error', error.message));
  const localeId = useId();
  const zoneId = useId();
  const browser = Intl.DateTimeFormat().resolvedOptions();
  const sample = new Intl.DateTimeFormat(preferences.locale ?? undefined, {
    dateStyle: 'full',
    timeStyle: 'long',
    timeZone: preferences.timeZone ?? undefined,
  }).format(new Date());
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Languages & Region" description="Used to format every date and time in the portal.">
      <label htmlFor={localeId} className="block text-sm font-medium">
        Locale
      </label>
      <select
        id={localeId}
        className={selectClass}
        value={preferences.locale ?? ''}
        onChange={(event) => void save({ locale: event.target.value || null })}
      >
        <option value="">Browser default ({browser.locale})</option>
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {locale}
          </option>
        ))}
      </select>
      <label htmlFor={zoneId} className="mt-3 block text-sm font-medium">
        Time zone
      </label>
      <select
        id={zoneId}
        className={selectClass}
        value={preferences.timeZone ?? ''}
        onChange={(event) => void save({ timeZone: event.target.value || null })}
      >
        <option value="">Browser default ({browser.timeZone})</option>
        {timeZones().map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        Example: <span className="font-medium">{sample}</span>
      </p>
      <div className="mt-5 flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
