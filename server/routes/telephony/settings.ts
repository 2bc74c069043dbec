import { Hono } from 'hono';
import { telephonySettingsPatchSchema } from '../../../domain/telephony-settings.ts';
import { requires } from '../../auth/requires.ts';
import type { AppEnv } from '../../env.ts';
import { jsonLimit } from '../../records.ts';
import { readTelephonySettings, updateTelephonySettings } from '../../telephony/practice-settings.ts';
import { json } from '../../validate.ts';
import { write } from '../../write.ts';

/**
 * The practice's telephony settings (issue 42): its Twilio numbers, the one it calls and texts
 * patients from, and its masked call links' default limits. No patient data: the numbers are the
 * practice's own.
 */
export const telephonySettingsRoutes = new Hono<AppEnv>()
  .get('/settings', requires('/telephony/settings', 'GET'), async (c) => c.json(await readTelephonySettings(c.var.deps.db, c.var.account.id)))
  .patch('/settings', requires('/telephony/settings', 'PATCH'), jsonLimit, json(telephonySettingsPatchSchema), async (c) => {
    const body = c.req.valid('json');
    await write(c, (scope) => updateTelephonySettings(scope, body));
    return c.json(await readTelephonySettings(c.var.deps.db, c.var.account.id));
  });
