import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../domain/api.ts';
import { policyAtom } from './account.ts';

const policy = (resources: AccessPolicy['resources']): AccessPolicy => ({
  accountId: 'a',
  accountName: 'Riverside',
  instanceAdmin: false,
  role: 'Front desk',
  resources,
  homeAccountId: 'a',
  user: { id: 'u', name: 'Rolf Holder', email: 'rolf@astera.test' },
  assumedAccounts: [],
});

describe('the policy atom', () => {
  it('keeps the policy it holds when an equal one arrives, and tells no one', () => {
    const store = createStore();
    const first = policy({ '/person/persons': { GET: true } });
    store.set(policyAtom, first);
    let told = 0;
    store.sub(policyAtom, () => (told += 1));
    store.set(policyAtom, policy({ '/person/persons': { GET: true } }));
    expect(store.get(policyAtom)).toBe(first);
    expect(told).toBe(0);
  });

  it('takes a changed policy, keeping the parts that did not change', () => {
    const store = createStore();
    const first = policy({ '/person/persons': { GET: true } });
    store.set(policyAtom, first);
    let told = 0;
    store.sub(policyAtom, () => (told += 1));
    store.set(policyAtom, policy({ '/person/practitioners': { GET: true } }));
    const now = store.get(policyAtom)!;
    expect(now).not.toBe(first);
    expect(now.resources).toEqual({ '/person/practitioners': { GET: true } });
    expect(now.user).toBe(first.user);
    expect(told).toBe(1);
    store.set(policyAtom, null);
    expect(store.get(policyAtom)).toBeNull();
  });
});
