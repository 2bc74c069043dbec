import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../domain/api.ts';
import { grantAll } from '../../domain/permissions.ts';
import { commandEntries } from './entries.ts';
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
});
