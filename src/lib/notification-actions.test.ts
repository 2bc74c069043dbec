// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const Real = Intl.RelativeTimeFormat;
const intl = Intl as { RelativeTimeFormat: typeof Real };
afterEach(() => {
  intl.RelativeTimeFormat = Real;
});

describe('timeAgo', () => {
  it('loads no locale data until a time is shown, then says it in words', async () => {
    let made = 0;
    intl.RelativeTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    };
    vi.resetModules();
    const { timeAgo } = await import('./notification-actions.ts');
    // The module is prefetched while the first screen loads: building the formatter there was a long task.
    expect(made).toBe(0);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(timeAgo('2026-11-28T11:59:50Z', now)).toBe('just now');
    expect(timeAgo('2026-11-28T11:58:00Z', now)).toBe('2 minutes ago');
    expect(timeAgo('2026-11-27T12:00:00Z', now)).toBe('yesterday');
    expect(made).toBe(1);
  });
});
