import { ClientSecretCredential } from '@azure/identity';
import { Client, GraphError } from '@microsoft/microsoft-graph-client';
import { botName, TeamDirectoryError, type DirectoryChannel, type DirectoryMessage, type DirectoryTeam, type DirectoryUser, type TeamDirectory } from './index.ts';

/**
 * The real team directory: Microsoft Graph v1.0 through Microsoft's Graph client, signed in
 * app-only (client credentials) to each account's own tenant. The app registration needs the
 * application permissions User.Read.All, Team.ReadBasic.All, TeamMember.Read.All,
 * Channel.ReadBasic.All and TeamsAppInstallation.ReadWriteForTeam.All; the bot's Teams app
 * (`botAppId`, its id in the tenant's app catalogue) asks for the resource-specific permissions
 * ChannelMessage.Send.Group and ChannelMessage.Read.Group, which hold only on teams it is
 * installed on — so Graph itself refuses a message to a team without the bot.
 */
export type GraphSettings = {
  clientId: string;
  clientSecret: string;
  botAppId: string;
  /** The client for a tenant (tests answer from recorded Graph answers; never the network). */
  clientFor?: (tenantId: string) => Client;
};

type Page<T> = { value: T[]; '@odata.nextLink'?: string };
type GraphMember = { userId?: string | null };
type GraphChatMessage = {
  id: string;
  createdDateTime: string;
  deletedDateTime?: string | null;
  body?: { content?: string | null } | null;
  from?: { application?: { displayName?: string | null } | null; user?: { displayName?: string | null } | null } | null;
};

/** At most this many pages of a collection are read (999 users a page: a large tenant). */
const maxPages = 20;
const graphScope = 'https://graph.microsoft.com/.default';

const segment = (id: string) => encodeURIComponent(id);

/** Graph's refusals and failures, as the directory's own. */
function failure(error: unknown, notFound: 'team_not_found' | 'channel_not_found'): never {
  if (error instanceof GraphError) {
    if (error.statusCode === 404 || error.statusCode === 400) throw new TeamDirectoryError(notFound);
    if (error.statusCode === 403) throw new TeamDirectoryError('bot_not_installed');
  }
  throw new TeamDirectoryError('unavailable', error instanceof Error ? error.message : 'Graph request failed');
}

const presentMessage = (message: GraphChatMessage): DirectoryMessage => ({
  id: message.id,
  createdDateTime: message.createdDateTime,
  content: message.body?.content ?? '',
  from: message.from?.application?.displayName ?? message.from?.user?.displayName ?? botName,
});

export function createGraphTeamDirectory(settings: GraphSettings): TeamDirectory {
  const clients = new Map<string, Client>();
  const clientFor =
    settings.clientFor ??
    ((tenantId: string) => {
      const credential = new ClientSecretCredential(tenantId, settings.clientId, settings.clientSecret);
      return Client.initWithMiddleware({
        authProvider: {
          async getAccessToken() {
            const token = await credential.getToken(graphScope);
            return token.token;
          },
        },
      });
    });
  const graph = (tenantId: string) => {
    let client = clients.get(tenantId);
    if (!client) {
      client = clientFor(tenantId);
      clients.set(tenantId, client);
    }
    return client;
  };

  /** Every page of a collection, following `@odata.nextLink`. */
  async function all<T>(client: Client, first: Page<T>): Promise<T[]> {
    const items = [...first.value];
    let next = first['@odata.nextLink'];
    for (let page = 1; next && page < maxPages; page++) {
      const answer = (await client.api(next).get()) as Page<T>;
      items.push(...answer.value);
      next = answer['@odata.nextLink'];
    }
    return items;
  }

  const teamPath = (teamId: string) => `/teams/${segment(teamId)}`;
  const channelPath = (teamId: string, channelId: string) => `${teamPath(teamId)}/channels/${segment(channelId)}`;

  const isBotInstalled = async (tenantId: string, teamId: string) => {
    try {
      const answer = (await graph(tenantId)
        .api(`${teamPath(teamId)}/installedApps`)
        .expand('teamsApp')
        .filter(`teamsApp/id eq '${settings.botAppId.replaceAll("'", "''")}'`)
        .get()) as Page<unknown>;
      return answer.value.length > 0;
    } catch (error) {
      return failure(error, 'team_not_found');
    }
  };

  return {
    kind: 'graph',
    async listUsers(tenantId): Promise<DirectoryUser[]> {
      const client = graph(tenantId);
      try {
        const first = (await client.api('/users').select(['id', 'displayName', 'jobTitle', 'mail', 'userPrincipalName']).top(999).get()) as Page<DirectoryUser>;
        const users = await all(client, first);
        return users.map((user) => ({
          id: user.id,
          displayName: user.displayName ?? user.userPrincipalName,
          jobTitle: user.jobTitle ?? null,
          mail: user.mail ?? null,
          userPrincipalName: user.userPrincipalName,
        }));
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async listTeams(tenantId): Promise<DirectoryTeam[]> {
      const client = graph(tenantId);
      try {
        const first = (await client.api('/teams').select(['id', 'displayName', 'description']).get()) as Page<DirectoryTeam>;
        return (await all(client, first)).map((team) => ({ id: team.id, displayName: team.displayName, description: team.description ?? null }));
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async getTeam(tenantId, teamId) {
      try {
        const team = (await graph(tenantId).api(teamPath(teamId)).select(['id', 'displayName', 'description']).get()) as DirectoryTeam;
        return { id: team.id, displayName: team.displayName, description: team.description ?? null };
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async listMemberIds(tenantId, teamId) {
      const client = graph(tenantId);
      try {
        const first = (await client.api(`${teamPath(teamId)}/members`).get()) as Page<GraphMember>;
        return (await all(client, first)).flatMap((member) => (member.userId ? [member.userId] : []));
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    isBotInstalled,
    async installBot(tenantId, teamId) {
      if (await isBotInstalled(tenantId, teamId)) return false;
      try {
        await graph(tenantId)
          .api(`${teamPath(teamId)}/installedApps`)
          .post({ 'teamsApp@odata.bind': `https://graph.microsoft.com/v1.0/appCatalogs/teamsApps/${segment(settings.botAppId)}` });
        return true;
      } catch (error) {
        // Installed meanwhile (another request, or an administrator in Teams): done all the same.
        if (error instanceof GraphError && error.statusCode === 409) return false;
        return failure(error, 'team_not_found');
      }
    },
    async listChannels(tenantId, teamId): Promise<DirectoryChannel[]> {
      const client = graph(tenantId);
      try {
        const first = (await client.api(`${teamPath(teamId)}/channels`).select(['id', 'displayName', 'description', 'membershipType', 'webUrl']).get()) as Page<DirectoryChannel>;
        return (await all(client, first)).map((channel) => ({
          id: channel.id,
          displayName: channel.displayName,
          description: channel.description ?? null,
          membershipType: channel.membershipType ?? 'standard',
          webUrl: channel.webUrl ?? null,
        }));
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async sendMessage(tenantId, teamId, channelId, content) {
      try {
        const message = (await graph(tenantId)
          .api(`${channelPath(teamId, channelId)}/messages`)
          .post({ body: { contentType: 'text', content } })) as GraphChatMessage;
        return presentMessage(message);
      } catch (error) {
        return failure(error, 'channel_not_found');
      }
    },
    async listMessages(tenantId, teamId, channelId) {
      try {
        const answer = (await graph(tenantId).api(`${channelPath(teamId, channelId)}/messages`).top(50).get()) as Page<GraphChatMessage>;
        return answer.value
          .filter((message) => !message.deletedDateTime)
          .map(presentMessage)
          .sort((a, b) => b.createdDateTime.localeCompare(a.createdDateTime));
      } catch (error) {
        return failure(error, 'channel_not_found');
      }
    },
  };
}
