import { useMemo } from 'react';
import type { AuditEntry } from '../../domain/api.ts';
import { useScreens, type Screens } from './screens.tsx';

/** Where the System log's records open, from the screens' `records` and `recordPaths`. */
export type RecordLinks = {
  /** The list each record type's page sits under. */
  lists: Readonly<Record<string, string>>;
  /** The page of an entry about what belongs to a record, by the entry's resource type. */
  paths: Readonly<Record<string, (entry: AuditEntry) => string | null>>;
};

export function recordLinks(screens: Screens): RecordLinks {
  const lists: Record<string, string> = {};
  const paths: Record<string, (entry: AuditEntry) => string | null> = {};
  for (const screen of Object.values(screens)) {
    for (const type of screen.records ?? []) lists[type] = screen.path;
    for (const [type, path] of Object.entries(screen.recordPaths ?? {})) paths[type] = (entry) => path(entry, screen.path);
  }
  return { lists, paths };
}

/**
 * The page of a changed record, when it has one (a deleted record has none; a bulk insert has its
 * list). A tag opens the record it tags (any record type); what belongs to another record opens
 * where its feature's screen says (`recordPaths`: a task its page in its schedule, a recording its
 * call, a member its team).
 */
export function changedRecordPath(entry: AuditEntry, { lists, paths }: RecordLinks): string | null {
  const { about } = entry;
  const belonging = paths[entry.resourceType];
  if (belonging) return belonging(entry);
  if (entry.resourceType === 'Tag') return about && lists[about.resourceType] ? `${lists[about.resourceType]}/${about.resourceId}` : null;
  if (entry.action === 'delete') return null;
  const list = lists[entry.resourceType];
  if (!list) return null;
  return entry.resourceId ? `${list}/${entry.resourceId}` : list;
}

/** `changedRecordPath` over the screens of the workspace. */
export function useChangedRecordPath(): (entry: AuditEntry) => string | null {
  const screens = useScreens();
  return useMemo(() => {
    const links = recordLinks(screens);
    return (entry) => changedRecordPath(entry, links);
  }, [screens]);
}
