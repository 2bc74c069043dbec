import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/api.ts';
import { changedRecordPath } from './changed-record-path.ts';

const entry = (resourceType: string, action = 'update'): AuditEntry => ({ id: 'a1', at: '2026-01-01T00:00:00Z', actorName: 'Ada', action, resourceType, resourceId: 'r1', title: 'T', summary: '' });

describe('changedRecordPath', () => {
  it.each([
    ['ContactPoint', '/practice/contact-points/r1'],
    ['Location', '/practice/locations/r1'],
    ['Schedule', '/practice/schedules/r1'],
    ['Issue', '/practice/issues/r1'],
    ['Insurance', '/practice/insurances/r1'],
  ])('links a changed %s to its page', (resourceType, path) => {
    expect(changedRecordPath(entry(resourceType))).toBe(path);
  });

  it('links no deleted record', () => {
    expect(changedRecordPath(entry('Location', 'delete'))).toBeNull();
  });
});
