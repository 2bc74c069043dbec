import { and, asc, eq } from 'drizzle-orm';
import { createSimulatedContactCenter } from '../integrations/contact-center/simulator.ts';
import { applyQueueSync, contactCenterAccount } from '../routes/queues/queries.ts';
import type { Tx } from '../db/client.ts';
import { queues } from '../db/schema/index.ts';
import type { DemoSeed } from '../area.ts';
import { auditLog } from '../db/schema/index.ts';
import { hasSimulators } from '../integrations/simulators/migrate.ts';

/** The settings the demo gives an account's first queues (by name), so the queue pages show filled-in greetings and dispositions. */
export const demoQueueSettings = [
  {
    agentGreetingImageLocationPath: 'https://assets.astera.test/greetings/front-desk.png',
    agentGreetings: {
      inbound: 'Thank you for calling {{practiceName}}, this is {{agentName}}. How can I help you today?',
      outbound: 'Hello, this is {{agentName}} calling from {{practiceName}}.',
      callback: 'Hello, this is {{agentName}} from {{practiceName}} returning your call.',
    },
    dispositions: ['Appointment booked', 'Question answered', 'Transferred to nurse', 'Left voicemail'],
  },
  {
    agentGreetingImageLocationPath: null,
    agentGreetings: { inbound: 'Hello, you have reached {{queueName}}. My name is {{agentName}}.', outbound: null, callback: null },
    dispositions: ['Resolved', 'Escalated'],
  },
] as const;

/**
 * Syncs every demo account's queues once from the simulated contact center (the default one,
 * whatever CONTACT_CENTER says: the demo never calls a real Amazon Connect) and fills in the
 * settings of its first two queues.
 */
export async function insertDemoQueues(tx: Tx, accountIds: string[], actor: string) {
  const simulator = createSimulatedContactCenter(tx);
  for (const accountId of accountIds) {
    const listed = await simulator.listQueues(await contactCenterAccount(tx, accountId));
    await applyQueueSync(tx, accountId, actor, listed);
    const first = await tx.select({ queueId: queues.queueId }).from(queues).where(eq(queues.accountId, accountId)).orderBy(asc(queues.queueName)).limit(demoQueueSettings.length);
    for (const [i, { queueId }] of first.entries()) {
      const settings = demoQueueSettings[i]!;
      await tx
        .update(queues)
        .set({ ...settings, dispositions: [...settings.dispositions] })
        .where(and(eq(queues.accountId, accountId), eq(queues.queueId, queueId)));
    }
  }
}

/** The seed step: call-center queues of every demo account, from the simulated contact center (in the simulators' schema: without it, later). */
export async function seedDemoQueues({ tx, accounts, actor }: DemoSeed): Promise<void | 'later'> {
  if (!(await hasSimulators(tx))) return 'later';
  await insertDemoQueues(tx, Object.values(accounts).map((a) => a.id), actor);
  for (const account of Object.values(accounts)) {
    await tx.insert(auditLog).values({ accountId: account.id, actorId: actor, actorName: actor, action: 'create', resourceType: 'Queue', resourceId: null, after: { name: 'queues of the contact center' } });
  }
}
