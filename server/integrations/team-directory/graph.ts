import { AuthenticationError, ClientSecretCredential, type TokenCredential } from '@azure/identity';
import { AuthenticationHandler, Client, GraphError, PageIterator, type Middleware, type PageCollection } from '@microsoft/microsoft-graph-client';
import { TokenCredentialAuthenticationProvider } from '@microsoft/microsoft-graph-client/authProviders/azureTokenCredentials/index.js';
import {
  botName,
  TeamDirectoryError,
  type ChannelMessenger,
  type DirectoryChannel,
  type DirectoryMessage,
  type DirectoryTeam,
  type DirectoryUser,
  type TeamDirectory,
  type TeamDirectoryFailure,
} from './port.ts';

/**
 * The real team directory: Microsoft Graph v1.0 through Microsoft's Graph client, signed in
 * app-only (client credentials, through the client's own credential-based auth provider) to each
 * account's own tenant. The app registration needs, with the tenant administrator's consent, the
 * application permissions User.Read.All, Team.ReadBasic.All, TeamMember.Read.All,
 * Channel.ReadBasic.All and TeamsAppInstallation.ReadWriteForTeam.All; the bot's Teams app
 * (`botTeamsAppId`, its id in the tenant's app catalogue) asks for the resource-specific
 * permission ChannelMessage.Read.Group, which holds only on teams it is installed on. Messages are
 * posted by the bot itself through `messenger` (Graph allows an app-only post only for migration).
 */
export type GraphDirectoryOptions = {
  clientId: string;
  clientSecret: string;
  botTeamsAppId: string;
  messenger: ChannelMessenger;
  /** The client for a tenant; by default `graphClient` with the app registration's secret in that tenant. */
  clientFor?: (tenantId: string) => Client;
};

type GraphUser = { id: string; displayName?: string | null; jobTitle?: string | null; mail?: string | null; userPrincipalName: string };
type GraphTeam = { id: string; displayName: string; description?: string | null };
type GraphChannel = { id: string; displayName: string; description?: string | null; membershipType?: string | null; webUrl?: string | null };
type GraphMember = { userId?: string | null };
type GraphChatMessage = {
  id: string;
  messageType?: string | null;
  createdDateTime: string;
  deletedDateTime?: string | null;
  body?: { content?: string | null } | null;
  from?: { application?: { displayName?: string | null } | null; user?: { displayName?: string | null } | null } | null;
};

const graphScope = 'https://graph.microsoft.com/.default';

/** AADSTS700016: the app is not in the tenant's directory, i.e. no administrator there consented to it. */
const appNotInTenant = 700016;

const segment = (id: string) => encodeURIComponent(id);

/**
 * Graph's refusals and failures as the directory's own, the Graph error kept as the cause. A 403
 * means a missing grant: of the tenant's administrator (application permissions), or, for what
 * rests on resource-specific consent, of the bot's install on the team.
 */
function failure(error: unknown, notFound: 'team_not_found' | 'channel_not_found', forbidden: TeamDirectoryFailure = 'not_consented'): never {
  if (error instanceof TeamDirectoryError) throw error;
  if (error instanceof GraphError) {
    if (error.statusCode === 404 || error.statusCode === 400) throw new TeamDirectoryError(notFound, { cause: error });
    if (error.statusCode === 403) throw new TeamDirectoryError(forbidden, { cause: error });
  }
  if (error instanceof AuthenticationError && error.errorResponse.errorCodes?.includes(appNotInTenant)) throw new TeamDirectoryError('not_consented', { cause: error });
  throw new TeamDirectoryError('unavailable', { cause: error });
}

/** A user-written message (not a system event such as "team description updated") that is not deleted. */
const isMessage = (message: GraphChatMessage) => !message.deletedDateTime && (message.messageType ?? 'message') === 'message';

const presentMessage = (message: GraphChatMessage): DirectoryMessage => ({
  id: message.id,
  createdDateTime: message.createdDateTime,
  content: message.body?.content ?? '',
  from: message.from?.application?.displayName ?? message.from?.user?.displayName ?? botName,
});

/**
 * A Graph client signed in with `credential` through the client's own credential-based auth
 * provider. `transport` replaces the network (tests answer from recorded answers).
 */
export function graphClient(credential: TokenCredential, transport?: Middleware): Client {
  const authProvider = new TokenCredentialAuthenticationProvider(credential, { scopes: [graphScope] });
  if (!transport) return Client.initWithMiddleware({ authProvider });
  const authentication = new AuthenticationHandler(authProvider);
  authentication.setNext(transport);
  return Client.initWithMiddleware({ middleware: authentication });
}

export function createGraphTeamDirectory(options: GraphDirectoryOptions): TeamDirectory {
  const clients = new Map<string, Client>();
  const clientFor = options.clientFor ?? ((tenantId: string) => graphClient(new ClientSecretCredential(tenantId, options.clientId, options.clientSecret)));
  const graph = (tenantId: string) => {
    let client = clients.get(tenantId);
    if (!client) {
      client = clientFor(tenantId);
      clients.set(tenantId, client);
    }
    return client;
  };

  /** Every item of a collection, every page of it, through the Graph client's page iterator. */
  async function all<T>(client: Client, first: PageCollection): Promise<T[]> {
    const items: T[] = [];
    await new PageIterator(client, first, (item: T) => {
      items.push(item);
      return true;
    }).iterate();
    return items;
  }

  const teamPath = (teamId: string) => `/teams/${segment(teamId)}`;
  const channelPath = (teamId: string, channelId: string) => `${teamPath(teamId)}/channels/${segment(channelId)}`;

  const isBotInstalled = async (tenantId: string, teamId: string) => {
    try {
      const answer = (await graph(tenantId)
        .api(`${teamPath(teamId)}/installedApps`)
        .expand('teamsApp')
        .filter(`teamsApp/id eq '${options.botTeamsAppId.replaceAll("'", "''")}'`)
        .get()) as PageCollection;
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
        const first = (await client.api('/users').select(['id', 'displayName', 'jobTitle', 'mail', 'userPrincipalName']).top(999).get()) as PageCollection;
        return (await all<GraphUser>(client, first)).map((user) => ({
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
        const first = (await client.api('/teams').select(['id', 'displayName', 'description']).get()) as PageCollection;
        return (await all<GraphTeam>(client, first)).map((team) => ({ id: team.id, displayName: team.displayName, description: team.description ?? null }));
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async getTeam(tenantId, teamId) {
      try {
        const team = (await graph(tenantId).api(teamPath(teamId)).select(['id', 'displayName', 'description']).get()) as GraphTeam;
        return { id: team.id, displayName: team.displayName, description: team.description ?? null };
      } catch (error) {
        return failure(error, 'team_not_found');
      }
    },
    async listMemberIds(tenantId, teamId) {
      const client = graph(tenantId);
      try {
        const first = (await client.api(`${teamPath(teamId)}/members`).get()) as PageCollection;
        return (await all<GraphMember>(client, first)).flatMap((member) => (member.userId ? [member.userId] : []));
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
          .post({ 'teamsApp@odata.bind': `https://graph.microsoft.com/v1.0/appCatalogs/teamsApps/${segment(options.botTeamsAppId)}` });
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
        const first = (await client.api(`${teamPath(teamId)}/channels`).select(['id', 'displayName', 'description', 'membershipType', 'webUrl']).get()) as PageCollection;
        return (await all<GraphChannel>(client, first)).map((channel) => ({
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
    /** Posted by the bot through the bot messaging API, which refuses a team the bot is not on. */
    async sendMessage(tenantId, _teamId, channelId, content) {
      return options.messenger.postToChannel(tenantId, channelId, content);
    },
    async listMessages(tenantId, teamId, channelId) {
      try {
        // One page of the newest 50 (the interface's bound): older ones are not shown, not lost.
        const answer = (await graph(tenantId).api(`${channelPath(teamId, channelId)}/messages`).top(50).get()) as PageCollection;
        return (answer.value as GraphChatMessage[])
          .filter(isMessage)
          .map(presentMessage)
          .sort((a, b) => b.createdDateTime.localeCompare(a.createdDateTime));
      } catch (error) {
        // Reading a channel rests on the bot's resource-specific consent, granted by its install.
        return failure(error, 'channel_not_found', 'bot_not_installed');
      }
    },
  };
}
