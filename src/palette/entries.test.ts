import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AccessPolicy } from '../../domain/api.ts';
import { grantAll } from '../../domain/permissions.ts';
import { workspaceScreens } from '../screens.ts';
import { byLabel, commandEntries, routeEntries } from './entries.ts';
import type { Command } from './types.ts';

const policy = (resources: AccessPolicy['resources']): AccessPolicy => ({
  accountId: 'a',
  accountName: 'Riverside',
  instanceAdmin: false,
  role: 'Read Only',
  resources,
  homeAccountId: 'a',
  user: { id: 'u', name: 'Victor Chen', email: 'viewer@astera.test' },
  assumedAccounts: [],
});
const readOnly = policy(grantAll(() => true, ['GET']));
const writer = policy(grantAll());

describe('palette entries', () => {
  it('the palette hides a command the role may not run', () => {
    const command: Command = { id: 'persons.create', label: 'Create person', group: 'Persons', requires: { resource: '/person/persons', method: 'POST' }, run: () => {} };
    const always: Command = { id: 'help', label: 'Keyboard shortcuts', group: 'Help', run: () => {} };
    expect(commandEntries([command, always], readOnly, '/home').map((e) => e.label)).toEqual(['Keyboard shortcuts']);
    expect(commandEntries([command, always], writer, '/home').map((e) => e.label)).toEqual(['Create person', 'Keyboard shortcuts']);
  });

  it('orders every screen title as localeCompare does, without loading the collation data', () => {
    const labels = Object.values(workspaceScreens).map((screen) => ({ label: screen.title }));
    expect(labels.length).toBeGreaterThan(20);
    const expected = [...labels].sort((a, b) => a.label.localeCompare(b.label, 'en')).map((l) => l.label);
    expect([...labels].reverse().sort(byLabel).map((l) => l.label)).toEqual(expected);

    // The shell's first render builds these entries: no collation there.
    const router = { routesByPath: Object.fromEntries(Object.keys(workspaceScreens).reverse().map((path) => [path, { fullPath: path, options: {} }])) } as unknown as AnyRouter;
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    try {
      const entries = routeEntries(router, { ...writer, instanceAdmin: true }, workspaceScreens);
      expect(localeCompare).not.toHaveBeenCalled();
      expect(entries.map((e) => e.label)).toEqual(expected.filter((label) => entries.some((e) => e.label === label)));
      expect(entries.length).toBeGreaterThan(20);
    } finally {
      localeCompare.mockRestore();
    }
  });
});
