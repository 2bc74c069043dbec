import * as v from 'valibot';
import type { IntegrationSettings } from '../settings.ts';

/** The contact center's settings at start-up (docs/integrations.md "Contact center"). */
export type ContactCenterSettings =
  | { kind: 'simulator' }
  | {
      kind: 'amazon-connect';
      /** STS DurationSeconds of each practice's assumed role. */
      roleSessionSeconds: number;
      /** STS RoleSessionName: what the practice's CloudTrail shows as the portal's session. */
      roleSessionName: string;
    };

/** STS's bounds: at least 15 minutes; one hour is the most a chained role session may last. */
const sessionSeconds = { min: 900, max: 3600, fallback: 3600 } as const;

export const contactCenterSettings: IntegrationSettings<ContactCenterSettings> = {
  variable: 'CONTACT_CENTER',
  fallback: 'simulator',
  adapters: {
    simulator: v.pipe(
      v.object({}),
      v.transform(() => ({ kind: 'simulator' as const })),
    ),
    'amazon-connect': v.pipe(
      v.object({
        CONTACT_CENTER_ROLE_SESSION_SECONDS: v.optional(
          v.pipe(
            v.string(),
            v.regex(/^\d+$/, `must be a whole number of seconds from ${sessionSeconds.min} to ${sessionSeconds.max}`),
            v.transform(Number),
            v.minValue(sessionSeconds.min, `must be a whole number of seconds from ${sessionSeconds.min} to ${sessionSeconds.max}`),
            v.maxValue(sessionSeconds.max, `must be a whole number of seconds from ${sessionSeconds.min} to ${sessionSeconds.max}`),
          ),
          String(sessionSeconds.fallback),
        ),
        // STS RoleSessionName: 2 to 64 of letters, digits and =,.@_-
        CONTACT_CENTER_ROLE_SESSION_NAME: v.optional(
          v.pipe(v.string(), v.regex(/^[\w+=,.@-]{2,64}$/, 'must be 2 to 64 letters, digits or any of + = , . @ _ -')),
          'astera-portal',
        ),
      }),
      v.transform((env) => ({
        kind: 'amazon-connect' as const,
        roleSessionSeconds: env.CONTACT_CENTER_ROLE_SESSION_SECONDS,
        roleSessionName: env.CONTACT_CENTER_ROLE_SESSION_NAME,
      })),
    ),
  },
};

