import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSettings, ChatSettingsPatch } from '../../../domain/chat.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';

const path = '/chat/settings';

/** Query keys of web chat; the account comes first (switching accounts clears them all). */
export const webChatKeys = {
  settings: (account: string) => [account, 'web-chat', 'settings'] as const,
};

export const webChatSettingsQuery = (account: string) =>
  queryOptions({ queryKey: webChatKeys.settings(account), queryFn: () => request<ChatSettings>(path), retry: retryUnlessRefused });

export function useSaveWebChatSettings() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: Partial<ChatSettingsPatch>) => request<ChatSettings>(path, { method: 'PATCH', body }),
    onSuccess: (settings) => queryClient.setQueryData(webChatKeys.settings(account), settings),
  });
}
