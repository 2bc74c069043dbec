import { ConnectClient, ListQueuesCommand } from '@aws-sdk/client-connect';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createAmazonConnect } from './amazon-connect.ts';
import { ContactCenterError } from './index.ts';

const connect = mockClient(ConnectClient);
afterEach(() => connect.reset());

const account = { id: 'acct', awsConnect: { accountId: '123456789012', instanceId: 'inst-1', region: 'us-west-2' } };
const arn = (id: string) => `arn:aws:connect:us-west-2:123456789012:instance/inst-1/queue/${id}`;
const regions: string[] = [];
const adapter = () =>
  createAmazonConnect((region) => {
    regions.push(region);
    return new ConnectClient({ region });
  });

describe('Amazon Connect adapter', () => {
  it("lists the instance's standard queues across every page, mapped to id, ARN and name", async () => {
    connect
      .on(ListQueuesCommand, { InstanceId: 'inst-1', NextToken: undefined })
      .resolves({ QueueSummaryList: [{ Id: 'q1', Arn: arn('q1'), Name: 'Main Line', QueueType: 'STANDARD' }], NextToken: 'page-2' })
      .on(ListQueuesCommand, { InstanceId: 'inst-1', NextToken: 'page-2' })
      .resolves({ QueueSummaryList: [{ Id: 'q2', Arn: arn('q2'), Name: 'Billing' }, { Id: 'broken' }] });
    const queues = await adapter().listQueues(account);
    expect(queues).toEqual([
      { queueId: 'q1', queueArn: arn('q1'), queueName: 'Main Line' },
      { queueId: 'q2', queueArn: arn('q2'), queueName: 'Billing' },
    ]);
    const calls = connect.commandCalls(ListQueuesCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.args[0].input).toMatchObject({ InstanceId: 'inst-1', QueueTypes: ['STANDARD'], MaxResults: 1000 });
    expect(calls[1]!.args[0].input.NextToken).toBe('page-2');
    expect(regions.at(-1)).toBe('us-west-2');
  });

  it("an SDK failure becomes ContactCenterError('unavailable'), the SDK's error kept only as its cause", async () => {
    const denied = Object.assign(new Error('User arn:aws:iam::123456789012:user/x is not authorized'), { name: 'AccessDeniedException' });
    connect.on(ListQueuesCommand).rejects(denied);
    const error = await adapter().listQueues(account).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactCenterError);
    expect((error as ContactCenterError).reason).toBe('unavailable');
    expect((error as ContactCenterError).message).not.toContain('123456789012');
    expect((error as ContactCenterError).cause).toBe(denied);
  });

  it('an account without instance id or region is not configured, and Connect is not called', async () => {
    for (const awsConnect of [null, { region: 'us-east-1' }, { instanceId: 'inst-1' }]) {
      const error = await adapter().listQueues({ id: 'acct', awsConnect }).catch((e: unknown) => e);
      expect((error as ContactCenterError).reason).toBe('not_configured');
    }
    expect(connect.commandCalls(ListQueuesCommand)).toHaveLength(0);
  });

  it('a contact center that never stops paging is cut off as unavailable', async () => {
    connect.on(ListQueuesCommand).resolves({ QueueSummaryList: [], NextToken: 'again' });
    const error = await adapter().listQueues(account).catch((e: unknown) => e);
    expect((error as ContactCenterError).reason).toBe('unavailable');
  });
});
