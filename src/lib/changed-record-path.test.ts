import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/api.ts';
import { workspaceScreens } from '../screens.ts';
import { changedRecordPath as pathOf, recordLinks } from './changed-record-path.ts';

const links = recordLinks(workspaceScreens);
const changedRecordPath = (entry: AuditEntry) => pathOf(entry, links);

const entry = (resourceType: string, action = 'update'): AuditEntry => ({ id: 'a1', at: '2026-01-01T00:00:00Z', actorName: 'Ada', action, resourceType, resourceId: 'r1', title: 'T', summary: '' });

describe('changedRecordPath', () => {
  it.each([
    ['ContactPoint', '/practice/contact-points/r1'],
    ['Location', '/practice/locations/r1'],
    ['Schedule', '/practice/schedules/r1'],
    ['Issue', '/practice/issues/r1'],
    ['Insurance', '/practice/insurances/r1'],
    ['Team', '/practice/teams/r1'],
  ])('links a changed %s to its page', (resourceType, path) => {
    expect(changedRecordPath(entry(resourceType))).toBe(path);
  });

  it('links a played recording (access log) to its call', () => {
    const played = { ...entry('Recording', 'play'), resourceId: '6f1c0a52-0000-4000-8000-000000000001/ev-1/leg-1.wav' };
    expect(changedRecordPath(played)).toBe('/interactions/6f1c0a52-0000-4000-8000-000000000001');
  });

  it('links a team member added or removed to the team, which lives on', () => {
    expect(changedRecordPath(entry('TeamMember', 'create'))).toBe('/practice/teams/r1');
    expect(changedRecordPath(entry('TeamMember', 'delete'))).toBe('/practice/teams/r1');
  });

  it('links no deleted record', () => {
    expect(changedRecordPath(entry('Location', 'delete'))).toBeNull();
  });
});

describe('changedRecordPath of what belongs to another record', () => {
  const about = (resourceType: string, action: string, other: { resourceType: string; resourceId: string }): AuditEntry => ({ ...entry(resourceType, action), about: other });

  it.each(['create', 'update', 'delete'])('links a tag (%s) to the record it tags', (action) => {
    expect(changedRecordPath(about('Tag', action, { resourceType: 'Issue', resourceId: 'i1' }))).toBe('/practice/issues/i1');
    expect(changedRecordPath(about('Tag', action, { resourceType: 'Practitioner', resourceId: 'p1' }))).toBe('/practice/practitioners/p1');
  });

  it('links no tag whose record is unknown', () => {
    expect(changedRecordPath(entry('Tag'))).toBeNull();
  });

  it('links a task to its page in its schedule, a deleted task to the schedule', () => {
    expect(changedRecordPath(about('ScheduleTask', 'create', { resourceType: 'Schedule', resourceId: 's1' }))).toBe('/practice/schedules/updateTask/s1?taskId=r1');
    expect(changedRecordPath(about('ScheduleTask', 'delete', { resourceType: 'Schedule', resourceId: 's1' }))).toBe('/practice/schedules/s1');
  });

  it('links a workflow item to its page in its workflow, items changed by a filter to the workflow, and one of an unknown workflow nowhere', () => {
    expect(changedRecordPath(about('WorkflowItem', 'update', { resourceType: 'Workflow', resourceId: 'w1' }))).toBe('/workflows/w1/items/r1');
    expect(changedRecordPath({ ...about('WorkflowItem', 'update', { resourceType: 'Workflow', resourceId: 'w1' }), resourceId: null })).toBe('/workflows/w1');
    expect(changedRecordPath(entry('WorkflowItem'))).toBeNull();
  });
});

describe('record links are declared by the features', () => {
  it('takes an entry about what belongs to a record from the screen that declares it, not from a shared list', () => {
    const screens = { '/practice/widgets': { path: '/practice/widgets', title: 'Widgets', records: ['Widget'], recordPaths: { WidgetPart: (e: AuditEntry, path: string) => `${path}/${e.about?.resourceId}#part-${e.resourceId}` } } };
    const part = { ...entry('WidgetPart', 'delete'), about: { resourceType: 'Widget', resourceId: 'w1' } };
    expect(pathOf(part, recordLinks(screens))).toBe('/practice/widgets/w1#part-r1');
    expect(pathOf(entry('Widget'), recordLinks(screens))).toBe('/practice/widgets/r1');
  });

  it('opens an account at its own page, and a deleted one nowhere', () => {
    expect(changedRecordPath(entry('Account'))).toBe('/account/r1');
    expect(changedRecordPath(entry('Account', 'delete'))).toBeNull();
  });
});
