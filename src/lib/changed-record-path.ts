import { useMemo } from 'react';
import type { AuditEntry } from '../../domain/api.ts';
import { useScreens, type Screens } from './screens.tsx';

/** The list each record type's page sits under, from the screens' `records`. */
export function recordLists(screens: Screens): Record<string, string> {
  const lists: Record<string, string> = {};
  for (const screen of Object.values(screens)) for (const type of screen.records ?? []) lists[type] = screen.path;
  return lists;
}

/**
 * The page of a changed record, when it has one (a deleted record has none; a bulk insert has its
 * list). A tag opens the record it tags, a task its page in its schedule (the schedule when the
 * task was deleted), a recording its call.
 */
export function changedRecordPath(entry: AuditEntry, lists: Readonly<Record<string, string>>): string | null {
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

/** `changedRecordPath` over the screens of the workspace. */
export function useChangedRecordPath(): (entry: AuditEntry) => string | null {
  const screens = useScreens();
  return useMemo(() => {
    const lists = recordLists(screens);
    return (entry) => changedRecordPath(entry, lists);
  }, [screens]);
}
