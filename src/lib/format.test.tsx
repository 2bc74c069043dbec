// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDateTimeFormat, useDateTimeFormat } from './format.ts';

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
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made).toBe(1);

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
