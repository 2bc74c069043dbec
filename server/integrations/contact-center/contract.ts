import { describe, expect, it } from 'vitest';
import { interactionEventTypes } from '../../../domain/interactions.ts';
import { ContactCenterError, type ContactCenter, type ContactCenterAccount, type ContactWindow } from './port.ts';

/** What a contract run needs from an adapter's test: the adapter, and the accounts to ask it about. */
export type ContactCenterWorld = {
  contactCenter: ContactCenter;
  /** Two accounts, each with its own instance holding at least one queue. */
  accounts: [ContactCenterAccount, ContactCenterAccount];
  /** A window in which the first account has ended calls, some answered with a recording, and a transfer of several legs. */
  window: ContactWindow;
};

const legInitiations = ['inbound', 'outbound', 'transfer', 'callback', 'api', 'webrtc_api', 'queue_transfer', 'external_outbound', 'monitor', 'disconnect'];

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

    it("reads the contacts of a window: legs numbered from 1, spec §4 events in time order on those legs, the caller's number in E.164", async () => {
      const { contactCenter, accounts, window } = await world();
      const contacts = await contactCenter.contactsChanged(accounts[0], window);
      expect(contacts.length).toBeGreaterThan(0);
      expect(new Set(contacts.map((c) => c.contactId)).size).toBe(contacts.length);
      for (const contact of contacts) {
        expect(contact.legs.map((l) => l.leg)).toEqual(contact.legs.map((_, i) => i + 1));
        expect(contact.legs[0]!.contactId).toBe(contact.contactId);
        for (const leg of contact.legs) expect(legInitiations).toContain(leg.initiation);
        expect(contact.events.length).toBeGreaterThan(0);
        const times = contact.events.map((e) => e.timestamp);
        expect([...times].sort()).toEqual(times);
        for (const event of contact.events) {
          expect(interactionEventTypes as readonly string[]).toContain(event.type);
          expect(contact.legs.map((l) => l.leg)).toContain(event.leg);
          expect(event.durationSeconds).toBeGreaterThanOrEqual(0);
        }
        expect(['queued', 'active', 'wrap-up', 'completed', 'abandoned']).toContain(contact.status);
        if (contact.customer.phoneNumber !== null) expect(contact.customer.phoneNumber).toMatch(/^\+[1-9]\d{6,14}$/);
        if (contact.endTimestamp) expect(Date.parse(contact.endTimestamp)).toBeGreaterThanOrEqual(Date.parse(contact.startTimestamp));
        else expect(contact.recordings).toEqual([]);
        if (contact.status === 'abandoned') expect(contact.agent).toBeNull();
      }
      expect(contacts.some((c) => c.legs.length > 1)).toBe(true);
      expect(contacts.some((c) => c.status === 'completed' && c.agent !== null && c.recordings.length > 0)).toBe(true);
    });

    it('gives the bytes of a recording it listed, as audio', async () => {
      const { contactCenter, accounts, window } = await world();
      const contacts = await contactCenter.contactsChanged(accounts[0], window);
      const recording = contacts.flatMap((c) => c.recordings)[0]!;
      const { body, contentType } = await contactCenter.recording(accounts[0], recording.location);
      expect(contentType).toMatch(/^audio\//);
      expect(body.byteLength).toBeGreaterThan(44);
      expect(String.fromCharCode(...body.slice(0, 4))).toBe('RIFF');
    });

    it("never answers one account's contacts for another", async () => {
      const { contactCenter, accounts, window } = await world();
      const a = new Set((await contactCenter.contactsChanged(accounts[0], window)).map((c) => c.contactId));
      const b = await contactCenter.contactsChanged(accounts[1], window);
      expect(b.filter((c) => a.has(c.contactId))).toEqual([]);
    });

    it('answers realtime figures per queue of the instance, whole numbers from 0, for the queues asked', async () => {
      const { contactCenter, accounts } = await world();
      const queues = await contactCenter.listQueues(accounts[0]);
      const all = await contactCenter.realtimeMetrics(accounts[0], []);
      expect(all.length).toBeGreaterThan(0);
      for (const figure of all) {
        expect(Object.keys(figure).sort()).toEqual(['agentsAvailable', 'agentsOnCall', 'callsWaiting', 'oldestWaitSeconds', 'queueId', 'queueName']);
        expect(queues.map((q) => q.queueId)).toContain(figure.queueId);
        for (const n of [figure.callsWaiting, figure.agentsOnCall, figure.agentsAvailable, figure.oldestWaitSeconds]) {
          expect(Number.isInteger(n) && n >= 0).toBe(true);
        }
        if (figure.callsWaiting === 0) expect(figure.oldestWaitSeconds).toBe(0);
      }
      const one = await contactCenter.realtimeMetrics(accounts[0], [all[0]!.queueId]);
      expect(one.map((f) => f.queueId)).toEqual([all[0]!.queueId]);
    });

    it('answers historic figures per queue for a range', async () => {
      const { contactCenter, accounts, window } = await world();
      const figures = await contactCenter.queueFigures(accounts[0], { queueIds: [], since: window.since, until: window.until });
      expect(figures.length).toBeGreaterThan(0);
      for (const f of figures) {
        expect(Object.keys(f).sort()).toEqual(['averageHandleSeconds', 'averageQueueAnswerSeconds', 'contactsAbandoned', 'contactsHandled', 'queueId', 'queueName']);
      }
      expect(figures.some((f) => f.contactsHandled > 0)).toBe(true);
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
