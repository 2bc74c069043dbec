import { FetchError, ofetch } from 'ofetch';
import { accountInactive, type ApiError } from '../../domain/api.ts';
import { shellMessages as messages } from '../../domain/shell-messages.ts';
import { accountInactiveAtom, selectedAccountIdAtom, store } from '../state/account.ts';
import { accessToken, signIn } from './auth.ts';
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

/**
 * What the caller's role granted at the last answer (the API's `X-Access-Policy` stamp): when it
 * changes (someone edited the role), the listeners reload the access policy, so menus and
 * commands follow the role on the next request.
 */
let policyStamp: string | null = null;
const policyListeners = new Set<() => void>();
export function onPolicyChanged(listener: () => void): () => void {
  policyListeners.add(listener);
  return () => policyListeners.delete(listener);
}

/** Bearer token on every call; `accountId` appended when acting in another account (spec §7). */
export const api = ofetch.create({
  baseURL: settings.apiBaseUrl,
  retry: 0,
  async onRequest({ options }) {
    const token = await accessToken();
    options.headers = new Headers(options.headers);
    options.headers.set('Authorization', `Bearer ${token}`);
    const accountId = store.get(selectedAccountIdAtom);
    // An explicit accountId (a page about another account) wins over the selected account.
    if (accountId && !options.query?.accountId) options.query = { ...options.query, accountId };
  },
  onResponse({ response }) {
    const stamp = response.headers.get('X-Access-Policy');
    if (!stamp || stamp === policyStamp) return;
    const changed = policyStamp !== null;
    policyStamp = stamp;
    if (changed) for (const listener of policyListeners) listener();
  },
});

type RequestOptions = NonNullable<Parameters<typeof api>[1]>;

/**
 * Creates sent but not answered, by path and body, with their Idempotency-Key: submitting the
 * same create again after a lost answer (a dropped connection, a 503) reuses the key, so the
 * server answers with what the first submit made instead of making it twice.
 */
const unansweredCreates = new Map<string, string>();

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A create (POST) carries an Idempotency-Key and is retried with the same key, which the server
 * makes safe (server/db/write.ts), when no answer came (ofetch counts that as 500) or a 5xx.
 */
function idempotent(path: string, options: RequestOptions): { options: RequestOptions; submit: string | null } {
  // Sign-out is not a create: it is neither keyed nor retried.
  if (options.method?.toUpperCase() !== 'POST' || path === '/auth/logout') return { options, submit: null };
  const submit = JSON.stringify([path, options.query ?? null, options.body ?? null]);
  const headers = new Headers(options.headers);
  // A caller that keys its creates itself (a CSV import's batches: one key per file and batch) keeps its key.
  const key = headers.get('Idempotency-Key') ?? unansweredCreates.get(submit) ?? newKey();
  unansweredCreates.set(submit, key);
  headers.set('Idempotency-Key', key);
  return { options: { ...options, headers, retry: 2, retryDelay: 1000, retryStatusCodes: [500, 502, 503, 504] }, submit };
}

export async function request<T>(path: string, requested: RequestOptions = {}): Promise<T> {
  const { options, submit } = idempotent(path, requested);
  try {
    const answer = (await api<T>(path, options as never)) as T;
    if (submit) unansweredCreates.delete(submit);
    return answer;
  } catch (error) {
    if (error instanceof FetchError) {
      const body = error.data as Partial<ApiError> | undefined;
      const status = error.statusCode ?? 0;
      // A refusal is an answer: the next submit is a new one. No answer or a 5xx: keep the key.
      if (submit && status >= 400 && status < 500) unansweredCreates.delete(submit);
      if (status === 401) void signIn(window.location.pathname + window.location.search);
      if (status === 403 && body?.error?.code === accountInactive.code) store.set(accountInactiveAtom, true);
      throw new ApiRequestError(status, body?.error?.code ?? 'network', body?.error?.message ?? messages.serverError, body?.error?.fields);
    }
    if (error instanceof Error && 'error' in error && (error as { error: string }).error === 'login_required') {
      void signIn(window.location.pathname + window.location.search);
    }
    throw error;
  }
}
