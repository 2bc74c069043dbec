import type { AccessToken, TokenCredential } from '@azure/identity';
import type { Context, Middleware } from '@microsoft/microsoft-graph-client';
import { createBotConnectorMessenger } from './bot-connector.ts';
import { createGraphTeamDirectory, graphClient } from './graph.ts';
import botCreatedConversation from './recorded/bot-create-channel-conversation.json' with { type: 'json' };
import graphError from './recorded/error.json' with { type: 'json' };
import installedApp from './recorded/list-installed-apps-of-one-app.json' with { type: 'json' };
import channelMessages from './recorded/list-channel-messages.json' with { type: 'json' };
import channels from './recorded/list-channels.json' with { type: 'json' };
import members from './recorded/list-members.json' with { type: 'json' };
import teams from './recorded/list-teams.json' with { type: 'json' };
import users from './recorded/list-users.json' with { type: 'json' };

/**
 * A Microsoft tenant made of answers recorded from Microsoft's documentation (see
 * recorded/README.md), unchanged: the Graph client's middleware chain ends here instead of the
 * network, and so does the Bot Connector's fetch. It records every request, so a test sees what
 * the adapters asked, and nothing leaves the machine.
 */
export const recordedTenantId = '2432b57b-0abd-43db-aa7b-16eadd115d34';
/** The id of the installed app in the recorded "list installed apps" answer: the bot's Teams app here. */
export const recordedBotTeamsAppId = installedApp.value[0]!.teamsApp.id;
export const graphBase = 'https://graph.microsoft.com/v1.0';
export const serviceUrl = 'https://smba.trafficmanager.net/teams/';

export type Sent = { method: string; url: string; authorization: string | null; body: unknown };
export type Answer = { status: number; body?: unknown };
/** A test's own answer for a request, before the recorded tenant's (e.g. a 403 of a tenant without consent). */
export type Override = (request: Sent) => Answer | undefined;

/** A credential that hands out a fixed token and records the scopes asked for. */
export function fakeCredential(token: string) {
  const scopes: string[][] = [];
  const credential: TokenCredential = {
    getToken(scope): Promise<AccessToken> {
      scopes.push([scope].flat());
      return Promise.resolve({ token, expiresOnTimestamp: Date.now() + 3_600_000 });
    },
  };
  return { credential, scopes };
}

const json = (answer: Answer) =>
  answer.body === undefined
    ? new Response(null, { status: answer.status })
    : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });

export function recordedTenant(override: Override = () => undefined) {
  const sent: Sent[] = [];
  const installedOn = new Set<string>();
  const teamOf = (id: string) => teams.value.find((team) => team.id === id);
  const notFound: Answer = { status: 404, body: graphError };

  /** Graph, as the documented answers show it. */
  function graph(request: Sent): Answer {
    const url = new URL(request.url);
    const path = decodeURIComponent(url.pathname.replace('/v1.0', ''));
    if (request.method === 'GET' && path === '/users') return { status: 200, body: users };
    if (request.method === 'GET' && path === '/teams') return { status: 200, body: teams };
    const match = /^\/teams\/([^/]+)(\/.*)?$/.exec(path);
    const team = match && teamOf(match[1]!);
    if (!team) return notFound;
    const rest = match[2] ?? '';
    // The documented "Get team" answer is shortened to its settings (no id or name): the team is
    // answered with its object from the documented "List teams" answer, unchanged.
    if (request.method === 'GET' && rest === '') return { status: 200, body: team };
    if (request.method === 'GET' && rest === '/members') return { status: 200, body: members };
    if (request.method === 'GET' && rest === '/channels') return { status: 200, body: channels };
    if (request.method === 'GET' && rest === `/channels/${channels.value[0]!.id}/messages`) return { status: 200, body: channelMessages };
    if (rest === '/installedApps') {
      if (request.method === 'POST') {
        installedOn.add(team.id);
        // Documented: "201 Created" with no body.
        return { status: 201 };
      }
      // Not installed: an empty collection (built here: the documentation shows no empty answer).
      return { status: 200, body: installedOn.has(team.id) ? installedApp : { value: [] } };
    }
    return notFound;
  }

  /** The Bot Connector of Teams: a new conversation in a channel of a team where the bot is installed. */
  function botConnector(request: Sent): Answer {
    if (request.method !== 'POST' || request.url !== `${serviceUrl}v3/conversations`) return { status: 404 };
    const channelId = (request.body as { channelData?: { channel?: { id?: string } } }).channelData?.channel?.id;
    const team = teams.value.find((t) => installedOn.has(t.id) && channels.value.some((c) => c.id === channelId));
    if (team) return { status: 201, body: botCreatedConversation };
    // Built from the documented status, code and message of this refusal (Teams bot API error codes).
    return { status: 403, body: { error: { code: 'BotNotInConversationRoster', message: 'The bot is not part of the conversation roster.' } } };
  }

  const transport: Middleware = {
    async execute(context: Context) {
      const headers = new Headers(context.options?.headers);
      const request: Sent = {
        method: context.options?.method ?? 'GET',
        url: String(context.request),
        authorization: headers.get('Authorization'),
        body: typeof context.options?.body === 'string' ? JSON.parse(context.options.body) : undefined,
      };
      sent.push(request);
      context.response = json(override(request) ?? graph(request));
    },
    setNext() {},
  };

  const botFetch: typeof fetch = async (input, init) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: String(input),
      authorization: new Headers(init?.headers).get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    return json(override(request) ?? botConnector(request));
  };

  const graphToken = fakeCredential('graph-token');
  const botToken = fakeCredential('bot-token');
  const tenants: string[] = [];
  const directory = createGraphTeamDirectory({
    clientId: 'client',
    clientSecret: 'secret',
    botTeamsAppId: recordedBotTeamsAppId,
    clientFor: (tenantId) => {
      tenants.push(tenantId);
      return graphClient(graphToken.credential, transport);
    },
    messenger: createBotConnectorMessenger({ clientId: 'bot-client', clientSecret: 'bot-secret', tenantId: 'botframework.com', serviceUrl, credential: botToken.credential, fetch: botFetch }),
  });
  return { directory, sent, tenants, graphScopes: graphToken.scopes, botScopes: botToken.scopes };
}
