import * as v from 'valibot';

/**
 * The team directory's settings, read from the environment and checked at start-up: the choice
 * (`TEAMS_DIRECTORY`) and, for the real adapter, every setting it needs, so a missing one is a
 * start-up error that names it rather than a failure on the first Teams screen.
 */
export const teamDirectoryKinds = ['simulator', 'graph'] as const;

/** Bot Connector's token issuer for a multi-tenant bot registration (the default). */
export const botFrameworkTenant = 'botframework.com';
/** The Bot Connector service URL of Teams in Microsoft's public cloud. */
export const teamsServiceUrl = 'https://smba.trafficmanager.net/teams/';

const required = (name: string) => v.pipe(v.string(`${name} is required`), v.trim(), v.nonEmpty(`${name} is required`));

const simulatorSchema = v.object({ TEAMS_DIRECTORY: v.literal('simulator') });

const graphSchema = v.object({
  TEAMS_DIRECTORY: v.literal('graph'),
  TEAMS_GRAPH_CLIENT_ID: required('TEAMS_GRAPH_CLIENT_ID'),
  TEAMS_GRAPH_CLIENT_SECRET: required('TEAMS_GRAPH_CLIENT_SECRET'),
  TEAMS_BOT_APP_ID: required('TEAMS_BOT_APP_ID'),
  TEAMS_BOT_CLIENT_ID: required('TEAMS_BOT_CLIENT_ID'),
  TEAMS_BOT_CLIENT_SECRET: required('TEAMS_BOT_CLIENT_SECRET'),
  TEAMS_BOT_TENANT_ID: v.optional(v.pipe(v.string(), v.trim()), botFrameworkTenant),
  TEAMS_BOT_SERVICE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('TEAMS_BOT_SERVICE_URL must be an absolute https URL'),
      v.startsWith('https://', 'TEAMS_BOT_SERVICE_URL must be an absolute https URL'),
      v.transform((url) => (url.endsWith('/') ? url : `${url}/`)),
    ),
    teamsServiceUrl,
  ),
});

/** The environment's team-directory part, as the config loader checks it. */
export const teamDirectorySettingsSchema = v.variant(
  'TEAMS_DIRECTORY',
  [simulatorSchema, graphSchema],
  `TEAMS_DIRECTORY must be one of ${teamDirectoryKinds.join(', ')}`,
);

export type GraphDirectorySettings = {
  kind: 'graph';
  /** The app registration that reads the directory through Microsoft Graph (app-only). */
  graph: { clientId: string; clientSecret: string };
  /** The bot: its Teams app (id in the tenants' app catalogue) and its Azure Bot registration. */
  bot: { teamsAppId: string; clientId: string; clientSecret: string; tenantId: string; serviceUrl: string };
};
export type TeamDirectorySettings = { kind: 'simulator' } | GraphDirectorySettings;

export class TeamDirectorySettingsError extends Error {
  override name = 'TeamDirectorySettingsError';
}

/**
 * The team directory's settings from the environment (an empty variable counts as unset);
 * throws a `TeamDirectorySettingsError` naming every missing or invalid setting.
 */
export function readTeamDirectorySettings(env: NodeJS.ProcessEnv): TeamDirectorySettings {
  const given = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => (name.startsWith('TEAMS_') && value?.trim() ? [[name, value]] : [])),
  );
  const choice = given.TEAMS_DIRECTORY?.trim().toLowerCase() ?? 'simulator';
  const parsed = v.safeParse(teamDirectorySettingsSchema, { ...given, TEAMS_DIRECTORY: choice });
  if (!parsed.success) {
    // A missing key is valibot's "Invalid key" issue: said as the setting it is.
    const problems = [...new Set(parsed.issues.map((issue) => (issue.input === undefined && issue.path ? `${v.getDotPath(issue)} is required` : issue.message)))];
    const got = teamDirectoryKinds.some((kind) => kind === choice) ? `TEAMS_DIRECTORY=${choice}` : `got "${choice}"`;
    throw new TeamDirectorySettingsError(`${problems.join('; ')} (${got})`);
  }
  const settings = parsed.output;
  if (settings.TEAMS_DIRECTORY === 'simulator') return { kind: 'simulator' };
  return {
    kind: 'graph',
    graph: { clientId: settings.TEAMS_GRAPH_CLIENT_ID, clientSecret: settings.TEAMS_GRAPH_CLIENT_SECRET },
    bot: {
      teamsAppId: settings.TEAMS_BOT_APP_ID,
      clientId: settings.TEAMS_BOT_CLIENT_ID,
      clientSecret: settings.TEAMS_BOT_CLIENT_SECRET,
      tenantId: settings.TEAMS_BOT_TENANT_ID || botFrameworkTenant,
      serviceUrl: settings.TEAMS_BOT_SERVICE_URL,
    },
  };
}
