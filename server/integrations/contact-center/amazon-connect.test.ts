import {
  ConnectClient,
  DescribeContactCommand,
  DescribeUserCommand,
  GetContactAttributesCommand,
  GetCurrentMetricDataCommand,
  GetMetricDataV2Command,
  ListQueuesCommand,
  SearchContactsCommand,
} from '@aws-sdk/client-connect';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
// fromTemporaryCredentials calls STS through the SDK's nested STS client (not @aws-sdk/client-sts): mock that one.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAmazonConnect, type AmazonConnectOptions } from './amazon-connect.ts';
import { wavRecording } from '../simulators/audio.ts';
import {
  accessDenied,
  agents,
  assumeRoleAnswer,
  beforeExpiry,
  connectQueues,
  contactAttributes,
  contactIds,
  contactWindow,
  currentMetrics,
  describedContacts,
  describedUsers,
  historicMetrics,
  instanceAPages,
  instanceBPages,
  instanceNotFound,
  instances,
  searchPages,
} from './amazon-connect.answers.ts';
import { describeContactCenterContract } from './contract.ts';
import { ContactCenterError, type ContactCenterAccount } from './port.ts';

const connect = mockClient(ConnectClient);
const sts = mockClient(STSClient);
const s3 = mockClient(S3Client);
// The mocks replace the clients' send for every instance: put back at the end, as the files after this one in a worker use the real SDK (vitest.config.ts: the API files share modules).
afterAll(() => {
  connect.restore();
  sts.restore();
  s3.restore();
});
/** Each SearchContacts request: the time range's type and the page token asked for. */
const searched: [string, string | null][] = [];
/** The bytes the instance's call-recording bucket holds for every recording. */
const recordedAudio = wavRecording(1, 2);

/** Connect answers contacts, users and metrics by what was asked, as the service does. */
function answerContacts() {
  connect.on(SearchContactsCommand).callsFake((input: { InstanceId: string; NextToken?: string; TimeRange: { Type: string } }) => {
    // As asked at the time (the SDK's paginator reuses its input object for the next page).
    searched.push([input.TimeRange.Type, input.NextToken ?? null]);
    const pages = searchPages[input.InstanceId] ?? [{ $metadata: {}, Contacts: [] }];
    const i = input.NextToken ? pages.findIndex((p) => p.NextToken === input.NextToken) + 1 : 0;
    return pages[i];
  });
  connect.on(DescribeContactCommand).callsFake((input: { ContactId: string }) => {
    const contact = describedContacts[input.ContactId];
    if (!contact) throw instanceNotFound();
    return { Contact: contact };
  });
  connect.on(GetContactAttributesCommand).callsFake((input: { InitialContactId: string }) => ({ Attributes: contactAttributes[input.InitialContactId] ?? {} }));
  connect.on(DescribeUserCommand).callsFake((input: { UserId: string }) => describedUsers[input.UserId]);
  connect.on(GetCurrentMetricDataCommand).callsFake((input: { Filters: { Queues: string[] } }) => currentMetrics(input.Filters.Queues));
  connect.on(GetMetricDataV2Command).callsFake((input: { Filters: { FilterKey: string; FilterValues: string[] }[] }) => historicMetrics(input.Filters.find((f) => f.FilterKey === 'QUEUE')!.FilterValues));
  s3.on(GetObjectCommand).resolves({ ContentType: 'audio/wav', ContentLength: recordedAudio.byteLength, Body: { transformToByteArray: async () => recordedAudio } as never });
}

const settings = (instanceId: string, n: string) => ({
  accountId: '123456789012',
  instanceId,
  region: 'us-west-2',
  roleArn: `arn:aws:iam::123456789012:role/astera-portal-${n}`,
  externalId: `astera-external-${n}`,
});
const accountA: ContactCenterAccount = { id: 'account-a', awsConnect: settings(instances.a, 'a') };
const accountB: ContactCenterAccount = { id: 'account-b', awsConnect: settings(instances.b, 'b') };

/** Connect answers each instance's pages by the token asked for, as the service does. */
function answerPages() {
  for (const [instanceId, pages] of [
    [instances.a, instanceAPages],
    [instances.b, instanceBPages],
  ] as const) {
    pages.forEach((page, i) => {
      connect.on(ListQueuesCommand, { InstanceId: instanceId, NextToken: i === 0 ? undefined : pages[i - 1]!.NextToken }).resolves(page);
    });
  }
}

let clock = beforeExpiry;
const made: { region: string; accessKeyId: string }[] = [];
const options = (more: Partial<AmazonConnectOptions> = {}): AmazonConnectOptions => ({
  roleSessionSeconds: 3600,
  roleSessionName: 'astera-portal',
  now: () => clock,
  connectClient: (region, credentials) => {
    made.push({ region, accessKeyId: credentials.accessKeyId });
    return new ConnectClient({ region, credentials });
  },
  ...more,
});

beforeEach(() => {
  connect.reset();
  sts.reset();
  s3.reset();
  clock = beforeExpiry;
  made.length = 0;
  searched.length = 0;
  sts.on(AssumeRoleCommand).resolves(assumeRoleAnswer);
  answerPages();
  answerContacts();
});
afterEach(() => {
  connect.reset();
  sts.reset();
});

describeContactCenterContract('Amazon Connect over aws-sdk-client-mock', () => ({ contactCenter: createAmazonConnect(options()), accounts: [accountA, accountB], window: contactWindow }), {
  unconfigured: { id: 'account-c', awsConnect: { instanceId: instances.a, region: 'us-west-2' } },
});

describe('Amazon Connect adapter', () => {
  it("follows every page through the SDK's paginator: no page is dropped", async () => {
    const queues = await createAmazonConnect(options()).listQueues(accountA);
    expect(queues.map((q) => q.queueName)).toEqual(['BasicQueue', 'Main Line', 'Billing', 'Nurse Triage']);
    const calls = connect.commandCalls(ListQueuesCommand);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.args[0].input).toMatchObject({ InstanceId: instances.a, QueueTypes: ['STANDARD'], MaxResults: 1000 });
    // Each page was asked for by the previous page's NextToken: Connect's mock answers only so (answerPages).
  });

  it("calls the practice's Connect with the role assumed in the practice's account (ARN, external id, session), in its region", async () => {
    await createAmazonConnect(options({ roleSessionSeconds: 1800, roleSessionName: 'portal-test' })).listQueues(accountA);
    const [assume] = sts.commandCalls(AssumeRoleCommand);
    expect(assume!.args[0].input).toEqual({
      RoleArn: accountA.awsConnect!.roleArn,
      ExternalId: accountA.awsConnect!.externalId,
      RoleSessionName: 'portal-test',
      DurationSeconds: 1800,
    });
    expect(await (assume!.thisValue as STSClient).config.region()).toBe('us-west-2');
    expect(made).toEqual([{ region: 'us-west-2', accessKeyId: assumeRoleAnswer.Credentials.AccessKeyId }]);
  });

  it("keeps each account's credentials until shortly before they expire, then assumes the role again", async () => {
    const adapter = createAmazonConnect(options());
    await adapter.listQueues(accountA);
    await adapter.listQueues(accountA);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(1);
    // Another account: its own role, its own credentials.
    await adapter.listQueues(accountB);
    expect(sts.commandCalls(AssumeRoleCommand).map((c) => c.args[0].input.RoleArn)).toEqual([accountA.awsConnect!.roleArn, accountB.awsConnect!.roleArn]);
    // Within five minutes of the expiry: renewed before the call.
    clock = assumeRoleAnswer.Credentials.Expiration.getTime() - 4 * 60_000;
    await adapter.listQueues(accountA);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(3);
    // A changed external id is a different role session.
    clock = beforeExpiry;
    await adapter.listQueues({ ...accountA, awsConnect: { ...accountA.awsConnect!, externalId: 'rotated' } });
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(4);
  });

  it("a role that cannot be assumed is role_not_assumed, STS's error kept as the cause, Connect never called, nothing cached", async () => {
    sts.reset();
    const denied = accessDenied();
    sts.on(AssumeRoleCommand).rejectsOnce(denied).resolves(assumeRoleAnswer);
    const adapter = createAmazonConnect(options());
    const error = await adapter.listQueues(accountA).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactCenterError);
    expect((error as ContactCenterError).reason).toBe('role_not_assumed');
    expect((error as ContactCenterError).cause).toBe(denied);
    expect((error as ContactCenterError).message).not.toContain('111122223333');
    expect(connect.commandCalls(ListQueuesCommand)).toHaveLength(0);
    // The next listing tries again.
    expect(await adapter.listQueues(accountA)).toHaveLength(4);
  });

  it("a Connect failure is unavailable, the SDK's error kept only as its cause", async () => {
    connect.reset();
    const notFound = instanceNotFound();
    connect.on(ListQueuesCommand).rejects(notFound);
    const error = await createAmazonConnect(options()).listQueues(accountA).catch((e: unknown) => e);
    expect((error as ContactCenterError).reason).toBe('unavailable');
    expect((error as ContactCenterError).cause).toBe(notFound);
  });

  it('names the settings an account lacks, and neither STS nor Connect is called', async () => {
    const adapter = createAmazonConnect(options());
    for (const [awsConnect, missing] of [
      [null, ['instanceId', 'region', 'roleArn', 'externalId']],
      [{ instanceId: instances.a, region: 'us-west-2', roleArn: 'arn:aws:iam::123456789012:role/x' }, ['externalId']],
      [{ region: 'us-west-2', roleArn: 'arn:aws:iam::123456789012:role/x', externalId: 'e' }, ['instanceId']],
    ] as const) {
      const error = await adapter.listQueues({ id: 'acct', awsConnect }).catch((e: unknown) => e);
      expect((error as ContactCenterError).reason).toBe('not_configured');
      expect((error as ContactCenterError).missing).toEqual(missing);
    }
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(connect.commandCalls(ListQueuesCommand)).toHaveLength(0);
  });

  it('lists an instance of many pages whole: no page cap drops the rest', async () => {
    connect.reset();
    const pages = 150;
    const template = instanceBPages[0]!.QueueSummaryList![0]!;
    connect.on(ListQueuesCommand).callsFake((input: { NextToken?: string }) => {
      const n = input.NextToken ? Number(input.NextToken.slice('page-'.length)) : 0;
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      return { QueueSummaryList: [{ ...template, Id: id, Arn: template.Arn!.replace(/queue\/.*$/, `queue/${id}`), Name: `Queue ${n}` }], NextToken: n + 1 < pages ? `page-${n + 1}` : undefined };
    });
    const queues = await createAmazonConnect(options()).listQueues(accountB);
    expect(queues).toHaveLength(pages);
    expect(queues.at(-1)!.queueName).toBe(`Queue ${pages - 1}`);
  });

  it('stops when Connect answers the same NextToken again, instead of looping', async () => {
    connect.reset();
    connect.on(ListQueuesCommand).resolves({ ...instanceBPages[0]!, NextToken: 'same' });
    const queues = await createAmazonConnect(options()).listQueues(accountB);
    expect(queues.map((q) => q.queueName)).toEqual(['BasicQueue', 'Scheduling']);
    expect(connect.commandCalls(ListQueuesCommand)).toHaveLength(2);
  });

  it('reads contacts begun or ended in the window through the SearchContacts paginator, every page, and describes every leg', async () => {
    const contacts = await createAmazonConnect(options()).contactsChanged(accountA, contactWindow);
    const searches = connect.commandCalls(SearchContactsCommand).map((c) => c.args[0].input);
    expect(searched).toEqual([
      ['INITIATION_TIMESTAMP', null],
      ['INITIATION_TIMESTAMP', 'AAIAAZUwtVNs7fEXAMPLEsearch1'],
      ['DISCONNECT_TIMESTAMP', null],
      ['DISCONNECT_TIMESTAMP', 'AAIAAZUwtVNs7fEXAMPLEsearch1'],
    ]);
    expect(searches[0]).toMatchObject({ InstanceId: instances.a, TimeRange: { StartTime: contactWindow.since, EndTime: contactWindow.until }, SearchCriteria: { Channels: ['VOICE'] } });
    // Three contacts: the transfer's second leg joins its first.
    expect(contacts.map((c) => c.contactId)).toEqual([contactIds.answered, contactIds.abandoned, contactIds.outbound]);
    const [transferred, abandoned, outbound] = contacts;
    expect(transferred!.legs.map((l) => [l.leg, l.contactId, l.initiation, l.queue?.queueName, l.agent?.username])).toEqual([
      [1, contactIds.answered, 'inbound', 'Main Line', agents.ana.Username],
      [2, contactIds.transferred, 'queue_transfer', 'Nurse Triage', agents.ben.Username],
    ]);
    expect(transferred).toMatchObject({ status: 'completed', startTimestamp: '2024-03-01T16:05:00.000Z', endTimestamp: '2024-03-01T16:21:30.000Z', disposition: 'Transferred to nurse', customer: { phoneNumber: '+15035550123' } });
    expect(transferred!.agent).toEqual({ agentId: agents.ben.Id, userId: null, username: agents.ben.Username, name: 'Ben Cole' });
    expect(transferred!.legs[0]).toMatchObject({ waitSeconds: 45, holdSeconds: 30, talkSeconds: 315, afterContactWorkSeconds: 50 });
    expect(transferred!.events.map((e) => `${e.leg}:${e.type}`)).toEqual([
      '1:inbound', '1:connectedToSystem', '1:attributes', '1:enqueued', '1:dequeued', '1:connectedToAgent', '1:transfer', '1:afterContactWork', '2:queue_transfer', '2:enqueued', '1:recordings', '2:dequeued', '2:connectedToAgent', '2:disconnect', '2:afterContactWork', '2:recordings', '2:disposition',
    ]);
    expect(transferred!.recordings.map((r) => [r.leg, r.location, r.durationSeconds])).toEqual([
      [1, describedContacts[contactIds.answered]!.Recordings![0]!.Location, 345],
      [2, describedContacts[contactIds.transferred]!.Recordings![0]!.Location, 360],
    ]);
    expect(abandoned).toMatchObject({ status: 'abandoned', agent: null, disposition: null, recordings: [] });
    expect(abandoned!.legs[0]!.waitSeconds).toBe(255);
    expect(outbound).toMatchObject({ initiation: 'outbound', status: 'completed', disposition: 'Appointment booked' });
    // Each agent is described once, however many contacts name them.
    expect(connect.commandCalls(DescribeUserCommand).map((c) => c.args[0].input.UserId).sort()).toEqual([agents.ana.Id, agents.ben.Id].sort());
  });

  it('reads realtime figures with GetCurrentMetricData grouped by queue (OLDEST_CONTACT_AGE in seconds), for the queues asked', async () => {
    const figures = await createAmazonConnect(options()).realtimeMetrics(accountA, [connectQueues.main, connectQueues.billing]);
    expect(figures).toEqual([
      { queueId: connectQueues.main, queueName: 'Main Line', callsWaiting: 2, agentsOnCall: 3, agentsAvailable: 1, oldestWaitSeconds: 95 },
      { queueId: connectQueues.billing, queueName: 'Billing', callsWaiting: 0, agentsOnCall: 1, agentsAvailable: 2, oldestWaitSeconds: 0 },
    ]);
    const [call] = connect.commandCalls(GetCurrentMetricDataCommand);
    expect(call!.args[0].input).toMatchObject({ InstanceId: instances.a, Groupings: ['QUEUE'], Filters: { Queues: [connectQueues.main, connectQueues.billing], Channels: ['VOICE'] } });
  });

  it("reads historic figures with GetMetricDataV2 on the instance's ARN, grouped by queue", async () => {
    const figures = await createAmazonConnect(options()).queueFigures(accountA, { queueIds: [connectQueues.main], since: contactWindow.since, until: contactWindow.until });
    expect(figures).toEqual([{ queueId: connectQueues.main, queueName: 'Main Line', contactsHandled: 12, contactsAbandoned: 0, averageHandleSeconds: 312, averageQueueAnswerSeconds: 42 }]);
    expect(connect.commandCalls(GetMetricDataV2Command)[0]!.args[0].input).toMatchObject({
      ResourceArn: `arn:aws:connect:us-west-2:123456789012:instance/${instances.a}`,
      StartTime: contactWindow.since,
      EndTime: contactWindow.until,
      Groupings: ['QUEUE'],
    });
  });

  it("reads a recording from the instance's call-recording bucket with the practice's assumed role", async () => {
    const location = describedContacts[contactIds.answered]!.Recordings![0]!.Location!;
    const made: string[] = [];
    const adapter = createAmazonConnect(
      options({
        s3Client: (region, credentials) => {
          made.push(`${region}:${credentials.accessKeyId}`);
          return new S3Client({ region, credentials });
        },
      }),
    );
    const { body, contentType } = await adapter.recording(accountA, location);
    expect(contentType).toBe('audio/wav');
    expect(body).toEqual(recordedAudio);
    expect(made).toEqual([`us-west-2:${assumeRoleAnswer.Credentials.AccessKeyId}`]);
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'amzn-s3-demo-bucket', Key: location.slice('amzn-s3-demo-bucket/'.length) });
    // S3 refusing: unavailable, its error kept as the cause.
    s3.reset();
    const denied = accessDenied();
    s3.on(GetObjectCommand).rejects(denied);
    const error = await adapter.recording(accountA, location).catch((e: unknown) => e);
    expect((error as ContactCenterError).reason).toBe('unavailable');
    expect((error as ContactCenterError).cause).toBe(denied);
  });
});
