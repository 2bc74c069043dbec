import * as v from 'valibot';
import { themes, type Preferences } from '../../../domain/preferences.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf } from '../../openapi/schemas.ts';

/** The caller's own settings (server/routes/me/index.ts). */

const preferencesAnswer = answerOf<Preferences>()(
  v.object({
    theme: v.picklist(themes),
    locale: v.pipe(v.nullable(v.string()), v.description('A language tag; null: the browser’s.')),
    timeZone: v.pipe(v.nullable(v.string()), v.description('An IANA time zone; null: the browser’s.')),
  }),
);

const preferences: Preferences = { theme: 'dark', locale: 'en-US', timeZone: 'America/Chicago' };

export const meDocs = areaDocs({
  'GET /me/preferences': { summary: 'Read the signed-in user’s display settings', answer: preferencesAnswer, answerExample: preferences },
  'PATCH /me/preferences': { summary: 'Change some of the signed-in user’s display settings', answer: preferencesAnswer, requestExample: { theme: 'dark' }, answerExample: preferences },
});
