/**
 * `npm run seed -- --interactions N --account …` (issue 26): N generated calls in one account as a
 * bulk load, not N inserts. Measured at 100,000 rows, the former load spent its time in three
 * places: building each row's events (about 10 `gen_random_uuid()` and a dozen nested
 * `jsonb_build_object` calls per call, with numeric arithmetic), the table's triggers (a PL/pgSQL
 * call per row for the search columns, and the daily figures' and push triggers reading back the
 * statement's rows), and index pages touched at random (random start times and random ids).
 *
 * So here:
 * - PostgreSQL makes the rows itself (`INSERT … SELECT` over `generate_series`), each value
 *   computed once per row (the subqueries are fenced with `OFFSET 0`), from float hashes of the
 *   row number; the events are one text per row, parsed once into jsonb.
 * - The calls are generated in time order (row n of N starts in the n-th slice of the 90 days)
 *   with time-ordered ids (UUID version 7 from the start time), so every `(account, …, start)`
 *   index and the primary key grow at their right edge instead of at random pages.
 * - The whole load is one transaction with the triggers off for it alone
 *   (`session_replication_role = replica`, superusers only), and their work done once, set-based,
 *   afterwards: the search columns are written by the insert itself (as the trigger computes
 *   them), the account's `interaction_daily_metrics` are recomputed with one GROUP BY under a
 *   SHARE lock (no concurrent writer can slip between), and one `<accountId>:*` is sent on
 *   `astera_interactions` (each id when 100 or fewer arrived, as the trigger does). A database
 *   user who may not switch the triggers off gets the same rows with the triggers on.
 *
 * The calls spread over the last 90 days (ending two hours ago) across the account's queues and
 * users; one answered call in three has a recording, and they all point to a few shared WAV files
 * written once to the recordings store. The same seed gives the same calls (external ids), and a
 * second run with it adds nothing.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { agentDirectory } from '../interactions/ingest.ts';
import { wavContentType, wavRecording } from '../integrations/simulators/audio.ts';
import { fallbackDispositions } from '../integrations/simulators/contact-center-calls.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { escalationTypes } from '../../domain/interactions.ts';

/** Rows per statement: big enough to be fast, small enough to report progress and keep each statement's memory small. */
const batchSize = 50_000;
const sharedRecordings = 5;
/** At most this many new rows are announced one by one (the push trigger's rule, migration 0028). */
const notifyEachUpTo = 100;
const daySeconds = 24 * 3600;

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

export type BulkOptions = {
  seed: number;
  actor?: string;
  recordings?: RecordingStore;
  onBatch?: (done: number) => void;
  batchSize?: number;
  /** The calls end by two hours before this instant (default: now); tests fix it to compare two loads. */
  now?: Date;
  /**
   * `deferred` (default): triggers off during the load, their work done once afterwards (needs a
   * superuser; otherwise falls back to `row`). `row`: the table's triggers run as for any insert.
   */
  triggers?: 'deferred' | 'row';
};

/** Adds `count` generated calls to the account; answers how many were new and whether the triggers were deferred. */
export async function insertManyInteractions(pool: pg.Pool, accountId: string, count: number, options: BulkOptions): Promise<{ inserted: number; deferred: boolean }> {
  const queues = await pool.query<{ queue_id: string; queue_name: string }>('select queue_id, queue_name from queues where account_id = $1 and removed_at is null order by queue_name', [accountId]);
  const users = await pool.query<{ person_id: string; name: string }>('select person_id, name from users where account_id = $1 order by name', [accountId]);
  const queueIds = queues.rows.length ? queues.rows.map((q) => q.queue_id) : ['bulk-queue'];
  const queueNames = queues.rows.length ? queues.rows.map((q) => q.queue_name) : ['Main Line'];
  const agentIds = users.rows.map((u) => u.person_id);
  const agentNames = users.rows.map((u) => u.name);
  if (agentIds.length === 0) throw new Error('The account has no users to be its agents.');
  // Each agent's practice team, by ingestion's rule (the team of a call is its agent's).
  const directory = await agentDirectory(drizzle(pool), accountId);
  const agentTeams = agentIds.map((id) => directory.get(id)?.team ?? null);
  const keys = options.recordings ? await writeSharedRecordings(options.recordings, accountId) : [];
  const actor = options.actor ?? 'Astera seed';
  const size = options.batchSize ?? batchSize;
  const end = Math.floor((options.now ?? new Date()).getTime() / 1000) - 2 * 3600;
  const first = end - 90 * daySeconds;
  const slice = (90 * daySeconds) / Math.max(count, 1);
  const json = (list: readonly string[]) => list.map((s) => JSON.stringify(s));

  const client = await pool.connect();
  let inserted = 0;
  let deferred = false;
  try {
    await client.query('begin');
    // The statements are large expressions run once per row: compiling them (JIT) costs more than it saves.
    await client.query('set local jit = off');
    if ((options.triggers ?? 'deferred') === 'deferred') {
      const { rows } = await client.query<{ superuser: boolean }>("select current_setting('is_superuser') = 'on' as superuser");
      deferred = rows[0]!.superuser;
      if (deferred) await client.query('set local session_replication_role = replica');
    }
    const ids: string[] = [];
    for (let from = 1; from <= count; from += size) {
      const to = Math.min(count, from + size - 1);
      const sql = deferred && count <= notifyEachUpTo ? `${bulkInsert} returning id` : bulkInsert;
      const result = await client.query<{ id: string }>(sql, [
        accountId, actor, options.seed, from, to, queueIds, queueNames, json(queueIds), json(queueNames), agentIds, agentNames, json(agentNames), given, family, fallbackDispositions, json(fallbackDispositions), keys, first, slice, agentTeams.map((t) => t?.id ?? ''), agentTeams.map((t) => t?.name ?? ''), escalationTypes,
      ]);
      inserted += result.rowCount ?? 0;
      ids.push(...result.rows.map((r) => r.id));
      options.onBatch?.(to);
    }
    if (deferred) {
      await client.query('set local session_replication_role = origin');
      if (inserted > 0) {
        // No other writer may change the account's calls between this count and the commit.
        await client.query('lock table interactions in share mode');
        await client.query('delete from interaction_daily_metrics where account_id = $1', [accountId]);
        await client.query(recomputeDailyMetrics, [accountId]);
        if (inserted <= notifyEachUpTo) for (const id of ids) await client.query("select pg_notify('astera_interactions', $1::text || ':' || $2::text)", [accountId, id]);
        else await client.query("select pg_notify('astera_interactions', $1::text || ':*')", [accountId]);
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { inserted, deferred };
}

/**
 * The account's daily figures from its calls, by the rules of the trigger of migration 0029
 * (domain/metrics.ts): a call counts once ended and while not deleted, on the UTC day it started,
 * under its queue ('' for none) and direction. One pass: grouped by key and disposition, then by key.
 */
const recomputeDailyMetrics = `
with per_disposition as (
  select ("start_timestamp" at time zone 'UTC')::date as day, coalesce(queue_id, '') as queue_id, direction, latest_disposition,
    count(*) as calls,
    count(*) filter (where status = 'abandoned') as abandoned,
    count(*) filter (where status in ('completed', 'follow-up')) as answered,
    count(*) filter (where status in ('completed', 'follow-up') and coalesce(wait_seconds, 0) <= 20) as in_threshold,
    coalesce(sum(handle_seconds) filter (where status in ('completed', 'follow-up')), 0) as handle_seconds,
    coalesce(sum(wait_seconds), 0) as wait_seconds
  from interactions
  where account_id = $1 and end_timestamp is not null and deleted_at is null
  group by 1, 2, 3, 4
)
insert into interaction_daily_metrics (account_id, day, queue_id, direction, calls, abandoned, answered, answered_in_threshold, handle_seconds, wait_seconds, dispositions)
select $1, day, queue_id, direction, sum(calls), sum(abandoned), sum(answered), sum(in_threshold), sum(handle_seconds), sum(wait_seconds),
  coalesce(jsonb_object_agg(latest_disposition, calls) filter (where latest_disposition is not null), '{}'::jsonb)
from per_disposition
group by day, queue_id, direction`;

/** SQL: epoch seconds as the ISO 8601 text JavaScript's `toISOString()` gives (as the contact center's event times are). */
const iso = (seconds: string) => `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;

/** SQL: one event of the timeline as JSON text; `type` and `at` are SQL giving plain text, the others SQL giving JSON text. */
function event(k: number, e: { type: string; at: string; duration?: string; queue?: boolean; agent?: boolean; disposition?: boolean; details: string; recordings?: string }) {
  return [
    `'{"id":"' || substr(id, 1, 24) || lpad(to_hex((event_bits + ${k}) & 281474976710655), 12, '0')`,
    `'","type":"' || ${e.type}`,
    `'","startTimestamp":"' || ${e.at}`,
    `'","duration":' || ${e.duration ?? "'0'"}`,
    `',"leg":1,"contactSource":"' || external_id`,
    `'","queueId":' || ${e.queue ? 'queue_json' : "'null'"}`,
    `',"queueName":' || ${e.queue ? 'queue_name_json' : "'null'"}`,
    `',"agentId":' || ${e.agent ? 'agent_id_json' : "'null'"}`,
    `',"agentName":' || ${e.agent ? 'agent_json' : "'null'"}`,
    `',"disposition":' || ${e.disposition ? 'disposition_json' : "'null'"}`,
    `',"details":' || ${e.details}`,
    e.recordings ? `',"recordings":' || ${e.recordings} || '}'` : `'}'`,
  ].join(' || ');
}

const r = (k: number) => `(hashint8(n * 32 + ${k} + $3::bigint) & 2147483647)::float8 / 2147483648`;

/**
 * One batch of rows n = $4..$5. Parameters: $1 account, $2 actor, $3 seed, $6/$7 queue ids and
 * names, $8/$9 the same as JSON strings, $10/$11 agent ids and names, $12 agent names as JSON
 * strings, $13/$14 given and family names, $15/$16 dispositions plain and as JSON strings, $17
 * recording keys (may be empty), $18 the first start (epoch seconds), $19 seconds per row (90 days / N),
 * $20/$21 each agent's practice team id and name ('' for none), $22 the kinds of escalation.
 *
 * r(k) is a deterministic float in [0, 1) per row and k. Each level is fenced (`offset 0`) so its
 * values are computed once per row, not again wherever the next level names them.
 */
const bulkInsert = `
insert into interactions (id, account_id, created_by, modified_by, external_id, start_timestamp, end_timestamp, direction, status, is_complete, escalated, escalated_type, priority,
  queue_id, queue_name, agent_id, agent_name, team_id, team_name, patient_name, contact_number, contact_digits, search_name, latest_disposition,
  duration_seconds, wait_seconds, handle_seconds, recordings_count, patient, initiating_party, participants, integration_associations, events, body)
select id::uuid, $1::uuid, $2, $2, external_id, to_timestamp(start_s), to_timestamp(start_s + total), direction,
  case when abandoned then 'abandoned' when follow_up then 'follow-up' else 'completed' end, not follow_up,
  escalated, escalated_type, case when escalated_type = 'urgent-symptom' then array['high'] else '{}'::text[] end,
  queue_id, queue_name, agent_id::uuid, agent_name, team_id::uuid, team_name, patient_name, phone, substr(phone, 2), lower(patient_name), disposition,
  total, waited, talked + wrapped, case when recorded then 1 else 0 end,
  party, party,
  ('[{"role":"patient","name":' || name_json || ',"contactNumber":"' || phone || '","legs":[1]}'
    || case when abandoned then '' else ',{"role":"agent","name":' || agent_json || ',"userId":' || agent_id_json || ',"legs":[1]}' end
    || case when direction = 'external_outbound' then ',{"role":"external","name":null,"contactNumber":"' || phone || '","legs":[1]}' else '' end
    || case when abandoned then ',{"role":"system","name":"Contact flow","legs":[1]}' else '' end || ']')::jsonb,
  ('[{"system":"simulator","contactId":"' || external_id || '","leg":1}]')::jsonb,
  ('[' || ${event(0, { type: 'direction', at: 't0', details: `'{"InitiationMethod":"' || upper(direction) || '","Channel":"VOICE"}'` })}
    || ',' || ${event(1, { type: "'connectedToSystem'", at: 't2', details: "'{}'" })}
    || ',' || ${event(2, { type: "'enqueued'", at: 't30', queue: true, details: `'{"QueueInfo":{"Id":' || queue_json || ',"Name":' || queue_name_json || '}}'` })}
    || case when abandoned then
      ',' || ${event(3, { type: "'disconnect'", at: 't_dequeued', queue: true, details: `'{"DisconnectReason":"CUSTOMER_DISCONNECT"}'` })}
    else
      ',' || ${event(3, { type: "'dequeued'", at: 't_dequeued', duration: 'waited', queue: true, details: "'{}'" })}
      || ',' || ${event(4, { type: "'connectedToAgent'", at: 't_dequeued', queue: true, agent: true, details: "'{}'" })}
      || ',' || ${event(5, { type: "'disconnect'", at: 't_talked', agent: true, details: `'{"DisconnectReason":"CUSTOMER_DISCONNECT"}'` })}
      || ',' || ${event(6, { type: "'afterContactWork'", at: 't_talked', duration: 'wrapped', agent: true, details: "'{}'" })}
      || ',' || ${event(7, { type: "'disposition'", at: 't_disposed', queue: true, agent: true, disposition: true, details: `'{"Disposition":' || disposition_json || '}'` })}
      || case when recorded then ',' || ${event(8, { type: "'recordings'", at: 't_ended', duration: 'talked', agent: true, details: "'{}'", recordings: `'[{"path":"leg-1.wav","contentType":"audio/wav","durationSeconds":4,"size":0,"key":' || to_json(recording_key)::text || '}]'` })}
      else '' end
    end || ']')::jsonb,
  ('{"bulk":true,"legDurations":[{"leg":1,"queueId":' || queue_json || ',"queueName":' || queue_name_json || ',"total":' || total || ',"wait":' || waited
    || ',"talk":' || talked || ',"hold":0,"afterContactWork":' || wrapped || '}],"queues":[{"queueId":' || queue_json || ',"queueName":' || queue_name_json
    || ',"leg":1,"enqueuedTimestamp":"' || t30 || '","waitSeconds":' || waited || '}]}')::jsonb
from (
  select *,
    jsonb_build_object('name', patient_name, 'dob', null, 'type', 'patient', 'location', null, 'contactNumber', phone, 'email', null, 'smsOk', null) as party,
    ${iso('start_s')} as t0, ${iso('start_s + 2')} as t2, ${iso('start_s + 30')} as t30, ${iso('start_s + 30 + waited')} as t_dequeued,
    ${iso('start_s + 30 + waited + talked')} as t_talked, ${iso('start_s + 29 + waited + talked + wrapped')} as t_disposed, ${iso('start_s + total')} as t_ended
  from (
    select n, external_id, start_s, direction, abandoned, recorded and not abandoned as recorded,
      -- As in the demo seed (demo-interactions.ts): an answered call in 15 awaits a follow-up, one in 12 is escalated.
      follow_up and not abandoned as follow_up, escalated and not abandoned as escalated,
      case when escalated and not abandoned then ($22::text[])[ei] end as escalated_type,
      -- A UUID version 7: the start in milliseconds, then random bits; the events' ids share its first 64 bits.
      substr(ms, 1, 8) || '-' || substr(ms, 9, 4) || '-7' || substr(bits, 1, 3) || '-' || substr('89ab', 1 + floor(variant * 4)::int, 1) || substr(bits, 4, 3) || '-' || substr(bits, 7, 12) as id,
      event_bits,
      ($6::text[])[qi] as queue_id, ($7::text[])[qi] as queue_name, ($8::text[])[qi] as queue_json, ($9::text[])[qi] as queue_name_json,
      case when abandoned then null else ($10::text[])[ai] end as agent_id,
      case when abandoned then 'null' else '"' || ($10::text[])[ai] || '"' end as agent_id_json,
      case when abandoned then null else ($11::text[])[ai] end as agent_name,
      case when abandoned then null else nullif(($20::text[])[ai], '') end as team_id,
      case when abandoned then null else nullif(($21::text[])[ai], '') end as team_name,
      case when abandoned then 'null' else ($12::text[])[ai] end as agent_json,
      patient_name, to_json(patient_name)::text as name_json, phone,
      case when abandoned then null else ($15::text[])[di] end as disposition,
      case when abandoned then 'null' else ($16::text[])[di] end as disposition_json,
      recording_key,
      case when abandoned then 20 + wait * 2 else wait end as waited,
      case when abandoned then 0 else talk end as talked,
      case when abandoned then 0 else acw end as wrapped,
      30 + case when abandoned then 20 + wait * 2 else wait + talk + acw end as total
    from (
      select n, r8 as variant,
        'bulk-' || $3::bigint || '-' || n as external_id,
        start_s,
        lpad(to_hex(start_s * 1000 + floor(r7 * 1000)::bigint), 12, '0') as ms,
        lpad(to_hex(hashint8(n * 32 + 20 + $3::bigint) & 281474976710655), 12, '0') || lpad(to_hex(hashint8(n * 32 + 21 + $3::bigint) & 65535), 4, '0') || '00' as bits,
        hashint8(n * 32 + 22 + $3::bigint) & 281474976710655 as event_bits,
        case when r2 < 0.55 then 'inbound' when r2 < 0.66 then 'outbound' when r2 < 0.76 then 'callback' when r2 < 0.84 then 'webrtc_api' when r2 < 0.92 then 'api' else 'external_outbound' end as direction,
        r3 < 0.1 as abandoned,
        1 + floor(r4 * cardinality($6::text[]))::int as qi,
        1 + floor(r5 * cardinality($10::text[]))::int as ai,
        1 + floor(r9 * cardinality($15::text[]))::int as di,
        r18 < 1.0 / 15 as follow_up,
        r19 < 1.0 / 12 as escalated,
        1 + floor(r20 * cardinality($22::text[]))::int as ei,
        ($13::text[])[1 + floor(r6 * cardinality($13::text[]))::int] || ' ' || ($14::text[])[1 + floor(r10 * cardinality($14::text[]))::int] as patient_name,
        '+1' || (201 + floor(r11 * 788))::int || lpad(floor(r12 * 10000000)::int::text, 7, '0') as phone,
        5 + floor(r13 * 180)::int as wait,
        45 + floor(r14 * 500)::int as talk,
        10 + floor(r15 * 120)::int as acw,
        cardinality($17::text[]) > 0 and r16 < 0.34 as recorded,
        ($17::text[])[1 + floor(r17 * greatest(cardinality($17::text[]), 1))::int] as recording_key
      from (
        select *, $18::bigint + floor((n - 1 + r1) * $19::float8)::bigint as start_s
        from (
          select n,
            ${Array.from({ length: 20 }, (_, k) => `${r(k)} as r${k + 1}`).join(',\n            ')}
          from generate_series($4::bigint, $5::bigint) as n
        ) random
        offset 0
      ) timed
      offset 0
    ) drawn
    offset 0
  ) call
  offset 0
) shaped
on conflict (account_id, external_id) do nothing`;
