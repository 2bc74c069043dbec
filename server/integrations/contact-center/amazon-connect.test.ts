import { ConnectClient, ListQueuesCommand } from '@aws-sdk/client-connect';
// fromTemporaryCredentials calls STS through the SDK's nested STS client (not @aws-sdk/client-sts): mock that one.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAmazonConnect, type AmazonConnectOptions } from './amazon-connect.ts';
import { accessDenied, assumeRoleAnswer, beforeExpiry, instanceAPages, instanceBPages, instanceNotFound, instances } from './amazon-connect.answers.ts';
import { describeContactCenterContract } from './contract.ts';
import { ContactCenterError, type ContactCenterAccount } from './port.ts';

const connect = mockClient(ConnectClient);
const sts = mockClient(STSClient);

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
  clock = beforeExpiry;
  made.length = 0;
  sts.on(AssumeRoleCommand).resolves(assumeRoleAnswer);
  answerPages();
});
afterEach(() => {
  connect.reset();
  sts.reset();
});

describeContactCenterContract('Amazon Connect over aws-sdk-client-mock', () => ({ contactCenter: createAmazonConnect(options()), accounts: [accountA, accountB] }), {
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
});
