import { describe, expect, it } from 'vitest';
import { timeRange, weekLabel } from './week-view.tsx';

describe("the schedule's days and times (issue 40)", () => {
  it("follow the user's locale, not always American English", () => {
    expect(weekLabel('2027-01-03', 'en-US')).toMatch(/^Jan 3\s*–\s*9, 2027$/);
    expect(weekLabel('2027-01-03', 'en-GB')).toMatch(/^3\s*–\s*9 Jan 2027$/);
    const nine = { start: '2027-01-04T14:00:00Z', end: '2027-01-04T15:00:00Z' };
    expect(timeRange(nine, 'America/New_York', 'en-US')).toMatch(/^9:00\s*–\s*10:00\sAM$/);
    expect(timeRange(nine, 'America/New_York', 'en-GB')).toMatch(/^09:00\s*–\s*10:00$/);
  });
});
