// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { toAuditQuery, type AuditLogSearch } from './queries.ts';

const search = (change: Partial<AuditLogSearch> = {}): AuditLogSearch => ({ log: 'changed', size: 10, before: '', after: '', actor: '', type: '', action: '', from: '', to: '', account: '', ...change });

describe('toAuditQuery', () => {
  it('sends only the filters set, by the API names', () => {
    expect(toAuditQuery(search())).toEqual({ limit: 10 });
    expect(toAuditQuery(search({ type: 'Issue', action: 'delete', actor: 'p1', account: 'a1' }))).toEqual({ limit: 10, resourceType: 'Issue', action: 'delete', actor: 'p1', account: 'a1' });
  });

  it("turns the days into the instants of the user's own midnights, the To day included", () => {
    const query = toAuditQuery(search({ from: '2026-03-07', to: '2026-03-08' }));
    expect(query.from).toBe(new Date(2026, 2, 7).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 9).toISOString());
    expect(toAuditQuery(search({ from: 'nonsense' })).from).toBeUndefined();
  });

  it('pages from one cursor: Older wins over Newer', () => {
    expect(toAuditQuery(search({ before: '40', after: '90' }))).toEqual({ limit: 10, before: '40' });
    expect(toAuditQuery(search({ after: '90' }))).toEqual({ limit: 10, after: '90' });
  });
});
