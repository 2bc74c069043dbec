/**
 * The process server/telephony/crash.test.ts kills: it sends texts through the outbox, one after
 * another, saying each key as it starts, until it is killed (kill -9) part-way.
 */
import { connect } from '../db/client.ts';
import { createSimulatedTelephony } from '../integrations/telephony/simulator.ts';
import { send } from './outbox.ts';

const [url, accountId, from, count] = [process.env.CRASH_DB_URL!, process.env.CRASH_ACCOUNT!, process.env.CRASH_FROM!, Number(process.env.CRASH_COUNT)];
const database = connect(url);
const carrier = createSimulatedTelephony(database.db, { failureRate: 0, outcomeMs: 3_600_000 });
for (let i = 0; i < count; i += 1) {
  process.stdout.write(`start ${i}\n`);
  await send(database.db, carrier, 'https://portal.example', { accountId, key: `crash:${i}`, kind: 'message', from, to: `+1628555${String(5000 + i)}`, body: `Reminder ${i}` });
}
process.stdout.write('done\n');
await database.close();
