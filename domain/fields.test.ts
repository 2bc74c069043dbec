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
import { practitionerCreateSchema, userCreateSchema } from './persons.ts';
import { campaignCreateSchema } from './campaigns.ts';
import { readdirSync } from 'node:fs';

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

/** Messages the spec fixes word for word (spec §5 and its forms): they keep the spec's casing. */
const specTexts = new Set([
  'usage is required',
  'last name is required',
  'email is required',
  'value must be more than 1 characters',
  'name must be more than 1 characters',
  'description must be more than 1 characters',
  'number must be between 1 and 10',
  'description required',
  'your workflow must have at least one task',
  'you must specify the text message you wish to send',
]);


/** Every message set of domain/: each module's exported `messages` or `…Messages` object. */
async function allMessageSets() {
  const found: [string, Record<string, unknown>][] = [];
  for (const file of readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(`./${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (/^(messages|\w+Messages)$/.test(name) && typeof value === 'object' && value) found.push([name, value as Record<string, unknown>]);
  }
  return found;
}

describe('validation messages are in sentence case and name their field (issue 24)', () => {
  it('every message of every set starts with a capital, unless the spec fixes its text; none is a bare "must …"', async () => {
    const sets = await allMessageSets();
    expect(sets.map(([name]) => name)).toEqual(expect.arrayContaining(['messages', 'accountMessages', 'roleMessages', 'scheduleMessages', 'tagMessages']));
    const refused: string[] = [];
    for (const [set, entries] of sets) {
      for (const [key, text] of Object.entries(entries)) {
        if (typeof text !== 'string' || specTexts.has(text)) continue;
        if (/^[a-z]/.test(text) || /^(Must|Is) /.test(text)) refused.push(`${set}.${key}: ${text}`);
        for (const word of text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) refused.push(`${set}.${key}: API name ${word}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('a schema’s too-long and missing fields say their labels: users, practitioners, campaigns', () => {
    const issues = (schema: v.GenericSchema, input: unknown) => Object.fromEntries((v.safeParse(schema, input).issues ?? []).map((i) => [v.getDotPath(i), i.message]));
    const long = 'x'.repeat(201);
    expect(issues(userCreateSchema, { email: 'a@b.test', principalId: 'p1', name: long, oktaId: long })).toEqual({ name: 'Name must be at most 200 characters', oktaId: 'Okta Id must be at most 200 characters' });
    expect(issues(practitionerCreateSchema, { name: 'Dr. A', specialty: long }).specialty).toBe('Specialty must be at most 200 characters');
    expect(issues(campaignCreateSchema, { name: long, surveyType: 'thumbs' })).toMatchObject({ name: 'Campaign Name must be at most 200 characters', question: 'Campaign Question is required' });
  });
});

describe("the server's fallback messages name their field (issue 24)", () => {
  it('every text of expectationMessages (what a schema without its own message expects) starts with its field label', async () => {
    const sets = Object.fromEntries(await allMessageSets());
    expect(Object.keys(sets)).toContain('expectationMessages');
    const unlabelled = Object.entries(sets.expectationMessages ?? {}).filter(([, text]) => typeof text !== 'string' || !text.startsWith('{label} '));
    expect(unlabelled).toEqual([]);
  });

});
