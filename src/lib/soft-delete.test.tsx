// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./auth.ts', () => ({ accessToken: () => Promise.resolve('token'), signIn: vi.fn() }));
const request = vi.fn<(path: string, options?: { method?: string }) => Promise<unknown>>();
vi.mock('./api.ts', async (original) => ({ ...(await original<typeof import('./api.ts')>()), request: (path: string, options?: { method?: string }) => request(path, options) }));
const { ApiRequestError } = await import('./api.ts');
const { Toaster } = await import('../components/ui/toast.tsx');
const { useSoftDelete, kindOf, mayDeleteAny } = await import('./soft-delete.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const target = {
  path: '/contactpoints/contact-points/cp1',
  restorePath: '/contactpoints/contact-points/cp1/restore',
  kind: 'Contact point',
  name: 'Front desk',
  invalidate: [['own', 'contact-points', 'list']],
};

let root: Root;
let container: HTMLElement;
let queryClient: QueryClient;
let invalidated: unknown[];
let outcome: boolean[];

function Screen() {
  const remove = useSoftDelete();
  return (
    <>
      <input aria-label="Some field" />
      <button type="button" onClick={() => void remove(target).then((ok) => outcome.push(ok))}>
        Delete
      </button>
      <Toaster />
    </>
  );
}

beforeEach(async () => {
  request.mockReset();
  outcome = [];
  invalidated = [];
  queryClient = new QueryClient();
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return Promise.resolve();
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      // A store of its own: no toast of another test shows.
      <Provider store={createStore()}>
        <QueryClientProvider client={queryClient}>
          <Screen />
        </QueryClientProvider>
      </Provider>,
    ),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
const toasts = () => [...container.querySelectorAll('[role="status"], [role="alert"]')].map((t) => t.textContent);
const click = (name: string) => act(async () => button(name)!.click());
const ctrlZ = (on: EventTarget = document.body) =>
  act(async () => {
    on.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
  });
const calls = () => request.mock.calls.map(([path, options]) => `${options?.method ?? 'GET'} ${path}`);

describe('useSoftDelete', () => {
  it('deletes, refreshes the given queries and "Recently deleted", and offers Undo in the toast', async () => {
    request.mockResolvedValue(null);
    await click('Delete');
    expect(calls()).toEqual(['DELETE /contactpoints/contact-points/cp1']);
    expect(outcome).toEqual([true]);
    expect(invalidated).toEqual([target.invalidate[0], ['own', 'deleted']]);
    expect(toasts()).toEqual(['Contact point “Front desk” deletedUndo']);
  });

  it('Undo restores through the restore path, refreshes again and says so', async () => {
    request.mockResolvedValue(null);
    await click('Delete');
    invalidated = [];
    await click('Undo');
    expect(calls()).toEqual(['DELETE /contactpoints/contact-points/cp1', 'POST /contactpoints/contact-points/cp1/restore']);
    expect(invalidated).toEqual([target.invalidate[0], ['own', 'deleted']]);
    expect(toasts()).toEqual(['Restored contact point “Front desk”']);
  });

  it('Ctrl+Z undoes the last delete while its toast shows, not while typing in a field, and only once', async () => {
    request.mockResolvedValue(null);
    await click('Delete');
    await ctrlZ(container.querySelector('input')!);
    expect(calls()).toEqual(['DELETE /contactpoints/contact-points/cp1']);
    await ctrlZ();
    expect(calls()).toEqual(['DELETE /contactpoints/contact-points/cp1', 'POST /contactpoints/contact-points/cp1/restore']);
    expect(toasts()).toEqual(['Restored contact point “Front desk”']);
    await ctrlZ();
    expect(calls()).toHaveLength(2);
  });

  it("a refused restore shows the server's message", async () => {
    const taken = 'value is already used by contact point “New holder” (cp2)';
    request.mockResolvedValueOnce(null).mockRejectedValueOnce(new ApiRequestError(409, 'conflict', taken, { value: taken }));
    await click('Delete');
    await click('Undo');
    expect(toasts()).toEqual([taken]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(taken);
  });

  it("a refused delete shows the server's message and offers no Undo", async () => {
    request.mockRejectedValueOnce(new ApiRequestError(403, 'forbidden', 'You do not have permission.'));
    await click('Delete');
    expect(outcome).toEqual([false]);
    expect(toasts()).toEqual(['You do not have permission.']);
    expect(button('Undo')).toBeUndefined();
    expect(invalidated).toEqual([]);
  });
});

describe('helpers', () => {
  it('names a resource type as the toasts do', () => {
    expect(kindOf('ContactPoint')).toBe('Contact point');
    expect(kindOf('Location')).toBe('Location');
    expect(kindOf('InsurancePlan')).toBe('Insurance plan');
  });

  it('"Recently deleted" is for roles that may delete a soft-deletable kind', () => {
    const policy = { instanceAdmin: false, resources: {} } as Parameters<typeof mayDeleteAny>[0];
    expect(mayDeleteAny(policy)).toBe(false);
    expect(mayDeleteAny({ ...policy, resources: { '/person/persons': { GET: true } } })).toBe(false);
    expect(mayDeleteAny({ ...policy, resources: { '/contactpoints/contact-points/{id}': { GET: true, DELETE: true } } })).toBe(true);
    // Deleting one's own notifications (every role may) restores nothing.
    expect(mayDeleteAny({ ...policy, resources: { '/notifications/notifications/{id}': { GET: true, PATCH: true, DELETE: true } } })).toBe(false);
    expect(mayDeleteAny({ ...policy, instanceAdmin: true })).toBe(true);
  });
});
