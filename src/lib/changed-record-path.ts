import type { AuditEntry } from '../../domain/api.ts';

/** The page of a changed record, when it has one (a deleted record has none; a bulk insert has its list). */
export function changedRecordPath(entry: AuditEntry): string | null {
  if (entry.action === 'delete') return null;
  const lists: Record<string, string> = {
    Person: '/practice/persons',
    User: '/practice/users',
    Practitioner: '/practice/practitioners',
    PractitionerPhoto: '/practice/practitioners',
    Issue: '/practice/issues',
    Insurance: '/practice/insurances',
    ContactPoint: '/practice/contact-points',
    Location: '/practice/locations',
    Schedule: '/practice/schedules',
  };
  if (entry.resourceType === 'Account' && entry.resourceId) return `/account/${entry.resourceId}`;
  const list = lists[entry.resourceType];
  if (!list) return null;
  return entry.resourceId ? `${list}/${entry.resourceId}` : list;
}
