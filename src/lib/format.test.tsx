// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '../state/account.ts';
import { preferencesAtom } from '../state/preferences.ts';
import { phoneLabel, phoneNumbersIn, prepareDateTimeFormat, shortDay, useDateTimeFormat, useDayFormat } from './format.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Original = Intl.DateTimeFormat;
let made = 0;
class Counting extends Original {
  constructor(...args: ConstructorParameters<typeof Original>) {
    super(...args);
    made++;
  }
}

afterEach(() => {
  Intl.DateTimeFormat = Original;
});

describe('the date formatter', () => {
  it('made ahead by a loader (prepareDateTimeFormat), after ICU’s other data in tasks of their own, is the one the screen then renders with', async () => {
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    prepareDateTimeFormat();
    // Not in the caller's task: the loader returns at once.
    expect(made).toBe(0);
    // Nor in the next: that one loads ICU's common data (a collator), the one after the numbers'.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toBe(0);
    // Then made, a few tasks later (however long a busy machine takes to run them: CI failed on a fixed 50 ms).
    await vi.waitFor(() => expect(made).toBe(1), { timeout: 5000, interval: 5 });

    let shown = '';
    function When() {
      shown = useDateTimeFormat()('2026-11-28T12:34:00Z');
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<When />));
    await act(async () => root.render(<When key="again" />));
    // The render made none: ICU's data was loaded before it.
    expect(made).toBe(1);
    expect(shown).toBe(new Original(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-28T12:34:00Z')));
    act(() => root.unmount());
  });
});

describe('one way to write numbers and days (issue 40)', () => {
  it('writes North American E.164 numbers as people do, inside a text too; others as stored', () => {
    expect(phoneLabel('+14574599800')).toBe('(457) 459-9800');
    expect(phoneLabel('+442071234567')).toBe('+442071234567');
    expect(phoneLabel(null)).toBe('—');
    expect(phoneNumbersIn('phone · +14155550114 · VIP')).toBe('phone · (415) 555-0114 · VIP');
    // Not a part of a longer number.
    expect(phoneNumbersIn('+141555501145')).toBe('+141555501145');
    expect(phoneNumbersIn('Maria Lopez')).toBe('Maria Lopez');
  });

  it("names a calendar day in the user's locale (Languages & Region), the day named whatever the time zone", async () => {
    expect(shortDay('2026-11-07', 'en-GB')).toBe('7 Nov');
    expect(shortDay('2026-11-07', 'en-US')).toBe('Nov 7');
    store.set(preferencesAtom, { theme: 'system', locale: 'en-GB', timeZone: 'Pacific/Kiritimati' });
    let shown = '';
    function Day() {
      shown = useDayFormat()('2026-11-07');
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Day />));
    expect(shown).toBe('7 Nov 2026');
    store.set(preferencesAtom, { theme: 'system', locale: 'en-US', timeZone: 'America/Los_Angeles' });
    await act(async () => root.render(<Day key="again" />));
    expect(shown).toBe('Nov 7, 2026');
    act(() => root.unmount());
  });
});
