import { GraphError } from '@microsoft/microsoft-graph-client';
import { describe, expect, it } from 'vitest';
import { BotConnectorError } from './bot-connector.ts';
import { describeTeamDirectoryContract } from './contract.ts';
import { TeamDirectoryError } from './port.ts';
import graphError from './recorded/error.json' with { type: 'json' };
import channels from './recorded/list-channels.json' with { type: 'json' };
import teams from './recorded/list-teams.json' with { type: 'json' };
import { graphBase, recordedTenant, recordedTenantId, serviceUrl, type Sent } from './recorded-tenant.ts';

describeTeamDirectoryContract('Microsoft Graph and the Bot Connector, over answers recorded from Microsoft’s documentation', async () => ({
  directory: recordedTenant().directory,
  tenantId: recordedTenantId,
}));

const failureOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TeamDirectoryError);
  return error as TeamDirectoryError;
};

const team = teams.value[0]!;
const channel = channels.value[0]!;

describe('the Graph team directory', () => {
  it('signs in through the Graph client’s credential auth provider, app-only, to the tenant of the call', async () => {
    const tenant = recordedTenant();
    await tenant.directory.listTeams(recordedTenantId);
    expect(tenant.tenants).toEqual([recordedTenantId]);
    expect(tenant.graphScopes).toEqual([['https://graph.microsoft.com/.default']]);
    expect(tenant.sent[0]).toMatchObject({ method: 'GET', authorization: 'Bearer graph-token' });
    expect(decodeURIComponent(tenant.sent[0]!.url)).toBe(`${graphBase}/teams?$select=id,displayName,description`);
  });

  it('reads every page of a collection through the page iterator, however many there are', async () => {
    // Built by this test (not a recorded answer): 25 pages of two users, each linking to the next.
    const pages = 25;
    const page = (n: number) => ({
      value: [0, 1].map((i) => ({ id: `user-${n}-${i}`, displayName: `User ${n}.${i}`, jobTitle: null, mail: null, userPrincipalName: `u${n}.${i}@contoso.com` })),
      ...(n < pages - 1 && { '@odata.nextLink': `${graphBase}/users?$top=2&$skiptoken=page-${n + 1}` }),
    });
    const tenant = recordedTenant(({ url }) => {
      if (!url.startsWith(`${graphBase}/users`)) return undefined;
      const n = Number(/skiptoken=page-(\d+)/.exec(url)?.[1] ?? 0);
      return { status: 200, body: page(n) };
    });
    const users = await tenant.directory.listUsers(recordedTenantId);
    expect(users).toHaveLength(pages * 2);
    expect(users.at(-1)!.id).toBe(`user-${pages - 1}-1`);
    expect(tenant.sent).toHaveLength(pages);
  });

  it('a 403 on listing users or teams is not_consented (the tenant’s administrator has not granted the app), keeping Graph’s error as the cause', async () => {
    const forbidden = ({ url }: Sent) => (url.startsWith(`${graphBase}/users`) || url.startsWith(`${graphBase}/teams?`) ? { status: 403, body: graphError } : undefined);
    const tenant = recordedTenant(forbidden);
    for (const call of [tenant.directory.listUsers(recordedTenantId), tenant.directory.listTeams(recordedTenantId)]) {
      const error = await failureOf(call);
      expect(error.failure).toBe('not_consented');
      expect(error.cause).toBeInstanceOf(GraphError);
      expect((error.cause as GraphError).statusCode).toBe(403);
    }
  });

  it('a message is posted as the bot through the Bot Connector (never Graph’s app-only channel post), to the channel of the tenant', async () => {
    const tenant = recordedTenant();
    await tenant.directory.installBot(recordedTenantId, team.id);
    const sent = await tenant.directory.sendMessage(recordedTenantId, team.id, channel.id, 'Staff meeting at noon');
    expect(sent).toMatchObject({ id: '{{activityID}}', content: 'Staff meeting at noon', from: 'Astera Bot' });
    const post = tenant.sent.at(-1)!;
    expect(post).toMatchObject({ method: 'POST', url: `${serviceUrl}v3/conversations`, authorization: 'Bearer bot-token' });
    expect(post.body).toMatchObject({
      isGroup: true,
      channelData: { channel: { id: channel.id }, tenant: { id: recordedTenantId } },
      activity: { type: 'message', text: 'Staff meeting at noon' },
    });
    expect(tenant.botScopes).toEqual([['https://api.botframework.com/.default']]);
    expect(tenant.sent.some((r) => r.method === 'POST' && r.url.includes('/messages'))).toBe(false);
  });

  it('the Bot Connector’s refusal of a team without the bot is bot_not_installed, with its status and code as the cause', async () => {
    const tenant = recordedTenant();
    const error = await failureOf(tenant.directory.sendMessage(recordedTenantId, team.id, channel.id, 'Hi'));
    expect(error.failure).toBe('bot_not_installed');
    expect(error.cause).toBeInstanceOf(BotConnectorError);
    expect(error.cause).toMatchObject({ statusCode: 403, code: 'BotNotInConversationRoster' });
  });

  it('reads written messages only: no deleted ones, no system events (which have no author)', async () => {
    const tenant = recordedTenant();
    const messages = await tenant.directory.listMessages(recordedTenantId, team.id, channel.id);
    expect(messages.map((m) => [m.id, m.from])).toEqual([
      ['1616965872395', 'Robin Kline'],
      ['1616963377068', 'Robin Kline'],
    ]);
  });

  it('a 5xx or a network failure is unavailable, with the cause kept', async () => {
    const down = recordedTenant(() => ({ status: 503, body: graphError }));
    expect((await failureOf(down.directory.listTeams(recordedTenantId))).failure).toBe('unavailable');
    const connectorDown = recordedTenant(({ url }) => (url.startsWith(serviceUrl) ? { status: 502 } : undefined));
    await connectorDown.directory.installBot(recordedTenantId, team.id);
    const error = await failureOf(connectorDown.directory.sendMessage(recordedTenantId, team.id, channel.id, 'Hi'));
    expect(error.failure).toBe('unavailable');
    expect(error.cause).toMatchObject({ statusCode: 502 });
  });
});
