/**
 * The demo's call history (issue 26): a few hundred calls per account over the last 90 days,
 * placed by the simulated contact center (kept in its instance, as its history) and written into
 * `interactions` by the one writer the ingestion job uses. One call in five keeps its recordings
 * (real WAV files in the recordings store under DATA_DIR); the others were not recorded. Then
 * supervisors have looked at some answered calls, as in a call center's history: about one in twelve
 * escalated (each kind of escalation, a high priority for an urgent symptom) and one in fifteen
 * marked for follow-up, chosen by the call's id so that a reseed chooses the same.
 */
import { sql } from 'drizzle-orm';
import { escalationTypes } from '../../domain/interactions.ts';
import type { Tx } from '../db/client.ts';
import { callWorldOf, keepSimulatedCalls, planCalls } from '../integrations/simulators/contact-center-placing.ts';
import type { ContactCenterContact } from '../integrations/contact-center/port.ts';
import { createSimulatedContactCenter } from '../integrations/contact-center/simulator.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { ingestContacts } from '../interactions/ingest.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';
import { hasSimulators } from '../integrations/simulators/migrate.ts';

export const demoInteractionsPerAccount = 300;
const dayMs = 24 * 3600_000;

/** A call the demo did not record: no recordings, no recordings event. */
const unrecorded = (call: ContactCenterContact): ContactCenterContact => ({ ...call, recordings: [], events: call.events.filter((e) => e.type !== 'recordings') });

export async function insertDemoInteractions(tx: Tx, accounts: { id: string; key: string }[], options: { now: number; recordings?: RecordingStore; count?: number }) {
  const simulator = createSimulatedContactCenter(tx);
  for (const account of accounts) {
    const world = await callWorldOf(tx, account.id);
    if (!world) continue;
    // Calls of the last 90 days, all ended an hour before now.
    const calls = planCalls(world, `demo:${account.key}`, options.now - 90 * dayMs, options.now - 2 * 3600_000, options.count ?? demoInteractionsPerAccount).map((call, i) =>
      i % 5 === 0 ? call : unrecorded(call),
    );
    await keepSimulatedCalls(tx, account.id, calls);
    const contactCenterAccount = { id: account.id, awsConnect: null };
    await ingestContacts(tx, account.id, calls, {
      system: simulator.kind,
      recordings: options.recordings ? { store: options.recordings, fetch: (location) => simulator.recording(contactCenterAccount, location) } : undefined,
    });
    await reviewDemoCalls(tx, account.id);
  }
}

/** A supervisor's marks on some of the account's answered calls (see above). */
async function reviewDemoCalls(tx: Tx, accountId: string) {
  const kinds = sql.raw(`array[${escalationTypes.map((kind) => `'${kind}'`).join(', ')}]`);
  await tx.execute(sql`
    update interactions set escalated = true,
      escalated_type = (${kinds})[1 + abs(hashtext(external_id || ':kind')) % ${escalationTypes.length}],
      priority = case when (${kinds})[1 + abs(hashtext(external_id || ':kind')) % ${escalationTypes.length}] = 'urgent-symptom' then array['high'] else priority end
    where account_id = ${accountId} and status = 'completed' and abs(hashtext(external_id || ':escalate')) % 12 = 0`);
  await tx.execute(sql`
    update interactions set status = 'follow-up', is_complete = false
    where account_id = ${accountId} and status = 'completed' and abs(hashtext(external_id || ':follow-up')) % 15 = 0`);
}

/**
 * The seed step: the call history of every demo account (issue 26), after its queues and people.
 * Its calls come from the simulated contact center: without the simulators' schema, later.
 * Recordings go to `recordings` when given.
 */
export async function seedDemoInteractions({ tx, accounts, recordings }: DemoSeed): Promise<void | 'later'> {
  if (!(await hasSimulators(tx))) return 'later';
  await insertDemoInteractions(tx, (Object.keys(accounts) as DemoAccountKey[]).map((key) => ({ id: accounts[key].id, key })), { now: Date.now(), recordings });
}
