/**
 * The team service (spec §2 System menu, §3 "Team-service user", §7 "Team-service bot"): the
 * Microsoft Teams directory of the account's Azure tenant, reached through Graph. Shared by the
 * API (validation, answer shapes) and the SPA (forms, screens).
 */
import * as v from 'valibot';
import { objectWith } from './catalogue.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';

/**
 * The texts of the team service (kept beside its schemas; the spec gives none of them word for
 * word, so they are ours, worded for an administrator).
 */
export const teamsMessages = {
  noTenant: 'This account has no Microsoft tenant configured.',
  noTenantHint: 'Set the account’s Azure tenant id in its settings to see its Teams directory.',
  botNotInstalled: 'The bot is not installed on this team. Install the bot on the team first, then send the message.',
  directoryUnavailable: 'The Microsoft Teams directory did not answer. Please try again in a moment.',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 2000 characters',
  botInstalled: 'Bot installed.',
  messageSent: 'Message sent.',
  tenantNotConsented: 'The Microsoft tenant’s administrator has not granted the portal access to its Teams directory.',
  tenantNotConsentedHint:
    'Ask an administrator of the tenant to grant admin consent to the portal’s app registration (its Microsoft Graph application permissions), then open this page again.',
} as const;

/** Our bound on a channel message (Graph takes far longer ones; an announcement needs no more). */
export const teamsLimits = { message: 2000 } as const;

/** An Azure tenant id, as account config holds it (`config.azure.tenantId`): a GUID. */
export const tenantIdSchema = v.pipe(v.string(), v.uuid());

/** Graph's team ids are the team's group GUID. */
export const teamIdSchema = v.pipe(v.string(), v.uuid());

/** Graph's channel ids: `19:<id>@thread.tacv2` (older teams: `@thread.skype`). */
export const channelIdPattern = /^19:[A-Za-z0-9_-]{1,100}@thread\.(tacv2|skype)$/;
export const channelIdSchema = v.pipe(v.string(), v.regex(channelIdPattern));

/** `POST /teamsbot/graph/team/{teamId}/channels/{channelId}/messages`. */
export const channelMessageSchema = objectWith(
  {
    message: v.pipe(
      text(teamsLimits.message, teamsMessages.messageTooLong, teamsMessages.messageRequired),
      v.nonEmpty(teamsMessages.messageRequired),
    ),
  },
  { message: teamsMessages.messageRequired },
);
export type ChannelMessageInput = v.InferInput<typeof channelMessageSchema>;

/** `GET /teamsbot/graph/users`: `cacheOnly=true` answers from the cached directory when there is one. */
export const teamsUsersQuerySchema = v.object({
  cacheOnly: v.optional(v.picklist(['true', 'false'], messages.invalidRequest), 'false'),
});

/** A user of the tenant (spec §3 "Team-service user"). */
export type TeamsUser = {
  id: string;
  displayName: string;
  jobTitle: string | null;
  mail: string | null;
  /** The bot is installed on at least one team the user is a member of (so the bot can reach them). */
  teamsBotInstalled: boolean;
};
export type TeamsUserList = { users: TeamsUser[]; tenantId: string; cachedAt: string };

export type Team = { id: string; displayName: string; description: string | null; botInstalled: boolean };
export type TeamList = { teams: Team[]; tenantId: string };

/** `POST /teamsbot/graph/team/{teamId}`: the team with the bot on it; `installed` is false when it already was (200, not 201). */
export type BotInstall = { id: string; displayName: string; botInstalled: true; installed: boolean };

export type Channel = { id: string; displayName: string; description: string | null; membershipType: string; webUrl: string | null };
export type ChannelList = { team: { id: string; displayName: string; botInstalled: boolean }; channels: Channel[] };

export type ChannelMessage = { id: string; channelId: string; content: string; createdDateTime: string; from: string };
export type ChannelMessageList = { messages: ChannelMessage[] };
