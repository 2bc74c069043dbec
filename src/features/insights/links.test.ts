import { describe, expect, it } from 'vitest';
import { interactionsHref } from './links.ts';

describe('interactionsHref', () => {
  it('carries the filters the interactions list reads, leaving out empty ones', () => {
    expect(interactionsHref({ from: '2026-01-01', to: '2026-01-07', queue: 'q-1', direction: 'inbound', status: '', disposition: 'Refill & more' })).toBe(
      '/interactions?from=2026-01-01&to=2026-01-07&queue=q-1&direction=inbound&disposition=Refill+%26+more&days=utc',
    );
    expect(interactionsHref({ from: '2026-01-01', to: '2026-01-01', status: 'abandoned' })).toBe('/interactions?from=2026-01-01&to=2026-01-01&status=abandoned&days=utc');
  });
});
