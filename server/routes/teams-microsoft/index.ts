import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../../../domain/messages.ts';
import {
  channelIdSchema,
  channelMessageSchema,
  teamIdSchema,
  teamsMessages,
  teamsUsersQuerySchema,
  tenantIdSchema,
  type BotInstall,
  type ChannelList,
  type ChannelMessage,
  type ChannelMessageList,
  type TeamList,
  type TeamsUserList,
} from '../../../domain/teams.ts';
import { requires } from '../../auth/requires.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, logVendorError, notFound } from '../../errors.ts';
import { TeamDirectoryError, type TeamDirectory } from '../../integrations/team-directory/port.ts';
import { jsonLimit } from '../../records.ts';
import { json, query } from '../../validate.ts';

/** The account's Azure tenant (`config.azure.tenantId`), or the team service's 409 when it has none. */
async function tenantOf(db: Db, accountId: string): Promise<string> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  const azure = row?.config.azure;
  const tenantId: unknown = azure && typeof azure === 'object' ? (azure as Record<string, unknown>).tenantId : undefined;
  if (!v.is(tenantIdSchema, tenantId)) throw new ApiError(409, 'no_tenant', teamsMessages.noTenant);
  return tenantId.toLowerCase();
}

/**
 * The directory's refusals as the API's answers (another tenant's team is simply not found). A
 * vendor's failure is logged here, once, and the answer carries the log line's id.
 */
async function directory<T>(c: Context<AppEnv>, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof TeamDirectoryError)) throw error;
    switch (error.failure) {
      case 'team_not_found':
      case 'channel_not_found':
        throw notFound(messages.notFound);
      case 'bot_not_installed':
        throw new ApiError(409, 'bot_not_installed', teamsMessages.botNotInstalled);
      case 'not_consented': {
        const id = logVendorError('team-directory', error.failure, error, { method: c.req.method, route: routePath(c, -1) });
        throw new ApiError(409, 'tenant_not_consented', teamsMessages.tenantNotConsented, undefined, id);
      }
      case 'unavailable': {
        const id = logVendorError('team-directory', error.failure, error, { method: c.req.method, route: routePath(c, -1) });
        throw new ApiError(502, 'directory_unavailable', teamsMessages.directoryUnavailable, undefined, id);
      }
    }
  }
}

/** Path ids that are not Graph's shape name nothing: 404, like a team of another tenant. */
const teamParam = validator('param', (value: Record<string, string>) => {
  const teamId = value.teamId?.toLowerCase();
  if (!v.is(teamIdSchema, teamId)) throw notFound(messages.notFound);
  return { teamId };
});
const channelParam = validator('param', (value: Record<string, string>) => {
  const teamId = value.teamId?.toLowerCase();
  const channelId = value.channelId;
  if (!v.is(teamIdSchema, teamId) || !v.is(channelIdSchema, channelId)) throw notFound(messages.notFound);
  return { teamId, channelId };
});

/** How long `cacheOnly=true` may answer from a copy of the users list. */
const usersCacheMs = 5 * 60 * 1000;
/** The users lists computed per directory (tests build several) and tenant. */
const usersCache = new WeakMap<TeamDirectory, Map<string, { at: number; answer: TeamsUserList }>>();
const cacheOf = (teamDirectory: TeamDirectory) => {
  let cache = usersCache.get(teamDirectory);
  if (!cache) {
    cache = new Map();
    usersCache.set(teamDirectory, cache);
  }
  return cache;
};

/**
 * The tenant's users, each with whether the bot can reach them: it is installed on a team the
 * user is a member of (a bot installed on a team can message its members).
 */
async function usersOf(teamDirectory: TeamDirectory, tenantId: string): Promise<TeamsUserList> {
  const [users, teams] = await Promise.all([teamDirectory.listUsers(tenantId), teamDirectory.listTeams(tenantId)]);
  const installed = await Promise.all(teams.map(async (team) => ((await teamDirectory.isBotInstalled(tenantId, team.id)) ? team.id : null)));
  const reached = new Set((await Promise.all(installed.flatMap((id) => (id ? [teamDirectory.listMemberIds(tenantId, id)] : [])))).flat());
  return {
    tenantId,
    cachedAt: new Date().toISOString(),
    users: users.map((user) => ({ id: user.id, displayName: user.displayName, jobTitle: user.jobTitle, mail: user.mail, teamsBotInstalled: reached.has(user.id) })),
  };
}

/**
 * The team service (spec §7 "Team-service bot"): the Microsoft Teams directory of the acting
 * account's own Azure tenant, through the team-directory integration. An account without a
 * tenant gets 409 `no_tenant`; a team or channel of any other tenant is not found.
 */
export const teamsMicrosoftRoutes = new Hono<AppEnv>()
  .get('/graph/users', requires('/teamsbot/graph/users', 'GET'), query(teamsUsersQuerySchema), async (c) => {
    const { teamDirectory, db } = c.var.deps;
    const tenantId = await tenantOf(db, c.var.account.id);
    const cache = cacheOf(teamDirectory);
    const cached = cache.get(tenantId);
    if (c.req.valid('query').cacheOnly === 'true' && cached && Date.now() - cached.at < usersCacheMs) return c.json(cached.answer);
    const answer = await directory(c, usersOf(teamDirectory, tenantId));
    cache.set(tenantId, { at: Date.now(), answer });
    return c.json(answer);
  })
  .get('/graph/team', requires('/teamsbot/graph/team', 'GET'), async (c) => {
    const { teamDirectory, db } = c.var.deps;
    const tenantId = await tenantOf(db, c.var.account.id);
    const teams = await directory(c, teamDirectory.listTeams(tenantId));
    const answer: TeamList = {
      tenantId,
      teams: await directory(c, Promise.all(teams.map(async (team) => ({ ...team, botInstalled: await teamDirectory.isBotInstalled(tenantId, team.id) })))),
    };
    return c.json(answer);
  })
  /** Installs the bot on the team (audited); installing again changes nothing and says so. */
  .post('/graph/team/:teamId', requires('/teamsbot/graph/team/{teamId}', 'POST'), teamParam, async (c) => {
    const { teamDirectory, db } = c.var.deps;
    const { teamId } = c.req.valid('param');
    const tenantId = await tenantOf(db, c.var.account.id);
    const result = await write(c, async ({ audit }) => {
      const team = await directory(c, teamDirectory.getTeam(tenantId, teamId));
      const installed = await directory(c, teamDirectory.installBot(tenantId, teamId));
      if (installed) await audit({ action: 'install_bot', resourceType: 'TeamsTeam', resourceId: teamId, after: { tenantId, teamId, displayName: team.displayName, botInstalled: true } });
      return { id: teamId, displayName: team.displayName, botInstalled: true, installed } satisfies BotInstall;
    });
    // Who the bot reaches has changed: the next users list is computed afresh.
    cacheOf(teamDirectory).delete(tenantId);
    return c.json(result, result.installed ? 201 : 200);
  })
  .get('/graph/team/:teamId/channels', requires('/teamsbot/graph/team/{teamId}/channels', 'GET'), teamParam, async (c) => {
    const { teamDirectory, db } = c.var.deps;
    const { teamId } = c.req.valid('param');
    const tenantId = await tenantOf(db, c.var.account.id);
    const team = await directory(c, teamDirectory.getTeam(tenantId, teamId));
    const [channels, botInstalled] = await directory(c, Promise.all([teamDirectory.listChannels(tenantId, teamId), teamDirectory.isBotInstalled(tenantId, teamId)]));
    const answer: ChannelList = { team: { id: team.id, displayName: team.displayName, botInstalled }, channels };
    return c.json(answer);
  })
  /** The channel's messages, newest first: reading a channel is part of the channels grant. */
  .get('/graph/team/:teamId/channels/:channelId/messages', requires('/teamsbot/graph/team/{teamId}/channels', 'GET'), channelParam, async (c) => {
    const { teamDirectory, db } = c.var.deps;
    const { teamId, channelId } = c.req.valid('param');
    const tenantId = await tenantOf(db, c.var.account.id);
    const found = await directory(c, teamDirectory.listMessages(tenantId, teamId, channelId));
    const answer: ChannelMessageList = { messages: found.map((message) => ({ ...message, channelId })) };
    return c.json(answer);
  })
  /** Sends a message to the channel as the bot (audited); refused while the bot is not installed on the team. */
  .post(
    '/graph/team/:teamId/channels/:channelId/messages',
    requires('/teamsbot/graph/team/{teamId}/channels/{channelId}/messages', 'POST'),
    channelParam,
    jsonLimit,
    json(channelMessageSchema),
    async (c) => {
      const { teamDirectory, db } = c.var.deps;
      const { teamId, channelId } = c.req.valid('param');
      const { message } = c.req.valid('json');
      const tenantId = await tenantOf(db, c.var.account.id);
      const sent = await write(c, async ({ audit }) => {
        const channels = await directory(c, teamDirectory.listChannels(tenantId, teamId));
        if (!channels.some((channel) => channel.id === channelId)) throw notFound(messages.notFound);
        // A team without the bot: the directory refuses (`bot_not_installed`), as Teams itself does.
        const posted = await directory(c, teamDirectory.sendMessage(tenantId, teamId, channelId, message));
        const answer: ChannelMessage = { ...posted, channelId };
        await audit({ action: 'send_message', resourceType: 'TeamsChannelMessage', resourceId: posted.id, after: { tenantId, teamId, channelId, content: posted.content } });
        return answer;
      });
      return c.json(sent, 201);
    },
  );
