/**
 * The one writer of contact-center contacts into the product's `interactions` (issue 26): the
 * ingestion job, the demo seed and the tests all come through here. A contact is one row, found
 * again by its first leg's id (`external_id`, unique per account), with the columns the lists
 * filter by filled in, the timeline's events given ids and leg numbers, and its recordings copied
 * into the recordings store under `<accountId>/<interactionId>/<eventId>/<name>`.
 *
 * A row whose call has ended is final: later reads of the same contact leave it alone, so what
 * people changed (disposition, status, notes, escalation) is never overwritten. Each new row is
 * announced on the PostgreSQL channel `astera_interactions` with the payload
 * `<accountId>:<interactionId>` (delivered when the transaction commits), which the API's push
 * to open lists listens to.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InteractionDirection } from '../../domain/interaction-kinds.ts';
import type { InteractionEvent, InteractionQueue, InteractionRecording, IntegrationAssociation, LegDurations, Participant, Party } from '../../domain/interactions.ts';
import type { Db, Tx } from '../db/client.ts';
import { interactions } from '../db/schema/index.ts';
import type { ContactCenterContact, ContactEvent } from '../integrations/contact-center/port.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';

/** The PostgreSQL channel new interactions are announced on; payload `<accountId>:<interactionId>`. */
export const interactionsChannel = 'astera_interactions';
/** Who wrote an ingested row (the common fields' createdBy / modifiedBy). */
export const ingestActor = 'contact-center';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const uuidFrom = (text: string) => {
  const hex = hash(text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};

/** The interaction id of a contact: the same contact of the same account is always the same row. */
export const interactionIdOf = (accountId: string, contactId: string) => uuidFrom(`astera-interaction:${accountId}:${contactId}`);

/**
 * The portal users the contact center's agents are: by user id (a person id), else by user name
 * (the user's email); with the practice team each one answers calls for (`agentTeamRule`).
 */
export type AgentDirectory = Map<string, { personId: string; name: string; team: { id: string; name: string } | null }>;

/** Where recordings come from and go: the contact center's bytes, the portal's store. */
export type RecordingCopier = { store: RecordingStore; fetch(location: string): Promise<{ body: Uint8Array; contentType: string }> };

const directionOf = (initiation: string): InteractionDirection =>
  (['inbound', 'outbound', 'callback', 'api', 'webrtc_api', 'external_outbound'] as const).find((d) => d === initiation) ?? 'inbound';

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * The team of a call (docs/interactions.md "Team of a call"): the practice team of the agent who
 * handled it. Teams hold persons and an agent is a user, whose person may be on teams; one on
 * several counts for the team they joined first (their home team: joining another later does not
 * move their calls), a deleted team for none. A call no agent took (abandoned, the contact flow
 * alone) has no team. The row keeps the team of the time of the call, as it keeps the agent's name.
 */
const agentTeamRule = sql`
  left join lateral (
    select t.id, t.name
      from practice_team_members m
      join practice_teams t on t.id = m.team_id and t.deleted_at is null
     where m.account_id = u.account_id and m.person_id = u.person_id
     order by m.created_timestamp, t.name, t.id
     limit 1
  ) team on true`;

/** The account's users who may be agents, keyed by person id and by lower-case email, with their teams. */
export async function agentDirectory(db: Db | Tx, accountId: string): Promise<AgentDirectory> {
  const rows = await db.execute<{ person_id: string; name: string; email: string; team_id: string | null; team_name: string | null }>(
    sql`select u.person_id, u.name, u.email, team.id as team_id, team.name as team_name from users u ${agentTeamRule} where u.account_id = ${accountId}`,
  );
  const directory: AgentDirectory = new Map();
  for (const row of rows.rows) {
    const agent = { personId: row.person_id, name: row.name, team: row.team_id ? { id: row.team_id, name: row.team_name ?? '' } : null };
    directory.set(row.person_id, agent);
    directory.set(row.email.toLowerCase(), agent);
  }
  return directory;
}

/**
 * The team a user's interactions take by the same rule (`agentTeamRule`): a web chat they answer
 * (server/chat/chat.ts) as a call they take. Null when they are on no live team or are no user of the account.
 */
export async function agentTeamOf(db: Db | Tx, accountId: string, personId: string): Promise<{ id: string; name: string } | null> {
  const rows = await db.execute<{ team_id: string | null; team_name: string | null }>(
    sql`select team.id as team_id, team.name as team_name from users u ${agentTeamRule} where u.account_id = ${accountId} and u.person_id = ${personId}`,
  );
  const row = rows.rows[0];
  return row?.team_id ? { id: row.team_id, name: row.team_name ?? '' } : null;
}

/** The interaction row of a contact (without writing it): pure, so tests and the bulk seed check the shape. */
export function interactionRow(accountId: string, contact: ContactCenterContact, agents: AgentDirectory, system: string) {
  const id = interactionIdOf(accountId, contact.contactId);
  const agentOf = (agentId: string | null | undefined) => {
    if (!agentId) return null;
    const leg = contact.legs.find((l) => l.agent?.agentId === agentId)?.agent;
    const user = agents.get(leg?.userId ?? agentId) ?? (leg?.username ? agents.get(leg.username.toLowerCase()) : undefined);
    return { id: user?.personId ?? null, name: user?.name ?? leg?.name ?? leg?.username ?? agentId, team: user?.team ?? null };
  };
  const queueName = new Map(contact.legs.flatMap((l) => (l.queue ? [[l.queue.queueId, l.queue.queueName] as const] : [])));
  const ended = contact.endTimestamp !== null;
  const recordingsByLeg = new Map<number, (InteractionRecording & { key: string; location: string })[]>();
  const seen = new Map<string, number>();
  const events: InteractionEvent[] = contact.events.map((event: ContactEvent) => {
    const base = `${event.type}:${event.timestamp}:${event.leg}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const eventId = uuidFrom(`astera-event:${contact.contactId}:${base}:${n}`);
    const agent = agentOf(event.agentId);
    const leg = contact.legs.find((l) => l.leg === event.leg);
    const out: InteractionEvent = {
      id: eventId,
      type: event.type,
      startTimestamp: event.timestamp,
      duration: event.durationSeconds,
      leg: event.leg,
      contactSource: leg?.contactId ?? contact.contactId,
      queueId: event.queueId ?? null,
      queueName: event.queueId ? (queueName.get(event.queueId) ?? null) : null,
      agentId: agent?.id ?? null,
      agentName: agent?.name ?? null,
      disposition: event.disposition ?? null,
      details: event.details,
    };
    if (event.type === 'recordings' && ended) {
      const recordings = contact.recordings
        .filter((r) => r.leg === event.leg)
        .map((r, i) => ({ path: `leg-${r.leg}${i > 0 ? `-${i + 1}` : ''}.${r.contentType === 'audio/wav' ? 'wav' : 'audio'}`, contentType: r.contentType, durationSeconds: r.durationSeconds ?? 0, size: 0, key: '', location: r.location }));
      for (const r of recordings) r.key = `${accountId}/${id}/${eventId}/${r.path}`;
      out.recordings = recordings.map(({ location: _location, ...r }) => r);
      recordingsByLeg.set(event.leg, recordings);
    }
    return out;
  });
  const legDurations: LegDurations[] = contact.legs.map((l) => ({
    leg: l.leg,
    queueId: l.queue?.queueId ?? null,
    queueName: l.queue?.queueName ?? null,
    total: l.endTimestamp ? seconds(l.startTimestamp, l.endTimestamp) : 0,
    wait: l.waitSeconds,
    talk: l.talkSeconds,
    hold: l.holdSeconds,
    afterContactWork: l.afterContactWorkSeconds,
  }));
  const queues: InteractionQueue[] = contact.legs.flatMap((l) => (l.queue && l.enqueuedTimestamp ? [{ queueId: l.queue.queueId, queueName: l.queue.queueName, leg: l.leg, enqueuedTimestamp: l.enqueuedTimestamp, waitSeconds: l.waitSeconds }] : []));
  const patient: Party = { name: contact.customer.name, dob: null, type: 'patient', location: null, contactNumber: contact.customer.phoneNumber, email: null, smsOk: null };
  const participants: Participant[] = [{ role: 'patient', name: contact.customer.name, contactNumber: contact.customer.phoneNumber, legs: contact.legs.map((l) => l.leg) }];
  for (const leg of contact.legs) {
    if (!leg.agent) continue;
    const agent = agentOf(leg.agent.agentId)!;
    const present = participants.find((p) => p.role === 'agent' && p.name === agent.name && (p.userId ?? null) === agent.id);
    if (present) present.legs.push(leg.leg);
    else participants.push({ role: 'agent', name: agent.name, userId: agent.id, legs: [leg.leg] });
  }
  for (const event of contact.events.filter((e) => e.type === 'monitor')) {
    const supervisor = agentOf(event.agentId);
    if (supervisor) participants.push({ role: 'supervisor', name: supervisor.name, userId: supervisor.id, legs: [event.leg] });
  }
  if (contact.initiation === 'external_outbound') participants.push({ role: 'external', name: null, contactNumber: contact.customer.phoneNumber, legs: [1] });
  if (contact.legs.every((l) => !l.agent)) participants.push({ role: 'system', name: 'Contact flow', legs: contact.legs.map((l) => l.leg) });
  const integrationAssociations: IntegrationAssociation[] = contact.legs.map((l) => ({ system, contactId: l.contactId, leg: l.leg }));
  const lastAgent = contact.agent ? agentOf(contact.agent.agentId) : null;
  const firstAgent = contact.legs.find((l) => l.agent)?.agent;
  const initiatingParty: Party =
    contact.initiation === 'outbound' || contact.initiation === 'external_outbound'
      ? { name: firstAgent ? agentOf(firstAgent.agentId)!.name : null, dob: null, type: 'practice', location: null, contactNumber: contact.systemPhoneNumber, email: null, smsOk: null }
      : patient;
  const recordingCount = [...recordingsByLeg.values()].reduce((n, list) => n + list.length, 0);
  const row = {
    id,
    accountId,
    createdBy: ingestActor,
    modifiedBy: ingestActor,
    externalId: contact.contactId,
    startTimestamp: new Date(contact.startTimestamp),
    endTimestamp: contact.endTimestamp ? new Date(contact.endTimestamp) : null,
    direction: directionOf(contact.initiation),
    status: contact.status,
    isComplete: ended,
    queueId: contact.queue?.queueId ?? null,
    queueName: contact.queue?.queueName ?? null,
    agentId: lastAgent?.id ?? null,
    agentName: lastAgent?.name ?? null,
    teamId: lastAgent?.team?.id ?? null,
    teamName: lastAgent?.team?.name ?? null,
    patientName: contact.customer.name,
    contactNumber: contact.customer.phoneNumber,
    contactDigits: contact.customer.phoneNumber ? contact.customer.phoneNumber.replace(/\D/g, '') : null,
    searchName: contact.customer.name?.toLowerCase() ?? null,
    latestDisposition: contact.disposition,
    durationSeconds: contact.endTimestamp ? seconds(contact.startTimestamp, contact.endTimestamp) : null,
    waitSeconds: contact.legs.reduce((n, l) => n + l.waitSeconds, 0),
    handleSeconds: contact.legs.reduce((n, l) => n + l.talkSeconds + l.holdSeconds + l.afterContactWorkSeconds, 0),
    recordingsCount: recordingCount,
    patient,
    initiatingParty,
    participants,
    integrationAssociations,
    events,
    body: { legDurations, queues, attributes: contact.attributes, contactCenter: { system, lastUpdateTimestamp: contact.lastUpdateTimestamp } },
  } satisfies typeof interactions.$inferInsert;
  return { row, recordings: [...recordingsByLeg.values()].flat() };
}

/**
 * Writes the contacts of one account (a new row, or the same row again while its call lasts) and
 * copies the recordings of ended calls into the store first, so a row never names a recording the
 * store lacks. Answers the ids of the rows it added and changed.
 */
export async function ingestContacts(
  db: Db | Tx,
  accountId: string,
  contacts: ContactCenterContact[],
  options: { system: string; recordings?: RecordingCopier; agents?: AgentDirectory },
): Promise<{ inserted: string[]; updated: string[] }> {
  const agents = options.agents ?? (await agentDirectory(db, accountId));
  const rows: (typeof interactions.$inferInsert)[] = [];
  for (const contact of contacts) {
    const { row, recordings } = interactionRow(accountId, contact, agents, options.system);
    if (recordings.length > 0 && !options.recordings) {
      // Nowhere to keep them: the row says it has none rather than naming missing files.
      row.events = row.events.map(({ recordings: _r, ...event }) => event);
      row.recordingsCount = 0;
    }
    if (options.recordings) {
      for (const recording of recordings) {
        const present = await options.recordings.store.stat(recording.key);
        const size = present?.size ?? (await copy(options.recordings, recording.location, recording.key));
        for (const event of row.events) for (const r of event.recordings ?? []) if (r.key === recording.key) r.size = size;
      }
    }
    rows.push(row);
  }
  const inserted: string[] = [];
  const updated: string[] = [];
  // Many rows a statement (the seed writes hundreds at once), well under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += 200) {
    const written = await db
      .insert(interactions)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [interactions.accountId, interactions.externalId],
        set: {
          modifiedBy: sql`excluded.modified_by`,
          modifiedTimestamp: sql`now()`,
          version: sql`${interactions.version} + 1`,
          ...Object.fromEntries(
            (['endTimestamp', 'status', 'isComplete', 'queueId', 'queueName', 'agentId', 'agentName', 'teamId', 'teamName', 'latestDisposition', 'durationSeconds', 'waitSeconds', 'handleSeconds', 'recordingsCount', 'participants', 'integrationAssociations', 'events'] as const).map((key) => [
              key,
              sql.raw(`excluded.${interactions[key].name}`),
            ]),
          ),
          body: sql`${interactions.body} || excluded.body`,
        },
        // An ended call is final (people may have changed it since); an unchanged one is left alone.
        setWhere: sql`${interactions.endTimestamp} is null and ${interactions.deletedAt} is null and ${interactions.events} is distinct from excluded.events`,
      })
      .returning({ id: interactions.id, inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) (row.inserted ? inserted : updated).push(row.id);
  }
  // New and changed rows are announced on `astera_interactions` by the table's triggers (migrations 0028, 0042), whoever writes them.
  return { inserted, updated };
}

async function copy(recordings: RecordingCopier, location: string, key: string): Promise<number> {
  const { body, contentType } = await recordings.fetch(location);
  await recordings.store.put(key, body, contentType);
  return body.byteLength;
}
