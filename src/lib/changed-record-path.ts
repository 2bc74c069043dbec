import type { AuditEntry } from '../../domain/api.ts';

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
  Team: '/practice/teams',
  Interaction: '/interactions',
};

/**
 * The page of a changed record, when it has one (a deleted record has none; a bulk insert has its
 * list). A tag opens the record it tags, a task its page in its schedule (the schedule when the
 * task was deleted), a recording its call.
 */
export function changedRecordPath(entry: AuditEntry): string | null {
  const { about } = entry;
  if (entry.resourceType === 'ScheduleTask' && about) {
    return entry.action === 'delete' || !entry.resourceId
      ? `${lists.Schedule}/${about.resourceId}`
      : `${lists.Schedule}/updateTask/${about.resourceId}?taskId=${entry.resourceId}`;
  }
  // A recording played (access log) is named `<interactionId>/<eventId>/<path>`: its call's page.
  if (entry.resourceType === 'Recording') return entry.resourceId ? `/interactions/${entry.resourceId.split('/')[0]}` : null;
  if (entry.resourceType === 'Tag') return about && lists[about.resourceType] ? `${lists[about.resourceType]}/${about.resourceId}` : null;
  // A member added or removed: the team's page (the entry's record is the team, which lives on).
  if (entry.resourceType === 'TeamMember') return entry.resourceId ? `${lists.Team}/${entry.resourceId}` : null;
  if (entry.action === 'delete') return null;
  if (entry.resourceType === 'Account' && entry.resourceId) return `/account/${entry.resourceId}`;
  const list = lists[entry.resourceType];
  if (!list) return null;
  return entry.resourceId ? `${list}/${entry.resourceId}` : list;
}
