import { Client, type Context } from '@microsoft/microsoft-graph-client';
import { describe, expect, it } from 'vitest';
import { createGraphTeamDirectory } from './graph.ts';

/**
 * The Graph adapter against recorded Graph v1.0 answers (shapes as Microsoft Graph returns them,
 * ids shortened by hand): the client's middleware chain ends in a recorder instead of the
 * network, so the test sees every request the adapter makes and nothing leaves the machine.
 */
const tenant = '3f2b7c1e-8d4a-4b6e-9c21-5a7d0e9f1b23';
const team = '02bd9fd6-8f93-4758-87c3-1fb73740a315';
const channel = '19:09fc54a3141a45d0bc769cf506d2e079@thread.tacv2';
const botAppId = '22f73bbe-f67a-4dea-bd54-54cac718cb2b';

const recorded = {
  usersPage1: {
    '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users(id,displayName,jobTitle,mail,userPrincipalName)",
    '@odata.nextLink': "https://graph.microsoft.com/v1.0/users?$select=id,displayName,jobTitle,mail,userPrincipalName&$top=999&$skiptoken=RFNwdAIAAQAAABc6",
    value: [
      { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', displayName: 'Adele Vance', jobTitle: 'Retail Manager', mail: 'AdeleV@contoso.com', userPrincipalName: 'AdeleV@contoso.com' },
      { id: '626cbf8c-5dde-46b0-8385-9e40d64736fe', displayName: 'Conf Room Adams', jobTitle: null, mail: null, userPrincipalName: 'Adams@contoso.com' },
    ],
  },
  usersPage2: {
    '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users(id,displayName,jobTitle,mail,userPrincipalName)",
    value: [{ id: '5bde3e51-d13b-4db1-9948-fe4b109d11a7', displayName: 'Megan Bowen', jobTitle: 'Marketing Manager', mail: 'MeganB@contoso.com', userPrincipalName: 'MeganB@contoso.com' }],
  },
  teams: {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#teams(id,displayName,description)',
    value: [{ id: team, displayName: 'Contoso Team', description: 'This is a Contoso team, used to showcase the range of properties supported by this API' }],
  },
  team: { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#teams(id,displayName,description)/$entity', id: team, displayName: 'Contoso Team', description: null },
  members: {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/members`,
    '@odata.count': 2,
    value: [
      { '@odata.type': '#microsoft.graph.aadUserConversationMember', id: 'MCMjMjQzMmI1N2ItMGFiZC00M2RiLWFhN2ItMTZlYWRkMTE1ZDM0', roles: ['owner'], displayName: 'Adele Vance', userId: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', email: 'AdeleV@contoso.com', tenantId: tenant },
      { '@odata.type': '#microsoft.graph.aadUserConversationMember', id: 'MCMjMjQzMmI1N2ItMGFiZC00M2RiLWFhN2ItMTZlYWRkMTE1ZDM1', roles: [], displayName: 'Megan Bowen', userId: '5bde3e51-d13b-4db1-9948-fe4b109d11a7', email: 'MeganB@contoso.com', tenantId: tenant },
    ],
  },
  installedAppsNone: { '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/installedApps(teamsApp())`, value: [] },
  installedAppsBot: {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/installedApps(teamsApp())`,
    value: [{ id: 'NjkwM2ZhOTMtNjA1Yi00M2VmLTkyMGUtNzdjNDcyOWY4MjU4IyMwMjQwYTM2OC0yNWUwLTQ1NjktOGViZS0zMzMwNWJiMTc2NzQ=', teamsApp: { id: botAppId, externalId: 'astera-bot', displayName: 'Astera Bot', distributionMethod: 'organization' } }],
  },
  channels: {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/channels(id,displayName,description,membershipType,webUrl)`,
    value: [
      { id: channel, displayName: 'General', description: 'Auto-generated channel', membershipType: 'standard', webUrl: 'https://teams.microsoft.com/l/channel/19%3a09fc54a3141a45d0bc769cf506d2e079%40thread.tacv2/General?groupId=02bd9fd6-8f93-4758-87c3-1fb73740a315&tenantId=3f2b7c1e-8d4a-4b6e-9c21-5a7d0e9f1b23' },
    ],
  },
  sentMessage: {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/channels('${channel}')/messages/$entity`,
    id: '1616990032035',
    replyToId: null,
    etag: '1616990032035',
    messageType: 'message',
    createdDateTime: '2021-03-29T03:53:52.035Z',
    deletedDateTime: null,
    importance: 'normal',
    from: { application: { '@odata.type': '#microsoft.graph.teamworkApplicationIdentity', id: botAppId, displayName: 'Astera Bot', applicationIdentityType: 'bot' }, device: null, user: null },
    body: { contentType: 'text', content: 'Staff meeting at noon' },
  },
  messages: {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/channels('${channel}')/messages`,
    '@odata.count': 3,
    value: [
      { id: '1616990032035', createdDateTime: '2021-03-29T03:53:52.035Z', deletedDateTime: null, body: { contentType: 'text', content: 'Staff meeting at noon' }, from: { application: { id: botAppId, displayName: 'Astera Bot' }, user: null } },
      { id: '1616989510408', createdDateTime: '2021-03-29T03:45:10.408Z', deletedDateTime: '2021-03-29T03:46:00.000Z', body: { contentType: 'html', content: '' }, from: { user: { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', displayName: 'Adele Vance' }, application: null } },
      { id: '1616999999999', createdDateTime: '2021-03-29T06:40:00.000Z', deletedDateTime: null, body: { contentType: 'html', content: '<p>Thanks</p>' }, from: { user: { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', displayName: 'Adele Vance' }, application: null } },
    ],
  },
  notFound: { error: { code: 'NotFound', message: 'No team found with Group Id 02bd9fd6', innerError: { date: '2021-03-29T03:53:52', 'request-id': 'a2b5b7c3-0000-0000-0000-000000000000' } } },
  forbidden: { error: { code: 'Forbidden', message: 'Missing role permissions on the request. API requires one of ChannelMessage.Send.Group.', innerError: {} } },
} as const;

type Sent = { method: string; url: string; body: unknown };
type Route = (request: Sent) => { status: number; body?: unknown } | undefined;

/** A Graph client whose middleware answers from `route` and records every request. */
function recorder(route: Route) {
  const sent: Sent[] = [];
  const clientFor = (tenantId: string) => {
    expect(tenantId).toBe(tenant);
    return Client.initWithMiddleware({
      middleware: {
        async execute(context: Context) {
          const request: Sent = {
            method: context.options?.method ?? 'GET',
            url: decodeURIComponent(String(context.request)),
            body: typeof context.options?.body === 'string' ? JSON.parse(context.options.body) : undefined,
          };
          sent.push(request);
          const answer = route(request) ?? { status: 404, body: recorded.notFound };
          // As Graph: a JSON body says so; an empty answer (a 201 of an install) has no type.
          context.response =
            answer.body === undefined
              ? new Response(null, { status: answer.status })
              : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
        },
      },
    });
  };
  return { sent, directory: createGraphTeamDirectory({ clientId: 'client', clientSecret: 'secret', botAppId, clientFor }) };
}

const base = 'https://graph.microsoft.com/v1.0';

describe('the Graph team directory', () => {
  it('lists users across pages, with jobTitle and mail null where Graph has none', async () => {
    const { directory, sent } = recorder(({ url }) => {
      if (url.includes('$skiptoken')) return { status: 200, body: recorded.usersPage2 };
      if (url.startsWith(`${base}/users?`)) return { status: 200, body: recorded.usersPage1 };
    });
    const users = await directory.listUsers(tenant);
    expect(users.map((u) => u.displayName)).toEqual(['Adele Vance', 'Conf Room Adams', 'Megan Bowen']);
    expect(users[1]).toEqual({ id: '626cbf8c-5dde-46b0-8385-9e40d64736fe', displayName: 'Conf Room Adams', jobTitle: null, mail: null, userPrincipalName: 'Adams@contoso.com' });
    expect(sent[0]!.url).toBe(`${base}/users?$select=id,displayName,jobTitle,mail,userPrincipalName&$top=999`);
    expect(sent).toHaveLength(2);
  });

  it('lists teams, members and channels', async () => {
    const { directory } = recorder(({ url }) => {
      if (url.startsWith(`${base}/teams?`)) return { status: 200, body: recorded.teams };
      if (url === `${base}/teams/${team}/members`) return { status: 200, body: recorded.members };
      if (url.startsWith(`${base}/teams/${team}/channels?`)) return { status: 200, body: recorded.channels };
    });
    expect(await directory.listTeams(tenant)).toEqual([{ id: team, displayName: 'Contoso Team', description: recorded.teams.value[0].description }]);
    expect(await directory.listMemberIds(tenant, team)).toEqual(['87d349ed-44d7-43e1-9a83-5f2406dee5bd', '5bde3e51-d13b-4db1-9948-fe4b109d11a7']);
    const channels = await directory.listChannels(tenant, team);
    expect(channels).toEqual([{ id: channel, displayName: 'General', description: 'Auto-generated channel', membershipType: 'standard', webUrl: recorded.channels.value[0].webUrl }]);
  });

  it('a team Graph does not know (another tenant’s, or none) is team_not_found', async () => {
    const { directory } = recorder(() => undefined);
    await expect(directory.getTeam(tenant, team)).rejects.toMatchObject({ failure: 'team_not_found' });
    await expect(directory.listChannels(tenant, team)).rejects.toMatchObject({ failure: 'team_not_found' });
  });

  it('installs the bot by binding its Teams app, only where it is not installed yet', async () => {
    let installed = false;
    const { directory, sent } = recorder(({ method, url }) => {
      if (method === 'GET' && url.startsWith(`${base}/teams/${team}/installedApps?`)) return { status: 200, body: installed ? recorded.installedAppsBot : recorded.installedAppsNone };
      if (method === 'POST' && url === `${base}/teams/${team}/installedApps`) {
        installed = true;
        return { status: 201 };
      }
    });
    expect(await directory.isBotInstalled(tenant, team)).toBe(false);
    expect(await directory.installBot(tenant, team)).toBe(true);
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({ 'teamsApp@odata.bind': `https://graph.microsoft.com/v1.0/appCatalogs/teamsApps/${botAppId}` });
    expect(sent[0]!.url).toBe(`${base}/teams/${team}/installedApps?$expand=teamsApp&$filter=teamsApp/id eq '${botAppId}'`);
    expect(await directory.isBotInstalled(tenant, team)).toBe(true);
    expect(await directory.installBot(tenant, team)).toBe(false);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('sends a text message to the channel and reads the channel’s messages, newest first, without deleted ones', async () => {
    const { directory, sent } = recorder(({ method, url }) => {
      const path = `${base}/teams/${team}/channels/${channel}/messages`;
      if (method === 'POST' && url === path) return { status: 201, body: recorded.sentMessage };
      if (method === 'GET' && url.startsWith(path)) return { status: 200, body: recorded.messages };
    });
    const message = await directory.sendMessage(tenant, team, channel, 'Staff meeting at noon');
    expect(message).toEqual({ id: '1616990032035', createdDateTime: '2021-03-29T03:53:52.035Z', content: 'Staff meeting at noon', from: 'Astera Bot' });
    expect(sent[0]!.body).toEqual({ body: { contentType: 'text', content: 'Staff meeting at noon' } });
    const listed = await directory.listMessages(tenant, team, channel);
    expect(listed.map((m) => [m.id, m.from])).toEqual([
      ['1616999999999', 'Adele Vance'],
      ['1616990032035', 'Astera Bot'],
    ]);
  });

  it('Graph’s 403 on a message (no resource-specific consent: the bot is not on the team) is bot_not_installed; a 5xx is unavailable', async () => {
    const forbidden = recorder(() => ({ status: 403, body: recorded.forbidden }));
    await expect(forbidden.directory.sendMessage(tenant, team, channel, 'Hi')).rejects.toMatchObject({ failure: 'bot_not_installed' });
    const down = recorder(() => ({ status: 503, body: { error: { code: 'ServiceUnavailable', message: 'Service unavailable' } } }));
    await expect(down.directory.listTeams(tenant)).rejects.toMatchObject({ failure: 'unavailable' });
  });
});
