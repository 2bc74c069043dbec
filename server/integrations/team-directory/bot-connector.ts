import { ClientSecretCredential, type TokenCredential } from '@azure/identity';
import { botName, TeamDirectoryError, type ChannelMessenger } from './port.ts';

/**
 * The bot's messages to Teams channels, posted AS THE BOT through Microsoft's bot messaging API:
 * the Bot Connector REST API (`POST {serviceUrl}/v3/conversations`, a new conversation in the
 * channel), with a token for the bot's own app registration from Microsoft Entra (client
 * credentials, scope `https://api.botframework.com/.default`). Teams accepts it only in a team
 * where the bot's Teams app is installed and answers 403 `BotNotInConversationRoster` elsewhere.
 *
 * Why the REST API and not an SDK: the Bot Framework SDK (`botbuilder`) is archived, and its
 * successor, the Microsoft 365 Agents SDK (`@microsoft/agents-hosting`, 2.4 MB unpacked plus
 * msal-node, jsonwebtoken, jwks-rsa and zod 3), is built around an inbound bot endpoint
 * (`CloudAdapter.process`) and needs a turn handler even to send one proactive message. The
 * portal only sends: one documented call, with the token from the `@azure/identity` credential
 * the Graph adapter already uses.
 */
export const botConnectorScope = 'https://api.botframework.com/.default';

export type BotConnectorOptions = {
  /** The bot's Azure Bot registration (Microsoft App ID and a client secret). */
  clientId: string;
  clientSecret: string;
  /** Issuer of the bot's tokens: `botframework.com` (multi-tenant bot) or the bot's home tenant id. */
  tenantId: string;
  /** The Bot Connector service of Teams, ending in `/`. */
  serviceUrl: string;
  /** Tests: a credential and a fetch that answer from recorded answers, never the network. */
  credential?: TokenCredential;
  fetch?: typeof fetch;
};

/** The Bot Connector's refusal (its status and error code; never the message text). */
export class BotConnectorError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string | null,
  ) {
    super(`Bot Connector answered ${statusCode}${code ? ` ${code}` : ''}`);
    this.name = 'BotConnectorError';
  }
}

type ConversationResourceResponse = { id?: string; activityId?: string };
type ConnectorErrorBody = { error?: { code?: string } };

export function createBotConnectorMessenger(options: BotConnectorOptions): ChannelMessenger {
  const credential = options.credential ?? new ClientSecretCredential(options.tenantId, options.clientId, options.clientSecret);
  const send = options.fetch ?? fetch;
  return {
    async postToChannel(tenantId, channelId, content) {
      let response: Response;
      try {
        const token = await credential.getToken(botConnectorScope);
        if (!token) throw new Error('No token for the Bot Connector');
        response = await send(new URL('v3/conversations', options.serviceUrl), {
          method: 'POST',
          headers: { Authorization: `Bearer ${token.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            isGroup: true,
            bot: { id: `28:${options.clientId}`, name: botName },
            channelData: { channel: { id: channelId }, tenant: { id: tenantId } },
            tenantId,
            activity: { type: 'message', text: content },
          }),
        });
      } catch (error) {
        throw new TeamDirectoryError('unavailable', { cause: error });
      }
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const code = (answer as ConnectorErrorBody | null)?.error?.code ?? null;
        const cause = new BotConnectorError(response.status, code);
        if (response.status === 403) throw new TeamDirectoryError(code === 'BotDisabledByAdmin' ? 'not_consented' : 'bot_not_installed', { cause });
        if (response.status === 404) throw new TeamDirectoryError('channel_not_found', { cause });
        throw new TeamDirectoryError('unavailable', { cause });
      }
      const created = (answer ?? {}) as ConversationResourceResponse;
      return { id: created.activityId ?? created.id ?? '', createdDateTime: new Date().toISOString(), content, from: botName };
    },
  };
}
