import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelephonySettings, TelephonySettingsPatch } from '../../../domain/telephony-settings.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { telephonySettingsKey } from '../../lib/telephony-settings.ts';

export { telephonySettingsQuery } from '../../lib/telephony-settings.ts';

/** Saves what the form sends; the answer (the settings as saved) replaces the page's. */
export function useSaveTelephonySettings() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: TelephonySettingsPatch) => request<TelephonySettings>('/telephony/settings', { method: 'PATCH', body }),
    onSuccess: (settings) => queryClient.setQueryData(telephonySettingsKey(account), settings),
  });
}
