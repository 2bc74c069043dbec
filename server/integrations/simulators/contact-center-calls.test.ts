import { describe, expect, it } from 'vitest';
import { interactionEventTypes } from '../../../domain/interactions.ts';
import { prng } from '../../random.ts';
import { wavRecording } from './audio.ts';
import { contactAt, fallbackDispositions, planCall, type CallWorld } from './contact-center-calls.ts';

const world: CallWorld = {
  queues: [
    { queueId: 'q-main', queueName: 'Main Line', dispositions: ['Booked', 'Answered'] },
    { queueId: 'q-billing', queueName: 'Billing', dispositions: [] },
  ],
  agents: [
    { userId: 'u-1', name: 'Ana Ruiz', username: 'ana@example.test' },
    { userId: 'u-2', name: 'Ben Cole', username: 'ben@example.test' },
  ],
  known: [{ name: 'Dr. Known Caller', phoneNumber: '+15035550123' }],
  systemPhoneNumber: '+18005550100',
};
const start = Date.parse('2026-01-05T15:00:00Z');
const many = (seed: number, n = 600) => {
  const random = prng(seed);
  return Array.from({ length: n }, (_, i) => planCall(random, world, start + i * 60_000));
};

describe('simulated calls', () => {
  it('the same seed plans the same calls', () => {
    expect(many(7, 50)).toEqual(many(7, 50));
    expect(many(8, 50)).not.toEqual(many(7, 50));
  });

  it("uses spec §4's event types, and over many calls every one of them the simulator makes", () => {
    const calls = many(1);
    const types = new Set(calls.flatMap((c) => c.events.map((e) => e.type)));
    for (const type of types) expect(interactionEventTypes).toContain(type);
    for (const type of ['inbound', 'outbound', 'transfer', 'callback', 'api', 'webrtc_api', 'queue_transfer', 'external_outbound', 'monitor', 'disconnect', 'enqueued', 'dequeued', 'connectedToSystem', 'connectedToAgent', 'afterContactWork', 'disposition', 'recordings', 'attributes']) {
      expect(types, type).toContain(type);
    }
    // Mostly inbound.
    const inbound = calls.filter((c) => c.initiation === 'inbound').length;
    expect(inbound / calls.length).toBeGreaterThan(0.5);
  });

  it('transfers have several legs, numbered from 1, each with its own contact id; events are in time order', () => {
    const calls = many(2);
    const transferred = calls.filter((c) => c.legs.length > 1);
    expect(transferred.length).toBeGreaterThan(10);
    for (const call of transferred) {
      expect(call.legs.map((l) => l.leg)).toEqual(call.legs.map((_, i) => i + 1));
      expect(new Set(call.legs.map((l) => l.contactId)).size).toBe(call.legs.length);
      expect(call.legs[0]!.contactId).toBe(call.contactId);
      expect(call.events.some((e) => e.type === 'transfer' && e.leg === 1)).toBe(true);
      expect(call.legs.slice(1).every((l) => l.initiation === 'queue_transfer' || l.initiation === 'transfer')).toBe(true);
    }
    for (const call of calls) {
      const times = call.events.map((e) => e.timestamp);
      expect([...times].sort()).toEqual(times);
    }
  });

  it('abandoned calls end in the queue with no agent, no disposition and no recording', () => {
    const abandoned = many(3).filter((c) => c.status === 'abandoned');
    expect(abandoned.length).toBeGreaterThan(20);
    for (const call of abandoned) {
      expect(call.agent).toBeNull();
      expect(call.disposition).toBeNull();
      expect(call.recordings).toEqual([]);
      expect(call.events.at(-1)!.type).toBe('disconnect');
      expect(call.legs[0]!.waitSeconds).toBeGreaterThan(0);
    }
  });

  it("answered calls: an agent of the account, a disposition from the queue's list (or the usual ones), a recording per answered leg", () => {
    for (const call of many(4).filter((c) => c.status === 'completed' && c.agent)) {
      expect(world.agents.map((a) => a.userId)).toContain(call.agent!.userId);
      const lastQueue = [...call.legs].reverse().find((l) => l.agent)!.queue;
      const list = world.queues.find((q) => q.queueId === lastQueue?.queueId)?.dispositions ?? [];
      expect(list.length > 0 ? list : fallbackDispositions).toContain(call.disposition);
      expect(call.recordings.length).toBe(call.legs.filter((l) => l.agent).length);
      expect(call.customer.phoneNumber).toMatch(/^\+1[2-9]\d{9}$/);
    }
  });

  it('some calls come from the people of the practice’s phone contact points', () => {
    expect(many(5).some((c) => c.customer.phoneNumber === '+15035550123' && c.customer.name === 'Dr. Known Caller')).toBe(true);
  });

  it('a call as it stands: queued while it waits, active with an agent, wrap-up in after-contact work, then ended', () => {
    const call = many(6).find((c) => c.initiation === 'inbound' && c.legs.length === 1 && c.status === 'completed')!;
    const leg = call.legs[0]!;
    const enqueued = Date.parse(leg.enqueuedTimestamp!);
    const connected = Date.parse(leg.connectedToAgentTimestamp!);
    const acw = Date.parse(call.events.find((e) => e.type === 'afterContactWork')!.timestamp);
    const waiting = contactAt(call, enqueued + 1000);
    expect(waiting).toMatchObject({ status: 'queued', endTimestamp: null, agent: null, disposition: null, recordings: [] });
    expect(waiting.events.every((e) => Date.parse(e.timestamp) <= enqueued + 1000)).toBe(true);
    expect(contactAt(call, connected + 1000)).toMatchObject({ status: 'active', endTimestamp: null });
    expect(contactAt(call, connected + 1000).agent?.userId).toBe(leg.agent!.userId);
    expect(contactAt(call, acw + 1000)).toMatchObject({ status: 'wrap-up', endTimestamp: null });
    expect(contactAt(call, Date.parse(call.endTimestamp!))).toEqual(call);
  });
});

describe('simulated recordings', () => {
  it('are WAV files (RIFF, PCM, 8 kHz, 16-bit mono) of the asked length, the same bytes for the same seed', () => {
    const wav = wavRecording(42, 3);
    const view = new DataView(wav.buffer);
    const text = (at: number, n: number) => String.fromCharCode(...wav.slice(at, at + n));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(3 * 8000 * 2);
    expect(wav.byteLength).toBe(44 + 3 * 8000 * 2);
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(wavRecording(42, 3)).toEqual(wav);
    expect(wavRecording(43, 3)).not.toEqual(wav);
    // Not silence.
    let loud = 0;
    for (let i = 44; i < wav.byteLength; i += 2) loud = Math.max(loud, Math.abs(view.getInt16(i, true)));
    expect(loud).toBeGreaterThan(5000);
  });
});
