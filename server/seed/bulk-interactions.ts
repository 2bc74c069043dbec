/**
 * `npm run seed -- --interactions N --account …` (issue 26): N generated calls in one account, fast —
 * each batch is one `INSERT … SELECT` over `generate_series`, the rows (their events jsonb
 * included) made by PostgreSQL itself from a hash of the row number, so a million rows are a
 * handful of statements rather than a million inserts. The calls spread over the last 90 days
 * across the account's queues and users; one answered call in three has a recording, and they
 * all point to a few shared WAV files written once to the recordings store.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { agentDirectory } from '../interactions/ingest.ts';
import { wavContentType, wavRecording } from '../integrations/simulators/audio.ts';
import { fallbackDispositions } from '../integrations/simulators/contact-center-calls.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';

/** Rows per statement: big enough to be fast, small enough to report progress and keep WAL in check. */
const batchSize = 50_000;
const sharedRecordings = 5;

const given = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofia', 'Elijah', 'Mia', 'Lucas', 'Amara', 'Wei', 'Priya', 'Omar', 'Grace', 'Diego', 'Hannah', 'Kwame', 'Yuki', 'Rosa', 'James', 'Fatima', 'Chen', 'Lars'];
const family = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Patel', 'Kim', 'Brown', 'Martinez', 'Okafor', 'Lee', 'Davis', 'Lopez', 'Wilson', 'Chen', 'Hernandez', 'Clark', 'Walker', 'Young', 'Novak', 'Silva'];

/** The shared recordings' store keys (written once, idempotent). */
export async function writeSharedRecordings(store: RecordingStore, accountId: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < sharedRecordings; i++) {
    const key = `${accountId}/shared/${i}/call.wav`;
    if (!(await store.stat(key))) await store.put(key, wavRecording(9000 + i, 4 + i), wavContentType);
    keys.push(key);
  }
  return keys;
}

export async function insertManyInteractions(
  pool: pg.Pool,
  accountId: string,
  count: number,
  options: { seed: number; actor?: string; recordings?: RecordingStore; onBatch?: (done: number) => void; batchSize?: number },
): Promise<void> {
  const queues = await pool.query<{ queue_id: string; queue_name: string; dispositions: string[] }>('select queue_id, queue_name, dispositions from queues where account_id = $1 and removed_at is null order by queue_name', [accountId]);
  const users = await pool.query<{ person_id: string; name: string }>('select person_id, name from users where account_id = $1 order by name', [accountId]);
  const queueIds = queues.rows.length ? queues.rows.map((q) => q.queue_id) : ['bulk-queue'];
  const queueNames = queues.rows.length ? queues.rows.map((q) => q.queue_name) : ['Main Line'];
  const agentIds = users.rows.map((u) => u.person_id);
  const agentNames = users.rows.map((u) => u.name);
  // Each agent's practice team, by ingestion's rule (the team of a call is its agent's).
  const directory = await agentDirectory(drizzle(pool), accountId);
  const agentTeams = agentIds.map((id) => directory.get(id)?.team ?? null);
  if (agentIds.length === 0) throw new Error('The account has no users to be its agents.');
  const keys = options.recordings ? await writeSharedRecordings(options.recordings, accountId) : [];
  const actor = options.actor ?? 'Astera seed';
  const size = options.batchSize ?? batchSize;
  for (let from = 1; from <= count; from += size) {
    const to = Math.min(count, from + size - 1);
    await pool.query(bulkInsert, [accountId, actor, options.seed, from, to, queueIds, queueNames, agentIds, agentNames, given, family, [...fallbackDispositions], keys, agentTeams.map((t) => t?.id ?? ''), agentTeams.map((t) => t?.name ?? '')]);
    options.onBatch?.(to);
  }
}

/**
 * $1 account, $2 actor, $3 seed, $4..$5 row numbers, $6/$7 queue ids/names, $8/$9 agent ids/names,
 * $10/$11 given/family names, $12 dispositions, $13 recording keys (may be empty), $14/$15 each
 * agent's team id/name ('' for none).
 * r(k) is a deterministic number in [0, 1) per row and k.
 */
const bulkInsert = `
with rows as (
  select n,
    (hashint8(n * 16 + $3::bigint) & 2147483647) / 2147483648.0 as r1,
    (hashint8(n * 16 + 1 + $3::bigint) & 2147483647) / 2147483648.0 as r2,
    (hashint8(n * 16 + 2 + $3::bigint) & 2147483647) / 2147483648.0 as r3,
    (hashint8(n * 16 + 3 + $3::bigint) & 2147483647) / 2147483648.0 as r4,
    (hashint8(n * 16 + 4 + $3::bigint) & 2147483647) / 2147483648.0 as r5,
    (hashint8(n * 16 + 5 + $3::bigint) & 2147483647) / 2147483648.0 as r6
  from generate_series($4::bigint, $5::bigint) as n
), calls as (
  select n,
    'bulk-' || $3::bigint || '-' || n as external_id,
    date_trunc('second', now() - interval '2 hours' - (r1 * interval '90 days')) as start_ts,
    case when r2 < 0.55 then 'inbound' when r2 < 0.66 then 'outbound' when r2 < 0.76 then 'callback' when r2 < 0.84 then 'webrtc_api' when r2 < 0.92 then 'api' else 'external_outbound' end as direction,
    (r3 < 0.1) as abandoned,
    1 + floor(r4 * cardinality($6::text[]))::int as qi,
    1 + floor(r5 * cardinality($8::text[]))::int as ai,
    ($10::text[])[1 + floor(r6 * cardinality($10::text[]))::int] || ' ' || ($11::text[])[1 + floor(r1 * 7919 % 1 * cardinality($11::text[]))::int] as patient_name,
    '+1' || (201 + floor(r2 * 7919 % 1 * 788))::int || lpad((floor(r3 * 104729 % 1 * 10000000))::int::text, 7, '0') as phone,
    5 + floor(r4 * 7919 % 1 * 180)::int as wait,
    45 + floor(r5 * 7919 % 1 * 500)::int as talk,
    10 + floor(r6 * 7919 % 1 * 120)::int as acw,
    ($12::text[])[1 + floor(r1 * 104729 % 1 * cardinality($12::text[]))::int] as disposition,
    (cardinality($13::text[]) > 0 and r2 * 104729 % 1 < 0.34) as recorded,
    ($13::text[])[1 + floor(r3 * 7919 % 1 * greatest(cardinality($13::text[]), 1))::int] as recording_key
  from rows
), shaped as (
  select c.*, gen_random_uuid() as id, gen_random_uuid() as recording_event,
    case when abandoned then 20 + wait * 2 else wait end as waited,
    case when abandoned then 0 else talk end as talked,
    case when abandoned then 0 else acw end as wrapped,
    ($6::text[])[qi] as queue_id, ($7::text[])[qi] as queue_name,
    case when abandoned then null else ($8::text[])[ai]::uuid end as agent_id,
    case when abandoned then null else ($9::text[])[ai] end as agent_name,
    case when abandoned then null else nullif(($14::text[])[ai], '')::uuid end as team_id,
    case when abandoned then null else nullif(($15::text[])[ai], '') end as team_name
  from calls c
)
insert into interactions (id, account_id, created_by, modified_by, external_id, start_timestamp, end_timestamp, direction, status, is_complete,
  queue_id, queue_name, agent_id, agent_name, team_id, team_name, patient_name, contact_number, contact_digits, search_name, latest_disposition,
  duration_seconds, wait_seconds, handle_seconds, recordings_count, patient, initiating_party, participants, integration_associations, events, body)
select id, $1::uuid, $2, $2, external_id, start_ts, start_ts + make_interval(secs => 30 + waited + talked + wrapped), direction,
  case when abandoned then 'abandoned' else 'completed' end, true,
  queue_id, queue_name, agent_id, agent_name, team_id, team_name, patient_name, phone, substr(phone, 2), lower(patient_name),
  case when abandoned then null else disposition end,
  30 + waited + talked + wrapped, waited, talked + wrapped, case when recorded and not abandoned then 1 else 0 end,
  jsonb_build_object('name', patient_name, 'dob', null, 'type', 'patient', 'location', null, 'contactNumber', phone, 'email', null, 'smsOk', null),
  jsonb_build_object('name', patient_name, 'dob', null, 'type', 'patient', 'location', null, 'contactNumber', phone, 'email', null, 'smsOk', null),
  case when abandoned then jsonb_build_array(jsonb_build_object('role', 'patient', 'name', patient_name, 'contactNumber', phone, 'legs', jsonb_build_array(1)))
    else jsonb_build_array(jsonb_build_object('role', 'patient', 'name', patient_name, 'contactNumber', phone, 'legs', jsonb_build_array(1)),
      jsonb_build_object('role', 'agent', 'name', agent_name, 'userId', agent_id, 'legs', jsonb_build_array(1))) end,
  jsonb_build_array(jsonb_build_object('system', 'simulator', 'contactId', external_id, 'leg', 1)),
  jsonb_build_array(
    jsonb_build_object('id', gen_random_uuid(), 'type', direction, 'startTimestamp', start_ts, 'duration', 0, 'leg', 1, 'contactSource', external_id, 'queueId', null, 'details', jsonb_build_object('InitiationMethod', upper(direction), 'Channel', 'VOICE')),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'connectedToSystem', 'startTimestamp', start_ts + interval '2 seconds', 'duration', 0, 'leg', 1, 'contactSource', external_id, 'details', '{}'::jsonb),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'enqueued', 'startTimestamp', start_ts + interval '30 seconds', 'duration', 0, 'leg', 1, 'contactSource', external_id, 'queueId', queue_id, 'queueName', queue_name, 'details', jsonb_build_object('QueueInfo', jsonb_build_object('Id', queue_id, 'Name', queue_name)))
  ) || case when abandoned then jsonb_build_array(
    jsonb_build_object('id', gen_random_uuid(), 'type', 'disconnect', 'startTimestamp', start_ts + make_interval(secs => 30 + waited), 'duration', 0, 'leg', 1, 'contactSource', external_id, 'queueId', queue_id, 'queueName', queue_name, 'details', jsonb_build_object('DisconnectReason', 'CUSTOMER_DISCONNECT')))
  else jsonb_build_array(
    jsonb_build_object('id', gen_random_uuid(), 'type', 'dequeued', 'startTimestamp', start_ts + make_interval(secs => 30 + waited), 'duration', waited, 'leg', 1, 'contactSource', external_id, 'queueId', queue_id, 'queueName', queue_name, 'details', '{}'::jsonb),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'connectedToAgent', 'startTimestamp', start_ts + make_interval(secs => 30 + waited), 'duration', 0, 'leg', 1, 'contactSource', external_id, 'agentId', agent_id, 'agentName', agent_name, 'queueId', queue_id, 'queueName', queue_name, 'details', '{}'::jsonb),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'disconnect', 'startTimestamp', start_ts + make_interval(secs => 30 + waited + talked), 'duration', 0, 'leg', 1, 'contactSource', external_id, 'agentId', agent_id, 'agentName', agent_name, 'details', jsonb_build_object('DisconnectReason', 'CUSTOMER_DISCONNECT')),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'afterContactWork', 'startTimestamp', start_ts + make_interval(secs => 30 + waited + talked), 'duration', wrapped, 'leg', 1, 'contactSource', external_id, 'agentId', agent_id, 'agentName', agent_name, 'details', '{}'::jsonb),
    jsonb_build_object('id', gen_random_uuid(), 'type', 'disposition', 'startTimestamp', start_ts + make_interval(secs => 29 + waited + talked + wrapped), 'duration', 0, 'leg', 1, 'contactSource', external_id, 'agentId', agent_id, 'agentName', agent_name, 'disposition', disposition, 'queueId', queue_id, 'queueName', queue_name, 'details', jsonb_build_object('Disposition', disposition)))
    || case when recorded then jsonb_build_array(
      jsonb_build_object('id', recording_event, 'type', 'recordings', 'startTimestamp', start_ts + make_interval(secs => 30 + waited + talked + wrapped), 'duration', talked, 'leg', 1, 'contactSource', external_id, 'agentId', agent_id, 'agentName', agent_name,
        'recordings', jsonb_build_array(jsonb_build_object('path', 'leg-1.wav', 'contentType', 'audio/wav', 'durationSeconds', 4, 'size', 0, 'key', recording_key)), 'details', '{}'::jsonb))
    else '[]'::jsonb end
  end,
  jsonb_build_object('legDurations', jsonb_build_array(jsonb_build_object('leg', 1, 'queueId', queue_id, 'queueName', queue_name, 'total', 30 + waited + talked + wrapped, 'wait', waited, 'talk', talked, 'hold', 0, 'afterContactWork', wrapped)), 'bulk', true)
from shaped
on conflict (account_id, external_id) do nothing`;
