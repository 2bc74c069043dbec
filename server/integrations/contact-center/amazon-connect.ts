import {
  ConnectClient,
  DescribeContactCommand,
  DescribeUserCommand,
  GetContactAttributesCommand,
  paginateGetCurrentMetricData,
  paginateGetMetricDataV2,
  paginateListQueues,
  paginateSearchContacts,
  type Contact,
  type QueueSummary,
} from '@aws-sdk/client-connect';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { fromTemporaryCredentials } from '@aws-sdk/credential-providers';
import {
  ContactCenterError,
  type AwsConnectSettings,
  type ContactAgent,
  type ContactCenter,
  type ContactCenterAccount,
  type ContactCenterContact,
  type ContactCenterQueue,
  type ContactEvent,
  type ContactInitiation,
  type ContactLeg,
  type ContactRecording,
  type QueueFigures,
  type QueueRealtimeMetrics,
} from './port.ts';

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
  /** Tests: how an S3 client (the instance's call-recording storage) is made. */
  s3Client?: (region: string, credentials: AwsCredentialIdentity) => S3Client;
};

/** Connect answers at most 1000 queues a page. */
const pageSize = 1000;
/** Credentials this close to their expiry are renewed before a call, so none expires mid-listing. */
const renewBeforeMs = 5 * 60_000;

const toQueue = (summary: QueueSummary): ContactCenterQueue | null =>
  summary.Id && summary.Arn ? { queueId: summary.Id, queueArn: summary.Arn, queueName: summary.Name ?? summary.Id } : null;

type Ready = { instanceId: string; region: string; roleArn: string; externalId: string; accountId?: string };

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
  const makeS3 = options.s3Client ?? ((region, credentials) => new S3Client({ region, credentials, maxAttempts: 3 }));
  /** Agents by instance and id: who an agent is rarely changes, and each contact names one. */
  const agentNames = new Map<string, Promise<ContactAgent>>();
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

  /** Runs `work` with a Connect client of the account's instance; a vendor failure is `unavailable`. */
  async function withConnect<T>(account: ContactCenterAccount, work: (client: ConnectClient, ready: Ready, credentials: AwsCredentialIdentity) => Promise<T>): Promise<T> {
    const ready = required(account.awsConnect);
    const credentials = await assume(account, ready);
    const client = makeClient(ready.region, credentials);
    try {
      return await work(client, ready, credentials);
    } catch (error) {
      if (error instanceof ContactCenterError) throw error;
      throw new ContactCenterError('unavailable', { cause: error });
    } finally {
      client.destroy();
    }
  }

  async function queuesOf(client: ConnectClient, instanceId: string): Promise<ContactCenterQueue[]> {
    // By id: a page answered twice (the same NextToken again) lists its queues once.
    const found = new Map<string, ContactCenterQueue>();
    // stopOnSameToken: a contact center answering the same NextToken again has nothing new.
    const pages = paginateListQueues({ client, pageSize, stopOnSameToken: true }, { InstanceId: instanceId, QueueTypes: ['STANDARD'] });
    for await (const page of pages) {
      for (const summary of page.QueueSummaryList ?? []) {
        const queue = toQueue(summary);
        if (queue && !found.has(queue.queueId)) found.set(queue.queueId, queue);
      }
    }
    return [...found.values()];
  }

  function agentOf(client: ConnectClient, instanceId: string, agentId: string): Promise<ContactAgent> {
    const key = `${instanceId}/${agentId}`;
    let known = agentNames.get(key);
    if (!known) {
      known = (async () => {
        try {
          const { User } = await client.send(new DescribeUserCommand({ InstanceId: instanceId, UserId: agentId }));
          const name = [User?.IdentityInfo?.FirstName, User?.IdentityInfo?.LastName].filter(Boolean).join(' ');
          return { agentId, userId: null, username: User?.Username ?? null, name: name || User?.Username || null };
        } catch {
          // An agent since deleted is still the agent of their old calls, by id.
          return { agentId, userId: null, username: null, name: null };
        }
      })();
      agentNames.set(key, known);
    }
    return known;
  }

  return {
    kind: 'amazon-connect',
    listQueues: (account) => withConnect(account, (client, ready) => queuesOf(client, ready.instanceId)),

    contactsChanged: (account, window) =>
      withConnect(account, async (client, ready) => {
        const until = window.until;
        // Contacts begun in the window, and contacts that ended in it (begun earlier): by their first leg's id.
        const legIds = new Map<string, Set<string>>();
        for (const type of ['INITIATION_TIMESTAMP', 'DISCONNECT_TIMESTAMP'] as const) {
          const pages = paginateSearchContacts(
            { client, pageSize: 100, stopOnSameToken: true },
            { InstanceId: ready.instanceId, TimeRange: { Type: type, StartTime: window.since, EndTime: until }, SearchCriteria: { Channels: ['VOICE'] }, Sort: { FieldName: 'INITIATION_TIMESTAMP', Order: 'ASCENDING' } },
          );
          for await (const page of pages) {
            for (const summary of page.Contacts ?? []) {
              if (!summary.Id) continue;
              const initial = summary.InitialContactId ?? summary.Id;
              legIds.set(initial, (legIds.get(initial) ?? new Set()).add(summary.Id));
            }
          }
        }
        const queueNames = new Map((await queuesOf(client, ready.instanceId)).map((q) => [q.queueId, q.queueName]));
        const contacts: ContactCenterContact[] = [];
        for (const [initialId, ids] of legIds) {
          // Every leg of the contact, the first included even when only a later one was in the window.
          const described = await Promise.all([...new Set([initialId, ...ids])].map(async (id) => (await client.send(new DescribeContactCommand({ InstanceId: ready.instanceId, ContactId: id }))).Contact));
          const legs = described.filter((c): c is Contact => !!c?.Id && c.Channel !== 'CHAT' && c.Channel !== 'TASK');
          if (legs.length === 0) continue;
          const { Attributes } = await client.send(new GetContactAttributesCommand({ InstanceId: ready.instanceId, InitialContactId: initialId }));
          contacts.push(await toContact(legs, Attributes ?? {}, queueNames, (agentId) => agentOf(client, ready.instanceId, agentId)));
        }
        return contacts.sort((a, b) => a.startTimestamp.localeCompare(b.startTimestamp) || a.contactId.localeCompare(b.contactId));
      }),

    realtimeMetrics: (account, queueIds) =>
      withConnect(account, async (client, ready) => {
        const queues = await queuesOf(client, ready.instanceId);
        const asked = queueIds.length === 0 ? queues : queues.filter((q) => queueIds.includes(q.queueId));
        const figures = new Map<string, QueueRealtimeMetrics>(asked.map((q) => [q.queueId, { queueId: q.queueId, queueName: q.queueName, callsWaiting: 0, agentsOnCall: 0, agentsAvailable: 0, oldestWaitSeconds: 0 }]));
        // Connect takes at most 100 queues a request.
        for (let i = 0; i < asked.length; i += 100) {
          const pages = paginateGetCurrentMetricData(
            { client, pageSize: 100, stopOnSameToken: true },
            {
              InstanceId: ready.instanceId,
              Filters: { Queues: asked.slice(i, i + 100).map((q) => q.queueId), Channels: ['VOICE'] },
              Groupings: ['QUEUE'],
              CurrentMetrics: [
                { Name: 'CONTACTS_IN_QUEUE', Unit: 'COUNT' },
                { Name: 'AGENTS_ON_CONTACT', Unit: 'COUNT' },
                { Name: 'AGENTS_AVAILABLE', Unit: 'COUNT' },
                // Grouped by queue, Connect answers this one in seconds.
                { Name: 'OLDEST_CONTACT_AGE', Unit: 'SECONDS' },
              ],
            },
          );
          for await (const page of pages) {
            for (const result of page.MetricResults ?? []) {
              const figure = figures.get(result.Dimensions?.Queue?.Id ?? '');
              if (!figure) continue;
              for (const { Metric, Value } of result.Collections ?? []) {
                const value = Math.round(Value ?? 0);
                if (Metric?.Name === 'CONTACTS_IN_QUEUE') figure.callsWaiting = value;
                else if (Metric?.Name === 'AGENTS_ON_CONTACT') figure.agentsOnCall = value;
                else if (Metric?.Name === 'AGENTS_AVAILABLE') figure.agentsAvailable = value;
                else if (Metric?.Name === 'OLDEST_CONTACT_AGE') figure.oldestWaitSeconds = value;
              }
            }
          }
        }
        return [...figures.values()];
      }),

    queueFigures: (account, request) =>
      withConnect(account, async (client, ready) => {
        const queues = await queuesOf(client, ready.instanceId);
        const asked = request.queueIds.length === 0 ? queues : queues.filter((q) => request.queueIds.includes(q.queueId));
        const awsAccountId = ready.accountId ?? /^arn:aws[a-z-]*:iam::(\d{12}):/.exec(ready.roleArn)?.[1] ?? '';
        const figures = new Map<string, QueueFigures>(asked.map((q) => [q.queueId, { queueId: q.queueId, queueName: q.queueName, contactsHandled: 0, contactsAbandoned: 0, averageHandleSeconds: 0, averageQueueAnswerSeconds: 0 }]));
        // GetMetricDataV2 takes at most 100 filter values.
        for (let i = 0; i < asked.length; i += 100) {
          const pages = paginateGetMetricDataV2(
            { client, pageSize: 100, stopOnSameToken: true },
            {
              ResourceArn: `arn:aws:connect:${ready.region}:${awsAccountId}:instance/${ready.instanceId}`,
              StartTime: request.since,
              EndTime: request.until,
              Filters: [
                { FilterKey: 'QUEUE', FilterValues: asked.slice(i, i + 100).map((q) => q.queueId) },
                { FilterKey: 'CHANNEL', FilterValues: ['VOICE'] },
              ],
              Groupings: ['QUEUE'],
              Metrics: [{ Name: 'CONTACTS_HANDLED' }, { Name: 'CONTACTS_ABANDONED' }, { Name: 'AVG_HANDLE_TIME' }, { Name: 'AVG_QUEUE_ANSWER_TIME' }],
            },
          );
          for await (const page of pages) {
            for (const result of page.MetricResults ?? []) {
              const figure = figures.get(result.Dimensions?.QUEUE ?? '');
              if (!figure) continue;
              for (const { Metric, Value } of result.Collections ?? []) {
                const value = Math.round(Value ?? 0);
                if (Metric?.Name === 'CONTACTS_HANDLED') figure.contactsHandled = value;
                else if (Metric?.Name === 'CONTACTS_ABANDONED') figure.contactsAbandoned = value;
                else if (Metric?.Name === 'AVG_HANDLE_TIME') figure.averageHandleSeconds = value;
                else if (Metric?.Name === 'AVG_QUEUE_ANSWER_TIME') figure.averageQueueAnswerSeconds = value;
              }
            }
          }
        }
        return [...figures.values()];
      }),

    async recording(account, location) {
      const ready = required(account.awsConnect);
      const credentials = await assume(account, ready);
      // Connect names a recording `bucket/key` in the instance's call-recording storage (or as an s3:// URL).
      const match = /^(?:s3:\/\/)?([^/]+)\/(.+)$/.exec(location);
      if (!match) throw new ContactCenterError('unavailable');
      const s3 = makeS3(ready.region, credentials);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: match[1], Key: match[2] }));
        if (!answer.Body) throw new Error('The recording has no body.');
        return { body: await answer.Body.transformToByteArray(), contentType: answer.ContentType && answer.ContentType !== 'binary/octet-stream' ? answer.ContentType : 'audio/wav' };
      } catch (error) {
        throw new ContactCenterError('unavailable', { cause: error });
      } finally {
        s3.destroy();
      }
    },
  };
}

const initiations: Record<string, ContactInitiation> = {
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  TRANSFER: 'transfer',
  QUEUE_TRANSFER: 'queue_transfer',
  CALLBACK: 'callback',
  API: 'api',
  WEBRTC_API: 'webrtc_api',
  EXTERNAL_OUTBOUND: 'external_outbound',
  MONITOR: 'monitor',
  DISCONNECT: 'disconnect',
};
const iso = (date: Date | undefined) => (date ? date.toISOString() : null);
const secondsBetween = (from: Date | undefined, to: Date | undefined) => (from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : 0);

/**
 * A contact in the port's shape from Connect's legs (DescribeContact of each ContactId that shares
 * the InitialContactId) and its attributes: the legs in time order, the timeline of spec §4 events
 * from each leg's timestamps, the recordings Connect lists per leg. Monitoring legs become a
 * `monitor` event on the leg they watched rather than a leg of the call.
 */
async function toContact(described: Contact[], attributes: Record<string, string>, queueNames: Map<string, string>, agentOf: (agentId: string) => Promise<ContactAgent>): Promise<ContactCenterContact> {
  const sorted = [...described].sort((a, b) => (a.InitiationTimestamp?.getTime() ?? 0) - (b.InitiationTimestamp?.getTime() ?? 0));
  const callLegs = sorted.filter((c) => c.InitiationMethod !== 'MONITOR');
  const monitors = sorted.filter((c) => c.InitiationMethod === 'MONITOR');
  const events: ContactEvent[] = [];
  const legs: ContactLeg[] = [];
  const recordings: ContactRecording[] = [];
  const disposition = attributes.disposition ?? attributes.Disposition ?? null;
  for (const [i, c] of callLegs.entries()) {
    const leg = i + 1;
    const initiation = initiations[c.InitiationMethod ?? 'INBOUND'] ?? 'inbound';
    const queue = c.QueueInfo?.Id ? { queueId: c.QueueInfo.Id, queueName: queueNames.get(c.QueueInfo.Id) ?? c.QueueInfo.Id } : null;
    const agent = c.AgentInfo?.Id ? await agentOf(c.AgentInfo.Id) : null;
    const at = (type: string, date: Date | undefined, more: Partial<ContactEvent> = {}, details: Record<string, unknown> = {}) => {
      if (date) events.push({ type, timestamp: date.toISOString(), durationSeconds: 0, leg, details, ...more });
    };
    const enqueued = c.QueueInfo?.EnqueueTimestamp;
    const connected = c.AgentInfo?.ConnectedToAgentTimestamp;
    const wait = enqueued ? secondsBetween(enqueued, connected ?? c.DisconnectTimestamp) : 0;
    at(initiation, c.InitiationTimestamp, { queueId: queue?.queueId ?? null }, { ContactId: c.Id, InitialContactId: c.InitialContactId ?? c.Id, PreviousContactId: c.PreviousContactId ?? null, InitiationMethod: c.InitiationMethod, Channel: c.Channel, CustomerEndpoint: c.CustomerEndpoint ?? null, SystemEndpoint: c.SystemEndpoint ?? null });
    at('connectedToSystem', c.ConnectedToSystemTimestamp, {}, { ConnectedToSystemTimestamp: iso(c.ConnectedToSystemTimestamp) });
    if (leg === 1 && Object.keys(attributes).length > 0) at('attributes', c.ConnectedToSystemTimestamp ?? c.InitiationTimestamp, {}, { Attributes: attributes });
    at('enqueued', enqueued, { queueId: queue?.queueId ?? null }, { QueueInfo: { Id: queue?.queueId, Name: queue?.queueName, EnqueueTimestamp: iso(enqueued) } });
    if (enqueued && connected) at('dequeued', connected, { queueId: queue?.queueId ?? null, durationSeconds: wait }, { QueueDurationSeconds: wait });
    at('connectedToAgent', connected, { agentId: agent?.agentId ?? null, queueId: queue?.queueId ?? null }, { AgentInfo: { Id: c.AgentInfo?.Id, ConnectedToAgentTimestamp: iso(connected) } });
    const next = callLegs[i + 1];
    const transferred = next && (next.InitiationMethod === 'TRANSFER' || next.InitiationMethod === 'QUEUE_TRANSFER');
    at(transferred ? 'transfer' : 'disconnect', c.DisconnectTimestamp, { agentId: agent?.agentId ?? null }, { DisconnectReason: c.DisconnectReason ?? null, DisconnectDetails: c.DisconnectDetails ?? null });
    const acw = c.AgentInfo?.AfterContactWorkDuration ?? secondsBetween(c.AgentInfo?.AfterContactWorkStartTimestamp, c.AgentInfo?.AfterContactWorkEndTimestamp);
    at('afterContactWork', c.AgentInfo?.AfterContactWorkStartTimestamp, { agentId: agent?.agentId ?? null, durationSeconds: acw }, { AfterContactWorkStartTimestamp: iso(c.AgentInfo?.AfterContactWorkStartTimestamp), AfterContactWorkEndTimestamp: iso(c.AgentInfo?.AfterContactWorkEndTimestamp), AfterContactWorkDuration: acw });
    const legRecordings = (c.Recordings ?? []).filter((r) => r.Location && r.MediaStreamType !== 'VIDEO');
    for (const r of legRecordings) recordings.push({ leg, location: r.Location!, contentType: 'audio/wav', durationSeconds: r.StartTimestamp && r.StopTimestamp ? secondsBetween(r.StartTimestamp, r.StopTimestamp) : null });
    const legEnd = c.AgentInfo?.AfterContactWorkEndTimestamp ?? c.DisconnectTimestamp;
    if (legRecordings.length > 0) at('recordings', legEnd, { agentId: agent?.agentId ?? null }, { Recordings: legRecordings });
    for (const m of monitors.filter((m) => (m.RelatedContactId ?? m.PreviousContactId) === c.Id)) {
      const supervisor = m.AgentInfo?.Id ? await agentOf(m.AgentInfo.Id) : null;
      at('monitor', m.InitiationTimestamp, { agentId: supervisor?.agentId ?? null, durationSeconds: secondsBetween(m.InitiationTimestamp, m.DisconnectTimestamp) }, { ContactId: m.Id, MonitoringAgent: m.AgentInfo?.Id ?? null });
    }
    legs.push({
      leg,
      contactId: c.Id!,
      initiation,
      startTimestamp: c.InitiationTimestamp!.toISOString(),
      endTimestamp: iso(legEnd),
      queue,
      agent,
      enqueuedTimestamp: iso(enqueued),
      connectedToAgentTimestamp: iso(connected),
      waitSeconds: wait,
      talkSeconds: connected ? Math.max(0, secondsBetween(connected, c.DisconnectTimestamp) - (c.AgentInfo?.AgentInitiatedHoldDuration ?? 0)) : 0,
      holdSeconds: c.AgentInfo?.AgentInitiatedHoldDuration ?? 0,
      afterContactWorkSeconds: acw,
    });
  }
  const last = callLegs.at(-1)!;
  if (disposition) events.push({ type: 'disposition', timestamp: (last.AgentInfo?.AfterContactWorkEndTimestamp ?? last.DisconnectTimestamp ?? last.InitiationTimestamp!).toISOString(), durationSeconds: 0, leg: legs.length, agentId: legs.at(-1)?.agent?.agentId ?? null, disposition, details: { Disposition: disposition } });
  events.sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.leg - b.leg);
  // Over when the last leg is disconnected and its agent's after-contact work is done.
  const ended = !!last.DisconnectTimestamp && (!last.AgentInfo?.ConnectedToAgentTimestamp || !last.AgentInfo.AfterContactWorkStartTimestamp || !!last.AgentInfo.AfterContactWorkEndTimestamp);
  const anyAgent = legs.some((l) => l.agent);
  const status = ended ? (anyAgent ? 'completed' : 'abandoned') : last.AgentInfo?.AfterContactWorkStartTimestamp ? 'wrap-up' : last.AgentInfo?.ConnectedToAgentTimestamp ? 'active' : 'queued';
  const lastUpdate = sorted.reduce((latest, c) => Math.max(latest, c.LastUpdateTimestamp?.getTime() ?? 0, c.DisconnectTimestamp?.getTime() ?? 0), 0);
  const first = callLegs[0]!;
  return {
    contactId: first.InitialContactId ?? first.Id!,
    initiation: legs[0]!.initiation,
    startTimestamp: first.InitiationTimestamp!.toISOString(),
    endTimestamp: ended ? legs.at(-1)!.endTimestamp : null,
    lastUpdateTimestamp: new Date(lastUpdate || first.InitiationTimestamp!.getTime()).toISOString(),
    status,
    // Connect knows the caller's number, not their name.
    customer: { name: null, phoneNumber: first.CustomerEndpoint?.Address ?? null },
    systemPhoneNumber: first.SystemEndpoint?.Address ?? null,
    queue: legs.find((l) => l.queue)?.queue ?? null,
    agent: [...legs].reverse().find((l) => l.agent)?.agent ?? null,
    disposition,
    legs,
    events,
    recordings: ended ? recordings : [],
    attributes,
  };
}
