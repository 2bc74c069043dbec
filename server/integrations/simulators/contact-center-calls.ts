/**
 * The calls the simulated contact center places (issue 26): each planned whole when it starts —
 * its legs, queue waits, agents, transfers, monitor, after-contact work, disposition and
 * recordings — from a seeded random source, so the same seed plans the same call. What the
 * portal sees of a call is its plan as it stands at a moment (`contactAt`): a call whose agent has
 * not answered yet is `queued`, one being talked is `active`, and so on, until it ends.
 */
import type { Prng } from '../../random.ts';
import type { ContactAgent, ContactCenterContact, ContactEvent, ContactInitiation, ContactLeg, ContactRecording } from '../contact-center/port.ts';

export type SimQueue = { queueId: string; queueName: string; dispositions: string[] };
export type SimAgent = { userId: string; name: string; username: string };
/** Someone who calls: a name, and a number in E.164. */
export type SimParty = { name: string; phoneNumber: string };

export type CallWorld = {
  queues: SimQueue[];
  agents: SimAgent[];
  /** Known callers (the practice's own phone contact points' people), used for some calls. */
  known: SimParty[];
  /** The practice's own number (E.164). */
  systemPhoneNumber: string;
};

/** When a queue has no dispositions of its own, the agent picks one of these. */
export const fallbackDispositions = ['Appointment booked', 'Question answered', 'Message taken', 'Prescription refilled', 'Left voicemail', 'Referred to nurse'] as const;

const given = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofia', 'Elijah', 'Mia', 'Lucas', 'Amara', 'Wei', 'Priya', 'Omar', 'Grace', 'Diego', 'Hannah', 'Kwame', 'Yuki', 'Rosa'];
const family = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Patel', 'Kim', 'Brown', 'Martinez', 'Okafor', 'Lee', 'Davis', 'Lopez', 'Wilson', 'Chen', 'Hernandez', 'Clark', 'Walker', 'Young'];
const reasons = ['appointment', 'refill', 'billing', 'results', 'symptoms', 'referral', 'records'] as const;
const languages = ['en-US', 'en-US', 'en-US', 'es-US', 'vi-VN'] as const;

/** A US number in E.164 with a valid area code and exchange. */
export function randomUsNumber(random: Prng): string {
  const area = 201 + random.int(788);
  const exchange = 200 + random.int(799);
  return `+1${area}${exchange}${String(random.int(10000)).padStart(4, '0')}`;
}

/** A UUID from the random source (the contact center's contact ids). */
export function randomUuid(random: Prng): string {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${(8 + random.int(4)).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const between = (random: Prng, min: number, max: number) => min + random.int(max - min + 1);

/** Which kind of call, by share: mostly inbound. */
const kinds = [
  ['inbound', 50],
  ['inbound-transfer', 9],
  ['inbound-abandoned', 10],
  ['webrtc_api', 5],
  ['callback', 7],
  ['outbound', 11],
  ['api', 4],
  ['external_outbound', 4],
] as const;
export type CallKind = (typeof kinds)[number][0];

const agentOf = (agent: SimAgent): ContactAgent => ({ agentId: agent.userId, userId: agent.userId, username: agent.username, name: agent.name });

/** Plans one call starting at `start` (epoch ms). Needs at least one queue and one agent. */
export function planCall(random: Prng, world: CallWorld, start: number, kind: CallKind = random.weighted(kinds)): ContactCenterContact {
  const customer: SimParty = random.chance(0.3) && world.known.length > 0 ? random.pick(world.known) : { name: `${random.pick(given)} ${random.pick(family)}`, phoneNumber: randomUsNumber(random) };
  const events: ContactEvent[] = [];
  const legs: ContactLeg[] = [];
  const recordings: ContactRecording[] = [];
  const attributes: Record<string, string> = { reason: random.pick(reasons), language: random.pick(languages), patientVerified: random.chance(0.8) ? 'true' : 'false' };
  const contactId = randomUuid(random);
  const event = (type: string, at: number, leg: number, more: Partial<ContactEvent> = {}, details: Record<string, unknown> = {}) =>
    events.push({ type, timestamp: iso(at), durationSeconds: 0, leg, details, ...more });

  let t = start;
  let disposition: string | null = null;
  let abandoned = false;

  /** One leg: enter the system (or not), wait in a queue (or not), talk with an agent, and wrap up. */
  const runLeg = (leg: number, initiation: ContactInitiation, options: { queued: boolean; ivr: boolean; abandon?: boolean; transferAfter?: boolean }) => {
    const legId = leg === 1 ? contactId : randomUuid(random);
    const legStart = t;
    const queue = options.queued || initiation === 'outbound' || initiation === 'external_outbound' ? random.pick(world.queues) : null;
    const initiationDetails = { ContactId: legId, InitialContactId: contactId, InitiationMethod: initiation.toUpperCase(), Channel: 'VOICE', CustomerEndpoint: { Type: 'TELEPHONE_NUMBER', Address: customer.phoneNumber }, SystemEndpoint: { Type: 'TELEPHONE_NUMBER', Address: world.systemPhoneNumber } };
    event(initiation, t, leg, { queueId: queue?.queueId ?? null }, initiationDetails);
    if (options.ivr) {
      t += between(random, 1, 3) * 1000;
      event('connectedToSystem', t, leg, {}, { ConnectedToSystemTimestamp: iso(t) });
      t += between(random, 5, 40) * 1000;
      if (leg === 1) event('attributes', t, leg, {}, { Attributes: { ...attributes } });
    }
    let enqueued: number | null = null;
    let wait = 0;
    if (options.queued && queue) {
      enqueued = t;
      event('enqueued', t, leg, { queueId: queue.queueId }, { QueueInfo: { Id: queue.queueId, Name: queue.queueName, EnqueueTimestamp: iso(t) } });
      wait = options.abandon ? between(random, 20, 420) : random.chance(0.7) ? between(random, 5, 90) : between(random, 90, 600);
      t += wait * 1000;
      if (options.abandon) {
        event('disconnect', t, leg, { queueId: queue.queueId, durationSeconds: 0 }, { DisconnectReason: 'CUSTOMER_DISCONNECT', QueueInfo: { Id: queue.queueId, Name: queue.queueName } });
        legs.push({ leg, contactId: legId, initiation, startTimestamp: iso(legStart), endTimestamp: iso(t), queue: { queueId: queue.queueId, queueName: queue.queueName }, agent: null, enqueuedTimestamp: iso(enqueued), connectedToAgentTimestamp: null, waitSeconds: wait, talkSeconds: 0, holdSeconds: 0, afterContactWorkSeconds: 0 });
        abandoned = true;
        return;
      }
      event('dequeued', t, leg, { queueId: queue.queueId, durationSeconds: wait }, { QueueInfo: { Id: queue.queueId, Name: queue.queueName }, QueueDurationSeconds: wait });
    }
    const agent = random.pick(world.agents);
    const connected = t;
    event('connectedToAgent', t, leg, { agentId: agent.userId, queueId: queue?.queueId ?? null }, { AgentInfo: { Id: agent.userId, Username: agent.username, ConnectedToAgentTimestamp: iso(t) } });
    const talk = between(random, 45, 540);
    const hold = random.chance(0.25) ? between(random, 10, 120) : 0;
    if (random.chance(0.06) && world.agents.length > 1) {
      const supervisor = world.agents.find((a) => a.userId !== agent.userId)!;
      const at = t + Math.round(talk * 0.4) * 1000;
      event('monitor', at, leg, { agentId: supervisor.userId, durationSeconds: Math.round(talk * 0.3) }, { MonitoringUser: { Id: supervisor.userId, Username: supervisor.username }, MonitorCapabilities: ['SILENT_MONITOR'] });
    }
    t += (talk + hold) * 1000;
    if (options.transferAfter) {
      event('transfer', t, leg, { agentId: agent.userId }, { TransferredFrom: agent.username, Reason: 'Agent transferred the call to another queue' });
    } else {
      event('disconnect', t, leg, { agentId: agent.userId }, { DisconnectReason: random.chance(0.6) ? 'CUSTOMER_DISCONNECT' : 'AGENT_DISCONNECT' });
    }
    const acw = between(random, 10, 150);
    event('afterContactWork', t, leg, { agentId: agent.userId, durationSeconds: acw }, { AfterContactWorkStartTimestamp: iso(t), AfterContactWorkDuration: acw });
    const legDisposition = random.pick(queue && queue.dispositions.length > 0 ? queue.dispositions : fallbackDispositions);
    disposition = legDisposition;
    const legEnd = t + acw * 1000;
    event('disposition', legEnd - 1000, leg, { agentId: agent.userId, disposition: legDisposition, queueId: queue?.queueId ?? null }, { Disposition: legDisposition, Queue: queue?.queueName ?? null });
    const recordingSeconds = between(random, 3, 8);
    recordings.push({ leg, location: `sim-recording:${legId}:${leg}:${recordingSeconds}`, contentType: 'audio/wav', durationSeconds: recordingSeconds });
    event('recordings', legEnd, leg, { agentId: agent.userId, durationSeconds: talk }, { Recordings: [{ StorageType: 'S3', MediaStreamType: 'AUDIO', ParticipantType: 'ALL', Location: `sim-recording:${legId}:${leg}:${recordingSeconds}` }] });
    legs.push({
      leg,
      contactId: legId,
      initiation,
      startTimestamp: iso(legStart),
      endTimestamp: iso(legEnd),
      queue: queue ? { queueId: queue.queueId, queueName: queue.queueName } : null,
      agent: agentOf(agent),
      enqueuedTimestamp: enqueued === null ? null : iso(enqueued),
      connectedToAgentTimestamp: iso(connected),
      waitSeconds: wait,
      talkSeconds: talk,
      holdSeconds: hold,
      afterContactWorkSeconds: acw,
    });
    // The next leg starts where this conversation ended; this leg's after-contact work overlaps it.
    if (!options.transferAfter) t = legEnd;
  };

  switch (kind) {
    case 'inbound':
      runLeg(1, 'inbound', { queued: true, ivr: true });
      break;
    case 'webrtc_api':
      runLeg(1, 'webrtc_api', { queued: true, ivr: true });
      break;
    case 'inbound-abandoned':
      runLeg(1, 'inbound', { queued: true, ivr: true, abandon: true });
      break;
    case 'inbound-transfer': {
      runLeg(1, 'inbound', { queued: true, ivr: true, transferAfter: true });
      const legs = between(random, 2, 3);
      for (let leg = 2; leg <= legs; leg++) runLeg(leg, random.chance(0.7) ? 'queue_transfer' : 'transfer', { queued: true, ivr: false, transferAfter: leg < legs });
      break;
    }
    case 'callback':
      runLeg(1, 'callback', { queued: true, ivr: false });
      break;
    case 'outbound':
      runLeg(1, 'outbound', { queued: false, ivr: false });
      break;
    case 'external_outbound':
      runLeg(1, 'external_outbound', { queued: false, ivr: false });
      break;
    case 'api':
      // An automated reminder call: the patient is connected to a queue by pressing 1, or it ends in the system.
      if (random.chance(0.5)) runLeg(1, 'api', { queued: true, ivr: true });
      else {
        event('api', t, 1, {}, { ContactId: contactId, InitiationMethod: 'API', Channel: 'VOICE', CustomerEndpoint: { Type: 'TELEPHONE_NUMBER', Address: customer.phoneNumber } });
        t += between(random, 1, 3) * 1000;
        event('connectedToSystem', t, 1, {}, { ConnectedToSystemTimestamp: iso(t) });
        t += between(random, 20, 60) * 1000;
        event('disconnect', t, 1, {}, { DisconnectReason: 'CONTACT_FLOW_DISCONNECT' });
        legs.push({ leg: 1, contactId, initiation: 'api', startTimestamp: iso(start), endTimestamp: iso(t), queue: null, agent: null, enqueuedTimestamp: null, connectedToAgentTimestamp: null, waitSeconds: 0, talkSeconds: 0, holdSeconds: 0, afterContactWorkSeconds: 0 });
      }
      break;
  }
  events.sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.leg - b.leg);
  const end = events.reduce((latest, e) => Math.max(latest, Date.parse(e.timestamp) + (e.type === 'afterContactWork' ? e.durationSeconds * 1000 : 0)), start);
  const firstQueue = legs.find((l) => l.queue)?.queue ?? null;
  const lastAgent = [...legs].reverse().find((l) => l.agent)?.agent ?? null;
  return {
    contactId,
    initiation: legs[0]?.initiation ?? 'inbound',
    startTimestamp: iso(start),
    endTimestamp: iso(end),
    lastUpdateTimestamp: iso(end),
    status: abandoned ? 'abandoned' : 'completed',
    customer: { name: customer.name, phoneNumber: customer.phoneNumber },
    systemPhoneNumber: world.systemPhoneNumber,
    queue: firstQueue,
    agent: lastAgent,
    disposition,
    legs,
    events,
    recordings,
    attributes,
  };
}

/** The planned call as the contact center shows it at `now` (epoch ms): only what has happened yet. */
export function contactAt(plan: ContactCenterContact, now: number): ContactCenterContact {
  const end = Date.parse(plan.endTimestamp!);
  if (now >= end) return plan;
  const events = plan.events.filter((e) => Date.parse(e.timestamp) <= now);
  const last = [...events].reverse().find((e) => ['enqueued', 'connectedToAgent', 'afterContactWork', 'transfer', 'dequeued'].includes(e.type));
  const status = last?.type === 'afterContactWork' ? 'wrap-up' : last?.type === 'connectedToAgent' || last?.type === 'dequeued' ? 'active' : last?.type === 'transfer' ? 'queued' : 'queued';
  const legs = plan.legs
    .filter((l) => Date.parse(l.startTimestamp) <= now)
    .map((l) => ({
      ...l,
      endTimestamp: l.endTimestamp && Date.parse(l.endTimestamp) <= now ? l.endTimestamp : null,
      agent: l.connectedToAgentTimestamp && Date.parse(l.connectedToAgentTimestamp) <= now ? l.agent : null,
      connectedToAgentTimestamp: l.connectedToAgentTimestamp && Date.parse(l.connectedToAgentTimestamp) <= now ? l.connectedToAgentTimestamp : null,
    }));
  const lastUpdate = events.at(-1)?.timestamp ?? plan.startTimestamp;
  return {
    ...plan,
    endTimestamp: null,
    lastUpdateTimestamp: lastUpdate,
    status,
    agent: [...legs].reverse().find((l) => l.agent)?.agent ?? null,
    disposition: [...events].reverse().find((e) => e.type === 'disposition')?.disposition ?? null,
    legs,
    events,
    recordings: [],
  };
}
