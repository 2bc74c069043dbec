import { describe, expect, it } from 'vitest';
import { ContactCenterError, type ContactCenter, type ContactCenterAccount } from './port.ts';

/** What a contract run needs from an adapter's test: the adapter, and the accounts to ask it about. */
export type ContactCenterWorld = {
  contactCenter: ContactCenter;
  /** Two accounts, each with its own instance holding at least one queue. */
  accounts: [ContactCenterAccount, ContactCenterAccount];
};

/** A queue's ARN in Amazon Connect's layout, ending in the queue's id. */
const queueArnPattern = /^arn:aws[a-z-]*:connect:[a-z]{2}(-[a-z]+){1,2}-\d:\d{12}:instance\/[^/]+\/queue\/([^/]+)$/;

/**
 * The contact center's contract: the same expectations for the simulator and for every real
 * adapter (architecture "Integrations"). `world` is called before each test.
 */
export function describeContactCenterContract(
  name: string,
  world: () => Promise<ContactCenterWorld> | ContactCenterWorld,
  /** `unconfigured`: an account lacking a setting the adapter needs (none for an adapter that needs no per-account setting). */
  options: { unconfigured?: ContactCenterAccount } = {},
) {
  describe(`contact-center contract: ${name}`, () => {
    it("lists the account's queues, each with its id, a Connect queue ARN ending in that id, and a name", async () => {
      const { contactCenter, accounts } = await world();
      const queues = await contactCenter.listQueues(accounts[0]);
      expect(queues.length).toBeGreaterThan(0);
      for (const queue of queues) {
        expect(Object.keys(queue).sort()).toEqual(['queueArn', 'queueId', 'queueName']);
        expect(queue.queueArn).toMatch(queueArnPattern);
        expect(queueArnPattern.exec(queue.queueArn)![2]).toBe(queue.queueId);
        expect(queue.queueName.trim()).not.toBe('');
      }
      expect(new Set(queues.map((q) => q.queueId)).size).toBe(queues.length);
    });

    it('answers a queue it lists again under the same id, ARN and name', async () => {
      const { contactCenter, accounts } = await world();
      const first = await contactCenter.listQueues(accounts[0]);
      const again = new Map((await contactCenter.listQueues(accounts[0])).map((q) => [q.queueId, q]));
      const kept = first.filter((q) => again.has(q.queueId));
      expect(kept.length).toBeGreaterThan(0);
      for (const queue of kept) expect(again.get(queue.queueId)).toEqual(queue);
    });

    it("never answers one account's queues for another", async () => {
      const { contactCenter, accounts } = await world();
      const [a, b] = [await contactCenter.listQueues(accounts[0]), await contactCenter.listQueues(accounts[1])];
      expect(b.length).toBeGreaterThan(0);
      const ids = new Set(a.map((q) => q.queueId));
      expect(b.filter((q) => ids.has(q.queueId))).toEqual([]);
      const instance = (arn: string) => arn.split('/queue/')[0];
      expect(new Set(a.map((q) => instance(q.queueArn))).size).toBe(1);
      expect(instance(b[0]!.queueArn)).not.toBe(instance(a[0]!.queueArn));
    });

    it.skipIf(!options.unconfigured)('refuses an account it cannot serve with its error type, reason not_configured, naming what is missing', async () => {
      const { contactCenter } = await world();
      const error = await contactCenter.listQueues(options.unconfigured!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContactCenterError);
      expect((error as ContactCenterError).reason).toBe('not_configured');
      expect((error as ContactCenterError).missing.length).toBeGreaterThan(0);
    });
  });
}
