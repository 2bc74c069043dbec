import { describe, expect, it } from 'vitest';
import { accountMessages } from './accounts.ts';
import { fieldLabel, requiredMessage } from './fields.ts';
import { messages } from './messages.ts';
import { notificationMessages } from './notifications.ts';
import { roleMessages } from './roles.ts';
import { scheduleMessages } from './schedules.ts';
import { tagMessages } from './tags.ts';
import { teamsMessages } from './teams.ts';
import * as v from 'valibot';
import { apiKeyCreateSchema } from './api-keys.ts';
import { userCreateSchema } from './persons.ts';

const sets = { messages, accountMessages, notificationMessages, roleMessages, scheduleMessages, tagMessages, teamsMessages };

describe('validation messages name fields by their labels (issue 24)', () => {
  it('no message text names a field by its API name (a camelCase word such as roleId or domainName)', () => {
    const apiNames: string[] = [];
    for (const [set, entries] of Object.entries(sets)) {
      for (const [key, text] of Object.entries(entries)) {
        if (typeof text !== 'string') continue;
        // "Idempotency-Key" is an HTTP header's name, which an API client types as such.
        for (const word of text.replace(/Idempotency-Key/g, '').match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) apiNames.push(`${set}.${key}: ${word}`);
      }
    }
    expect(apiNames).toEqual([]);
  });

  it('a required field that was not sent is named by its label, in sentence case', () => {
    expect(requiredMessage('roleId')).toBe('Role is required');
    expect(fieldLabel('timeZone')).toBe('Time zone');
    const issues = (schema: v.GenericSchema, input: unknown) => Object.fromEntries((v.safeParse(schema, input).issues ?? []).map((i) => [v.getDotPath(i), i.message]));
    expect(issues(apiKeyCreateSchema, { name: 'Importer' }).roleId).toBe('Role is required');
    expect(issues(userCreateSchema, { email: 'a@b.test' }).principalId).toBe('Principal Id is required');
  });
});
