import type * as v from 'valibot';

/** The environment as the config loader reads it (empty values already removed). */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * An integration's settings as the config loader (server/config.ts) reads and checks them at
 * start-up: the variable that chooses the adapter, its default, and per adapter a valibot schema
 * of the environment that yields that adapter's typed settings. A schema's issue message names
 * the variable, so a missing or bad one is a start-up error that says which. Each integration
 * keeps its own in `server/integrations/<name>/settings.ts`; the loader runs them all.
 */
export type IntegrationSettings<Settings extends { kind: string }> = {
  variable: string;
  fallback: Settings['kind'];
  adapters: { [Kind in Settings['kind']]: v.GenericSchema<Environment, Extract<Settings, { kind: Kind }>> };
};
