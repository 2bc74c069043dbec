import { FetchError, ofetch } from 'ofetch';
import type { ApiError } from '../../domain/api.ts';
import { messages } from '../../domain/messages.ts';
import { selectedAccountIdAtom, store } from '../state/account.ts';
import { auth, signIn } from './auth.ts';
import { settings } from './settings.ts';

/** The API's refusal, with the server's message and field errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Bearer token on every call; `accountId` appended when acting in another account (spec §7). */
export const api = ofetch.create({
  baseURL: settings.apiBaseUrl,
  retry: 0,
  async onRequest({ options }) {
    const token = await auth.getTokenSilently();
    options.headers = new Headers(options.headers);
    options.headers.set('Authorization', `Bearer ${token}`);
    const accountId = store.get(selectedAccountIdAtom);
    // An explicit accountId (a page about another account) wins over the selected account.
    if (accountId && !options.query?.accountId) options.query = { ...options.query, accountId };
  },
});

export async function request<T>(path: string, options: Parameters<typeof api>[1] = {}): Promise<T> {
  try {
    return (await api<T>(path, options as never)) as T;
  } catch (error) {
    if (error instanceof FetchError) {
      const body = error.data as Partial<ApiError> | undefined;
      const status = error.statusCode ?? 0;
      if (status === 401) void signIn(window.location.pathname + window.location.search);
      throw new ApiRequestError(status, body?.error?.code ?? 'network', body?.error?.message ?? messages.serverError, body?.error?.fields);
    }
    if (error instanceof Error && 'error' in error && (error as { error: string }).error === 'login_required') {
      void signIn(window.location.pathname + window.location.search);
    }
    throw error;
  }
}
