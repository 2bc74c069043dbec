import { queryOptions } from '@tanstack/react-query';
import type { TelephonySettings } from '../../domain/telephony-settings.ts';
import { request } from './api.ts';
import { retryUnlessRefused } from './query.ts';

/**
 * The practice's telephony settings (`GET /telephony/settings`), read by their own screen and by
 * the masked call form (its limits' defaults): one query key for both, so a save shows in each.
 */
export const telephonySettingsKey = (account: string) => [account, 'telephony', 'settings'] as const;

export const telephonySettingsQuery = (account: string) =>
  queryOptions({ queryKey: telephonySettingsKey(account), queryFn: () => request<TelephonySettings>('/telephony/settings'), retry: retryUnlessRefused, retryOnMount: false });
