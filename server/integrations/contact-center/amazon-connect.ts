import { ConnectClient, ListQueuesCommand, type QueueSummary } from '@aws-sdk/client-connect';
import { ContactCenterError, type ContactCenter, type ContactCenterQueue } from './index.ts';

/** Connect answers at most 1000 queues a page. */
const pageSize = 1000;
/** A bound on pages followed, so a contact center that keeps answering NextToken cannot loop us forever. */
const maxPages = 100;

const toQueue = (summary: QueueSummary): ContactCenterQueue | null =>
  summary.Id && summary.Arn ? { queueId: summary.Id, queueArn: summary.Arn, queueName: summary.Name ?? summary.Id } : null;

/**
 * The real contact center: Amazon Connect's ListQueues (standard queues only: agent queues are
 * per agent, not call-center queues), every page. One client per region; credentials from the
 * SDK's default provider chain. `client` lets tests pass a mocked client.
 */
export function createAmazonConnect(client?: (region: string) => ConnectClient): ContactCenter {
  const clients = new Map<string, ConnectClient>();
  const clientFor = client ?? ((region: string) => {
    let existing = clients.get(region);
    if (!existing) {
      existing = new ConnectClient({ region, maxAttempts: 3 });
      clients.set(region, existing);
    }
    return existing;
  });
  return {
    async listQueues(account) {
      const instanceId = account.awsConnect?.instanceId;
      const region = account.awsConnect?.region;
      if (!instanceId || !region) throw new ContactCenterError('not_configured');
      const connect = clientFor(region);
      const found: ContactCenterQueue[] = [];
      let nextToken: string | undefined;
      try {
        for (let page = 0; page < maxPages; page++) {
          const answer = await connect.send(new ListQueuesCommand({ InstanceId: instanceId, QueueTypes: ['STANDARD'], MaxResults: pageSize, NextToken: nextToken }));
          for (const summary of answer.QueueSummaryList ?? []) {
            const queue = toQueue(summary);
            if (queue) found.push(queue);
          }
          nextToken = answer.NextToken;
          if (!nextToken) return found;
        }
      } catch (error) {
        throw new ContactCenterError('unavailable', { cause: error });
      }
      throw new ContactCenterError('unavailable');
    },
  };
}
