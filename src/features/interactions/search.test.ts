import { describe, expect, it } from 'vitest';
import { activeInteractionFilters, isDay, nextDay, toInteractionQuery } from './list-query.ts';
import { callerName, kindLabel } from './labels.ts';
import { interactionSearchDefaults, interactionSearchSchema } from './search.ts';

const utc = (day: string) => `${day}T00:00:00.000Z`;

describe('interaction list URL', () => {
  it('falls back to the defaults for a hand-edited URL', () => {
    const parsed = interactionSearchSchema.parse({ page: -2, size: 7, sort: 'nope', order: 'sideways', status: 'lost', escalated: 'maybe', q: 5551234567 });
    expect(parsed).toEqual({ ...interactionSearchDefaults, q: '5551234567' });
  });

  it('keeps valid filters', () => {
    const parsed = interactionSearchSchema.parse({ page: 2, status: 'abandoned', escalated: 'yes', from: '2026-03-01', to: '2026-03-31', queue: 'q-1' });
    expect(parsed).toMatchObject({ page: 2, status: 'abandoned', escalated: 'yes', from: '2026-03-01', to: '2026-03-31', queue: 'q-1', order: 'desc' });
  });
});

describe('toInteractionQuery', () => {
  it('pages by offset and sends only the filters set', () => {
    expect(toInteractionQuery({ ...interactionSearchDefaults, page: 3, size: 20 }, utc)).toEqual({ limit: 20, offset: 40, sort: 'startTimestamp', order: 'desc' });
  });

  it('sends the date range as instants including the last day, and escalation as a boolean', () => {
    const query = toInteractionQuery({ ...interactionSearchDefaults, from: '2026-03-01', to: '2026-03-31', escalated: 'no', q: ' Ann ', disposition: 'Booked' }, utc);
    expect(query).toMatchObject({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z', escalated: false, q: 'Ann', disposition: 'Booked' });
  });

  it('drops a date that is not a day', () => {
    expect(toInteractionQuery({ ...interactionSearchDefaults, from: '2026-13-01', to: 'soon' }, utc)).not.toHaveProperty('from');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-2-28')).toBe(false);
  });

  it('steps over month and year ends', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('activeInteractionFilters', () => {
  it('names each filter set, with the chosen names', () => {
    expect(activeInteractionFilters({ ...interactionSearchDefaults, queue: 'q-1', escalated: 'yes', status: 'abandoned' }, { queue: 'Front desk' })).toEqual([
      'queue “Front desk”',
      'status “abandoned”',
      'escalated',
    ]);
  });
});

describe('what Insights links to', () => {
  it('takes a direction and, with days=utc, bounds UTC days whatever the browser’s time zone (Insights counts by UTC day)', () => {
    const search = interactionSearchSchema.parse({ from: '2026-01-01', to: '2026-01-02', direction: 'outbound', days: 'utc' });
    const browserDays = (day: string) => new Date(`${day}T00:00:00-05:00`).toISOString();
    expect(toInteractionQuery(search, browserDays)).toMatchObject({ direction: 'outbound', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T23:59:59.999Z' });
    expect(toInteractionQuery({ ...search, days: '' }, browserDays)).toMatchObject({ from: '2026-01-01T05:00:00.000Z' });
    expect(activeInteractionFilters(search)).toEqual(['from 2026-01-01', 'to 2026-01-02 (UTC)', 'direction “outbound”']);
    // Days named as the screen names them (issue 40: the user's locale, not `YYYY-MM-DD`).
    const dayName = (day: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    expect(activeInteractionFilters(search, {}, dayName)).toEqual(['from 1 Jan 2026', 'to 2 Jan 2026 (UTC)', 'direction “outbound”']);
    expect(interactionSearchSchema.parse({ direction: 'sideways', days: 'mars' })).toMatchObject({ direction: '', days: '' });
  });
});

describe('calls and web chats (issue 42)', () => {
  it('the Type filter lives in the URL (a hand-edited one falls back to both), goes to the API as `type`, and is named when set', () => {
    expect(interactionSearchSchema.parse({ type: 'chat' })).toMatchObject({ type: 'chat' });
    expect(interactionSearchSchema.parse({ type: 'fax' })).toMatchObject({ type: '' });
    expect(toInteractionQuery({ ...interactionSearchDefaults, type: 'chat' }, utc)).toMatchObject({ type: 'chat' });
    expect(toInteractionQuery(interactionSearchDefaults, utc)).not.toHaveProperty('type');
    expect(activeInteractionFilters({ ...interactionSearchDefaults, type: 'chat' })).toEqual(['web chats only']);
    expect(activeInteractionFilters({ ...interactionSearchDefaults, type: 'call' })).toEqual(['calls only']);
  });

  it('a row says a web chat is one; a chat visitor without a name is "Web chat visitor", never "Unknown caller"', () => {
    expect(kindLabel({ type: 'chat', direction: 'inbound' })).toBe('Web chat');
    expect(kindLabel({ type: 'call', direction: 'inbound' })).toBe('Inbound');
    expect(callerName({ type: 'chat', patientName: null, contactNumber: null })).toBe('Web chat visitor');
    expect(callerName({ type: 'call', patientName: null, contactNumber: null })).toBe('Unknown caller');
    expect(callerName({ type: 'chat', patientName: 'Ana', contactNumber: null })).toBe('Ana');
  });
});
