// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { emptyTask, taskFormValues, withDate } from './task-form.tsx';

describe("a weekly task's days follow its date (issue 40)", () => {
  it('a new task made on a Sunday and dated a Monday repeats on Mondays, not on the Sunday it was made', () => {
    const values = withDate(emptyTask('2026-12-06'), '2027-03-01');
    expect(values.date).toBe('2027-03-01');
    expect(values.byDay).toEqual(['MO']);
  });

  it('a series moved to another day moves its single day with it', () => {
    const series = taskFormValues(
      { title: 'Huddle', practitionerId: null, who: null, notes: null, start: '2027-03-01T14:00:00Z', end: '2027-03-01T14:30:00Z', recurrence: { freq: 'WEEKLY', interval: 1, byDay: ['MO'], until: null, count: 3 } },
      'America/New_York',
    );
    expect(withDate(series, '2027-03-03').byDay).toEqual(['WE']);
  });

  it('days the user chose otherwise stay, and a date still being typed changes none', () => {
    const chosen = { ...emptyTask('2026-12-06'), byDay: ['TU' as const, 'TH' as const] };
    expect(withDate(chosen, '2027-03-01').byDay).toEqual(['TU', 'TH']);
    const other = { ...emptyTask('2026-12-06'), byDay: ['FR' as const] };
    expect(withDate(other, '2027-03-01').byDay).toEqual(['FR']);
    expect(withDate(emptyTask('2026-12-06'), '').byDay).toEqual(['SU']);
  });
});
