/**
 * The team service's port (architecture "Integrations"): the Microsoft Teams directory of an
 * Azure tenant, as Microsoft Graph shows it to an app-only caller, and the bot that posts to its
 * channels. Every call names the tenant (an account's `config.azure.tenantId`), so one process
 * serves every account's own tenant and nothing of one tenant can answer for another.
 */
export type DirectoryUser = { id: string; displayName: string; jobTitle: string | null; mail: string | null; userPrincipalName: string };
export type DirectoryTeam = { id: string; displayName: string; description: string | null };
export type DirectoryChannel = { id: string; displayName: string; description: string | null; membershipType: string; webUrl: string | null };
export type DirectoryMessage = { id: string; createdDateTime: string; content: string; from: string };

export type TeamDirectory = {
  /** 'simulator' or 'graph': which adapter answers (shown nowhere but logs and tests). */
  readonly kind: string;
  /** The tenant's users; `not_consented` when the tenant's administrator has not granted the app. */
  listUsers(tenantId: string): Promise<DirectoryUser[]>;
  /** The tenant's teams; `not_consented` when the tenant's administrator has not granted the app. */
  listTeams(tenantId: string): Promise<DirectoryTeam[]>;
  /** The team, or a `team_not_found` error. */
  getTeam(tenantId: string, teamId: string): Promise<DirectoryTeam>;
  /** User ids of the team's members. */
  listMemberIds(tenantId: string, teamId: string): Promise<string[]>;
  isBotInstalled(tenantId: string, teamId: string): Promise<boolean>;
  /** Installs the bot (our Teams app) on the team; `false` when it already was. */
  installBot(tenantId: string, teamId: string): Promise<boolean>;
  listChannels(tenantId: string, teamId: string): Promise<DirectoryChannel[]>;
  /**
   * Posts a new conversation to the channel as the bot; `bot_not_installed` where the bot is not
   * on the team (Teams itself refuses it there).
   */
  sendMessage(tenantId: string, teamId: string, channelId: string, content: string): Promise<DirectoryMessage>;
  /** The channel's messages, newest first (at most 50). */
  listMessages(tenantId: string, teamId: string, channelId: string): Promise<DirectoryMessage[]>;
};

/**
 * How the bot reaches a channel: the real one through Microsoft's bot messaging API (the Bot
 * Connector service), which posts as the bot and only where the bot is installed.
 */
export type ChannelMessenger = {
  postToChannel(tenantId: string, channelId: string, content: string): Promise<DirectoryMessage>;
};

export type TeamDirectoryFailure = 'team_not_found' | 'channel_not_found' | 'bot_not_installed' | 'not_consented' | 'unavailable';

/**
 * A refusal or failure of the directory, which the API turns into its own answer. The vendor's
 * own error, when there is one, is its `cause` (logged once, where the API answers).
 */
export class TeamDirectoryError extends Error {
  constructor(
    readonly failure: TeamDirectoryFailure,
    options?: { cause?: unknown },
  ) {
    super(failure, options);
    this.name = 'TeamDirectoryError';
  }
}

/** The name the bot posts under. */
export const botName = 'Astera Bot';
