import { describe, expect, it } from 'vitest';
import { validateInsightsSearch } from './search.ts';
import { insightsWindow } from './window.ts';

describe('insights search', () => {
  it('turns a preset into its days, ending today (UTC)', () => {
    expect(insightsWindow({ range: 7, from: '', to: '', queue: '' }, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10', queue: '' });
    expect(insightsWindow({ range: 90, from: '', to: '', queue: 'q1' }, '2026-03-10')).toEqual({ from: '2025-12-11', to: '2026-03-10', queue: 'q1' });
  });

  it('keeps custom days, and falls back to 30 days when they are missing or reversed', () => {
    expect(insightsWindow({ range: 'custom', from: '2026-01-01', to: '2026-01-31', queue: '' }, '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-01-31', queue: '' });
    expect(insightsWindow({ range: 'custom', from: '2026-02-01', to: '2026-01-31', queue: '' }, '2026-03-10').from).toBe('2026-02-09');
  });

  it('degrades a hand-edited URL instead of failing', () => {
    expect(validateInsightsSearch({ range: '12', from: 'x'.repeat(101), queue: 'x'.repeat(101) })).toEqual({ range: 30, from: '', to: '', queue: '' });
    // Days that do not exist: the last 30 days.
    expect(insightsWindow({ range: 'custom', from: '2026-02-31', to: 'x', queue: '' }, '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10', queue: '' });
    expect(validateInsightsSearch({ range: { a: 1 }, from: 20260101, queue: ['a'] })).toEqual({ range: 30, from: '', to: '', queue: '' });
    // The router reads ?range=7 as a number, a hand-written URL may quote it.
    expect(validateInsightsSearch({ range: '7', from: '2026-01-01', to: '2026-01-31', queue: 'q-1' }).range).toBe(7);
    expect(validateInsightsSearch({ range: 7, from: '2026-01-01', to: '2026-01-31', queue: 'q-1' })).toEqual({ range: 7, from: '2026-01-01', to: '2026-01-31', queue: 'q-1' });
  });
});
