import { ConnectClient, paginateListQueues, type QueueSummary } from '@aws-sdk/client-connect';
import { fromTemporaryCredentials } from '@aws-sdk/credential-providers';
import { ContactCenterError, type AwsConnectSettings, type ContactCenter, type ContactCenterAccount, type ContactCenterQueue } from './port.ts';

/** Temporary credentials of an assumed role, as the SDK's provider gives them. */
type AwsCredentialIdentity = Awaited<ReturnType<ReturnType<typeof fromTemporaryCredentials>>>;

/** What the config loader read for Amazon Connect (server/integrations/contact-center/settings.ts). */
export type AmazonConnectOptions = {
  /** How long an assumed role's credentials last (STS `DurationSeconds`). */
  roleSessionSeconds: number;
  /** The session name the practice's CloudTrail shows for the portal's calls (STS `RoleSessionName`). */
  roleSessionName: string;
  /** Tests: the clock that decides whether cached credentials are still good. */
  now?: () => number;
  /** Tests: how a client is made for a region and credentials. */
  connectClient?: (region: string, credentials: AwsCredentialIdentity) => ConnectClient;
};

/** Connect answers at most 1000 queues a page. */
const pageSize = 1000;
/** Credentials this close to their expiry are renewed before a call, so none expires mid-listing. */
const renewBeforeMs = 5 * 60_000;

const toQueue = (summary: QueueSummary): ContactCenterQueue | null =>
  summary.Id && summary.Arn ? { queueId: summary.Id, queueArn: summary.Arn, queueName: summary.Name ?? summary.Id } : null;

type Ready = { instanceId: string; region: string; roleArn: string; externalId: string };

/** The account's settings Connect needs, or `not_configured` naming the ones it lacks. */
function required(settings: AwsConnectSettings | null): Ready {
  const keys = ['instanceId', 'region', 'roleArn', 'externalId'] as const;
  const missing = keys.filter((key) => !settings?.[key]);
  if (missing.length > 0) throw new ContactCenterError('not_configured', { missing });
  return settings as Ready;
}

/**
 * The real contact center: Amazon Connect in the practice's own AWS account. For each account
 * the portal assumes the role its settings name (`config.awsConnect.roleArn`, with the external
 * id its trust policy requires) through the SDK's `fromTemporaryCredentials`, starting from the
 * portal's own credentials (the SDK's default chain). The role's credentials are kept per
 * account until shortly before they expire; a changed role ARN or external id starts afresh.
 * Queues come from ListQueues (standard queues only: agent queues are per agent, not
 * call-center queues) through the SDK's paginator, every page.
 */
export function createAmazonConnect(options: AmazonConnectOptions): ContactCenter {
  const now = options.now ?? Date.now;
  const makeClient = options.connectClient ?? ((region, credentials) => new ConnectClient({ region, credentials, maxAttempts: 3 }));
  const sessions = new Map<string, { key: string; credentials: Promise<AwsCredentialIdentity> }>();

  const fresh = (credentials: AwsCredentialIdentity) => !credentials.expiration || credentials.expiration.getTime() - renewBeforeMs > now();

  async function assume(account: ContactCenterAccount, ready: Ready): Promise<AwsCredentialIdentity> {
    const key = `${ready.roleArn}\n${ready.externalId}\n${ready.region}`;
    const cached = sessions.get(account.id);
    if (cached?.key === key) {
      const credentials = await cached.credentials.catch(() => null);
      if (credentials && fresh(credentials)) return credentials;
    }
    const provider = fromTemporaryCredentials({
      params: { RoleArn: ready.roleArn, ExternalId: ready.externalId, RoleSessionName: options.roleSessionName, DurationSeconds: options.roleSessionSeconds },
      // STS in the practice's own region (regional endpoint), not the global one.
      clientConfig: { region: ready.region },
    });
    // Concurrent listings of one account share one AssumeRole call; a failure is not kept.
    const credentials = provider().catch((error: unknown) => {
      if (sessions.get(account.id)?.credentials === credentials) sessions.delete(account.id);
      throw new ContactCenterError('role_not_assumed', { cause: error });
    });
    sessions.set(account.id, { key, credentials });
    return credentials;
  }

  return {
    kind: 'amazon-connect',
    async listQueues(account) {
      const ready = required(account.awsConnect);
      const credentials = await assume(account, ready);
      const client = makeClient(ready.region, credentials);
      // By id: a page answered twice (the same NextToken again) lists its queues once.
      const found = new Map<string, ContactCenterQueue>();
      try {
        // stopOnSameToken: a contact center answering the same NextToken again has nothing new.
        const pages = paginateListQueues({ client, pageSize, stopOnSameToken: true }, { InstanceId: ready.instanceId, QueueTypes: ['STANDARD'] });
        for await (const page of pages) {
          for (const summary of page.QueueSummaryList ?? []) {
            const queue = toQueue(summary);
            if (queue && !found.has(queue.queueId)) found.set(queue.queueId, queue);
          }
        }
      } catch (error) {
        throw new ContactCenterError('unavailable', { cause: error });
      } finally {
        client.destroy();
      }
      return [...found.values()];
    },
  };
}
