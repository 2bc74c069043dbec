import { describe, expect, it } from 'vitest';
import type { InteractionEvent } from '../../../domain/interactions.ts';
import { eventsShowingContactId, eventTypeLabel, groupEventsByDay, insertMention, legDurationsOf, legTimes, queuesOf, mentionAt, mentionsInText, minutesSeconds, queueVisits, seekStep, seekTo } from './timeline.ts';

const event = (id: string, startTimestamp: string, leg = 1): InteractionEvent => ({ id, type: 'inbound', startTimestamp, duration: 0, leg, contactSource: null, details: {} });

describe('minutesSeconds', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(minutesSeconds(0)).toBe('0:00');
    expect(minutesSeconds(75)).toBe('1:15');
    expect(minutesSeconds(3725)).toBe('62:05');
    expect(minutesSeconds(59.6)).toBe('1:00');
  });
  it('shows a dash for no duration', () => {
    expect(minutesSeconds(null)).toBe('—');
    expect(minutesSeconds(-1)).toBe('—');
  });
});

describe('eventsShowingContactId (issue 40)', () => {
  it("names each leg's contact id once, at its first event, and again only when it changes", () => {
    const withContact = (id: string, leg: number, contactSource: string | null): InteractionEvent => ({ ...event(id, '2026-03-02T10:00:00Z', leg), contactSource });
    const events = [withContact('a', 1, 'c-1'), withContact('b', 1, 'c-1'), withContact('c', 2, 'c-2'), withContact('d', 1, 'c-1'), withContact('e', 2, null), withContact('f', 2, 'c-3')];
    expect([...eventsShowingContactId(events)]).toEqual(['a', 'c', 'f']);
  });
});

describe('groupEventsByDay', () => {
  it('groups by the day in the time zone, in time order', () => {
    const days = groupEventsByDay([event('c', '2026-03-02T01:00:00Z', 2), event('a', '2026-03-01T10:00:00Z'), event('b', '2026-03-01T23:30:00Z')], 'UTC');
    expect(days.map((d) => [d.day, d.events.map((e) => e.id)])).toEqual([
      ['2026-03-01', ['a', 'b']],
      ['2026-03-02', ['c']],
    ]);
  });
  it('uses the time zone for the day boundary', () => {
    const days = groupEventsByDay([event('a', '2026-03-01T10:00:00Z'), event('b', '2026-03-02T01:00:00Z')], 'America/New_York');
    expect(days).toHaveLength(1);
    expect(days[0]!.day).toBe('2026-03-01');
  });
});

describe('eventTypeLabel', () => {
  it('reads the contact center types as words', () => {
    expect(eventTypeLabel('queue_transfer')).toBe('Queue transfer');
    expect(eventTypeLabel('connectedToAgent')).toBe('Connected to agent');
    expect(eventTypeLabel('inbound')).toBe('Inbound');
  });
});

describe('seeking', () => {
  it('moves 5 seconds, 15 with Shift, only for arrows', () => {
    expect(seekStep('ArrowRight', false)).toBe(5);
    expect(seekStep('ArrowLeft', true)).toBe(-15);
    expect(seekStep('a', false)).toBe(0);
  });
  it('stays inside the recording', () => {
    expect(seekTo(2, -5, 30)).toBe(0);
    expect(seekTo(28, 5, 30)).toBe(30);
    expect(seekTo(10, 5, Number.NaN)).toBe(15);
  });
});

describe('mentions', () => {
  it('finds the @name at the caret', () => {
    expect(mentionAt('Hi @Man', 7)).toEqual({ start: 3, query: 'Man' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionAt('Hi @Man done', 12)).toBeNull();
  });
  it('replaces the typed name with the chosen one', () => {
    expect(insertMention('Hi @Man please', { start: 3, query: 'Man' }, 'Mary Manager')).toEqual({ text: 'Hi @Mary Manager  please', caret: 17 });
  });
  it('sends only the mentions still in the text, once', () => {
    const mary = { id: '1', name: 'Mary Manager' };
    const vic = { id: '2', name: 'Vic Viewer' };
    expect(mentionsInText('ask @Mary Manager', [mary, vic, mary])).toEqual([mary]);
  });
  it('sends no mention run into a longer word (issue 40)', () => {
    const mary = { id: '1', name: 'Mary Manager' };
    expect(mentionsInText('mail x@Mary Manager.com or @Mary Managerx', [mary])).toEqual([]);
    expect(mentionsInText('(@Mary Manager)', [mary])).toEqual([mary]);
  });
});

describe('legTimes and queueVisits', () => {
  const events: InteractionEvent[] = [
    { ...event('1', '2026-03-01T10:00:00Z'), type: 'inbound' },
    { ...event('2', '2026-03-01T10:00:05Z'), type: 'enqueued', duration: 30, queueName: 'Front desk' },
    { ...event('3', '2026-03-01T10:00:35Z'), type: 'connectedToAgent', duration: 120 },
    { ...event('4', '2026-03-01T10:02:35Z', 2), type: 'enqueued', duration: 10, queueName: 'Billing' },
    { ...event('5', '2026-03-01T10:02:45Z', 2), type: 'connectedToAgent', duration: 60 },
    { ...event('6', '2026-03-01T10:03:45Z', 2), type: 'afterContactWork', duration: 15 },
  ];
  it('sums each leg from its events', () => {
    expect(legTimes(events)).toEqual([
      { leg: 1, queueName: 'Front desk', total: 155, wait: 30, talk: 120, afterContactWork: 0 },
      { leg: 2, queueName: 'Billing', total: 85, wait: 10, talk: 60, afterContactWork: 15 },
    ]);
  });
  it('lists each queue the call went through', () => {
    expect(queueVisits(events).map((q) => [q.queueName, q.leg, q.waitSeconds])).toEqual([
      ['Front desk', 1, 30],
      ['Billing', 2, 10],
    ]);
  });
});

describe('durations and queues when events carry no durations (as the contact center sends them)', () => {
  // The simulator's shape: enqueued and connectedToAgent are instants; dequeued carries the wait.
  const events: InteractionEvent[] = [
    { ...event('1', '2026-03-01T10:00:00Z'), type: 'inbound' },
    { ...event('2', '2026-03-01T10:00:10Z'), type: 'enqueued', queueName: 'Billing' },
    { ...event('3', '2026-03-01T10:05:16Z'), type: 'dequeued', duration: 306, queueName: 'Billing' },
    { ...event('4', '2026-03-01T10:05:16Z'), type: 'connectedToAgent' },
    { ...event('5', '2026-03-01T10:09:34Z'), type: 'disconnect' },
    { ...event('6', '2026-03-01T10:09:34Z'), type: 'afterContactWork', duration: 30 },
  ];
  it('measures waiting and talking from the events that end them', () => {
    expect(legTimes(events)).toEqual([{ leg: 1, queueName: 'Billing', total: 604, wait: 306, talk: 258, afterContactWork: 30 }]);
    expect(queueVisits(events).map((q) => q.waitSeconds)).toEqual([306]);
  });
  it('prefers what the contact center measured per leg (talk with hold) and its queue visits', () => {
    const legDurations = [{ leg: 1, queueId: 'q', queueName: 'Billing', total: 600, wait: 300, talk: 200, hold: 50, afterContactWork: 30 }];
    expect(legDurationsOf({ legDurations, events })).toEqual([{ leg: 1, queueName: 'Billing', total: 600, wait: 300, talk: 250, afterContactWork: 30 }]);
    expect(legDurationsOf({ legDurations: [], events })[0]!.wait).toBe(306);
    const queues = [{ queueId: 'q', queueName: 'Billing', leg: 1, enqueuedTimestamp: '2026-03-01T10:00:10Z', waitSeconds: 300 }];
    expect(queuesOf({ queues, events }).map((q) => [q.queueName, q.waitSeconds])).toEqual([['Billing', 300]]);
  });
});
