import type { Db } from '../../db/client.ts';
import { createGraphTeamDirectory } from './graph.ts';
import { createSimulatedTeamDirectory } from './simulator.ts';

/**
 * The team service (architecture "Integrations"): the Microsoft Teams directory of an Azure
 * tenant, as Microsoft Graph shows it to an app-only caller. Every call names the tenant (an
 * account's `config.azure.tenantId`), so one process serves every account's own tenant and
 * nothing of one tenant can answer for another.
 */
export type DirectoryUser = { id: string; displayName: string; jobTitle: string | null; mail: string | null; userPrincipalName: string };
export type DirectoryTeam = { id: string; displayName: string; description: string | null };
export type DirectoryChannel = { id: string; displayName: string; description: string | null; membershipType: string; webUrl: string | null };
export type DirectoryMessage = { id: string; createdDateTime: string; content: string; from: string };

export type TeamDirectory = {
  /** 'simulator' or 'graph': which adapter answers (shown nowhere but logs and tests). */
  readonly kind: string;
  listUsers(tenantId: string): Promise<DirectoryUser[]>;
  listTeams(tenantId: string): Promise<DirectoryTeam[]>;
  /** The team, or a `team_not_found` error. */
  getTeam(tenantId: string, teamId: string): Promise<DirectoryTeam>;
  /** User ids of the team's members. */
  listMemberIds(tenantId: string, teamId: string): Promise<string[]>;
  isBotInstalled(tenantId: string, teamId: string): Promise<boolean>;
  /** Installs the bot (our Teams app) on the team; `false` when it already was. */
  installBot(tenantId: string, teamId: string): Promise<boolean>;
  listChannels(tenantId: string, teamId: string): Promise<DirectoryChannel[]>;
  /** Posts as the bot; the caller checks the bot is installed (Graph refuses otherwise). */
  sendMessage(tenantId: string, teamId: string, channelId: string, content: string): Promise<DirectoryMessage>;
  /** The channel's messages, newest first (at most 50). */
  listMessages(tenantId: string, teamId: string, channelId: string): Promise<DirectoryMessage[]>;
};

export type TeamDirectoryFailure = 'team_not_found' | 'channel_not_found' | 'bot_not_installed' | 'unavailable';

/** A refusal or failure of the directory, which the API turns into its own answer. */
export class TeamDirectoryError extends Error {
  constructor(
    readonly failure: TeamDirectoryFailure,
    message: string = failure,
  ) {
    super(message);
    this.name = 'TeamDirectoryError';
  }
}

/** The name the bot posts under. */
export const botName = 'Astera Bot';

/**
 * The adapter the environment selects: `TEAMS_DIRECTORY=graph` uses Microsoft Graph with an
 * app registration (`TEAMS_GRAPH_CLIENT_ID`, `TEAMS_GRAPH_CLIENT_SECRET`, and the Teams app of
 * the bot, `TEAMS_BOT_APP_ID`); anything else, or nothing, the embedded simulator.
 */
export function createTeamDirectory(env: NodeJS.ProcessEnv, db: Db): TeamDirectory {
  const choice = env.TEAMS_DIRECTORY?.trim().toLowerCase() || 'simulator';
  if (choice === 'simulator') return createSimulatedTeamDirectory(db);
  if (choice !== 'graph') throw new Error(`TEAMS_DIRECTORY must be "simulator" or "graph", not "${choice}".`);
  const missing = ['TEAMS_GRAPH_CLIENT_ID', 'TEAMS_GRAPH_CLIENT_SECRET', 'TEAMS_BOT_APP_ID'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`TEAMS_DIRECTORY=graph needs ${missing.join(', ')}.`);
  return createGraphTeamDirectory({
    clientId: env.TEAMS_GRAPH_CLIENT_ID!.trim(),
    clientSecret: env.TEAMS_GRAPH_CLIENT_SECRET!.trim(),
    botAppId: env.TEAMS_BOT_APP_ID!.trim(),
  });
}
