import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import {
  instantOf,
  scheduleMessages,
  wallFrom,
  wallOf,
  type Schedule,
  type ScheduleList,
  type ScheduleTask,
  type TaskOccurrenceList,
} from '../../../domain/schedules.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { accounts, auditLog, locations, practitioners, queues, scheduleTasks, schedules } from '../../db/schema/index.ts';
import { createHarness, type DemoUser, type Harness } from '../../test/harness.ts';

let h: Harness;
let practitioner: { id: string; name: string };
let lakesidePractitioner: string;
beforeAll(async () => {
  h = await createHarness();
  const [p] = await h.db.select({ id: practitioners.personId, name: practitioners.name }).from(practitioners).where(eq(practitioners.accountId, h.accounts.riverside.id)).limit(1);
  practitioner = p!;
  const [l] = await h.db.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, h.accounts.lakeside.id)).limit(1);
  lakesidePractitioner = l!.id;
}, 120_000);
afterAll(() => h.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });
const base = '/schedule/schedule';
const tz = 'America/New_York';
/** The instant of a New York wall-clock time, ISO. */
const ny = (date: string, time: string) => instantOf(wallFrom(date, time)!, tz).toISOString();
const localTime = (iso: string) => {
  const w = wallOf(new Date(iso), tz);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

async function createSchedule(body: Record<string, unknown> = { name: 'Test schedule' }, user: DemoUser = 'manager') {
  const res = await send(user, 'POST', base, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function createTask(scheduleId: string, body: Record<string, unknown>) {
  const res = await send('manager', 'POST', `${base}/${scheduleId}/task`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function occurrences(scheduleId: string, from: string, to: string, user: DemoUser = 'manager') {
  const res = await h.call(user, `${base}/${scheduleId}/task?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TaskOccurrenceList;
}
const getTask = async (scheduleId: string, id: string) => (await (await h.call('manager', `${base}/${scheduleId}/task/${id}`)).json()) as ScheduleTask;
const weeklyMonday = { freq: 'WEEKLY', byDay: ['MO'] };

describe('schedules: create, get, list, PATCH with the id in the body (spec §7)', () => {
  it('creates a schedule for a practitioner of the account, answers it with the account time zone, and lists it', async () => {
    const id = await createSchedule({ name: 'Dr on-call', description: 'Nights', ownerType: 'Practitioner', ownerId: practitioner.id });
    const res = await h.call('manager', `${base}/${id}`);
    const schedule = (await res.json()) as Schedule;
    expect(schedule).toMatchObject({ resourceType: 'Schedule', id, name: 'Dr on-call', description: 'Nights', ownerType: 'Practitioner', ownerId: practitioner.id, ownerName: practitioner.name, timeZone: tz, version: 1 });
    const list = (await (await h.call('manager', `${base}?q=Dr%20on-call`)).json()) as ScheduleList;
    expect(list.items.map((s) => s.id)).toContain(id);
    expect(list.items.find((s) => s.id === id)?.ownerName).toBe(practitioner.name);
  });

  it('validates: name required, owner type and id together, a practitioner of this account only', async () => {
    let res = await send('manager', 'POST', base, { name: '  ' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ name: scheduleMessages.nameRequired });
    res = await send('manager', 'POST', base, { name: 'X', ownerType: 'Practitioner' });
    expect((await errorOf(res)).fields).toEqual({ ownerId: scheduleMessages.ownerIdRequired });
    res = await send('manager', 'POST', base, { name: 'X', ownerType: 'Practitioner', ownerId: lakesidePractitioner });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ ownerId: scheduleMessages.ownerPractitionerUnknown });
    res = await send('manager', 'POST', base, { name: 'X', ownerType: 'Room' , ownerId: 'a' });
    expect((await errorOf(res)).fields?.ownerType).toBe(scheduleMessages.ownerTypeInvalid);
    // A queue is named by its own id (queues live in the call center).
    await createSchedule({ name: 'Queue schedule', ownerType: 'Queue', ownerId: 'front-desk' });
  });

  it("a schedule for a location names one of the account's live locations, and answers its name", async () => {
    const [riverside] = await h.db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.accountId, h.accounts.riverside.id)).limit(1);
    const [lakeside] = await h.db.select({ id: locations.id }).from(locations).where(eq(locations.accountId, h.accounts.lakeside.id)).limit(1);
    let res = await send('manager', 'POST', base, { name: 'Elsewhere', ownerType: 'Location', ownerId: lakeside!.id });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ ownerId: scheduleMessages.ownerLocationUnknown });
    res = await send('manager', 'POST', base, { name: 'Nowhere', ownerType: 'Location', ownerId: '00000000-0000-4000-8000-00000000abcd' });
    expect((await errorOf(res)).fields).toEqual({ ownerId: scheduleMessages.ownerLocationUnknown });
    const id = await createSchedule({ name: 'Front desk at the site', ownerType: 'Location', ownerId: riverside!.id });
    expect(((await (await h.call('manager', `${base}/${id}`)).json()) as Schedule).ownerName).toBe(riverside!.name);
    const listed = ((await (await h.call('manager', `${base}?q=${encodeURIComponent('Front desk at the site')}`)).json()) as ScheduleList).items;
    expect(listed.map((item) => item.ownerName)).toEqual([riverside!.name]);
  });

  it("a schedule for one of the account's call-center queues answers the queue's name (get and list); an unknown queue id has none", async () => {
    await h.db
      .insert(queues)
      .values({ accountId: h.accounts.riverside.id, queueId: 'sched-test-queue', queueArn: 'arn:aws:connect:test/queue/sched-test-queue', queueName: 'Evening triage line', createdBy: 'test', modifiedBy: 'test' })
      .onConflictDoNothing();
    const id = await createSchedule({ name: 'Triage rota', ownerType: 'Queue', ownerId: 'sched-test-queue' });
    expect(((await (await h.call('manager', `${base}/${id}`)).json()) as Schedule).ownerName).toBe('Evening triage line');
    const listed = ((await (await h.call('manager', `${base}?q=${encodeURIComponent('Triage rota')}`)).json()) as ScheduleList).items;
    expect(listed.map((item) => item.ownerName)).toEqual(['Evening triage line']);
    const unknown = await createSchedule({ name: 'Unknown queue rota', ownerType: 'Queue', ownerId: 'no-such-queue' });
    expect(((await (await h.call('manager', `${base}/${unknown}`)).json()) as Schedule).ownerName).toBeNull();
  });

  it('DELETE stamps who changed the schedule and when', async () => {
    const id = await createSchedule({ name: 'Stamped rota' });
    const [before] = await h.db.select().from(schedules).where(eq(schedules.id, id));
    await h.db.update(schedules).set({ modifiedBy: 'someone else' }).where(eq(schedules.id, id));
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    const [after] = await h.db.select().from(schedules).where(eq(schedules.id, id));
    expect(after!.modifiedBy).toBe(after!.deletedBy);
    expect(after!.modifiedTimestamp.getTime()).toBeGreaterThanOrEqual(before!.modifiedTimestamp.getTime());
    expect(after!.version).toBe(before!.version + 1);
  });

  it('PATCH /schedule/schedule takes the id and version in the body; a stale version is 409; audited', async () => {
    const id = await createSchedule({ name: 'Before' });
    let res = await send('manager', 'PATCH', base, { id, version: 1, name: 'After' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Schedule)).toMatchObject({ name: 'After', version: 2 });
    res = await send('manager', 'PATCH', base, { id, version: 1, name: 'Stale' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(messages.conflict);
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'update'))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ resourceType: 'Schedule' });
  });

  it('the seed gives every account three schedules with recurring tasks', async () => {
    for (const user of ['manager', 'admin'] as const) {
      const list = (await (await h.call(user, base)).json()) as ScheduleList;
      expect(list.items.map((s) => s.name)).toContain('After-hours on-call');
      expect(list.total).toBeGreaterThanOrEqual(3);
    }
    const list = (await (await h.call('manager', `${base}?q=After-hours`)).json()) as ScheduleList;
    const week = await occurrences(list.items[0]!.id, ny('2026-03-01', '00:00'), ny('2026-03-08', '00:00'));
    // Evening on-call Monday–Friday, weekend on-call, and the nightly answering service.
    expect(week.items.filter((o) => o.title === 'Evening on-call')).toHaveLength(5);
    expect(week.items.filter((o) => o.title === 'Weekend on-call')).toHaveLength(2);
    expect(week.items.every((o) => o.isRecurring)).toBe(true);
  });
});

describe('tenancy and roles', () => {
  it('another account neither sees nor changes a schedule; Read Only reads but writes nothing', async () => {
    const id = await createSchedule({ name: 'Riverside only' });
    await createTask(id, { title: 'Block', start: ny('2026-05-04', '09:00'), end: ny('2026-05-04', '10:00') });
    const lakeside = `accountId=${h.accounts.lakeside.id}`;
    expect((await h.call('manager', `${base}/${id}?${lakeside}`)).status).toBe(404);
    expect((await h.call('manager', `${base}/${id}/task?from=${encodeURIComponent(ny('2026-05-01', '00:00'))}&to=${encodeURIComponent(ny('2026-05-08', '00:00'))}&${lakeside}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}?${lakeside}`, { id, version: 1, name: 'Taken' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `${base}/${id}?${lakeside}`)).status).toBe(404);
    const listed = (await (await h.call('manager', `${base}?${lakeside}`)).json()) as ScheduleList;
    expect(listed.items.map((s) => s.id)).not.toContain(id);

    expect((await h.call('viewer', `${base}/${id}`)).status).toBe(200);
    expect((await send('viewer', 'POST', base, { name: 'No' })).status).toBe(403);
    expect((await send('viewer', 'PATCH', base, { id, version: 1, name: 'No' })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `${base}/${id}`)).status).toBe(403);
    expect((await send('viewer', 'POST', `${base}/${id}/task`, { title: 'No', start: ny('2026-05-04', '09:00'), end: ny('2026-05-04', '10:00') })).status).toBe(403);
    expect((await send('viewer', 'POST', `${base}/${id}/restore`)).status).toBe(403);
    const [row] = await h.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row).toMatchObject({ name: 'Riverside only', version: 1, deletedAt: null });
  });

  it('a task names a practitioner of the account only', async () => {
    const id = await createSchedule();
    const res = await send('manager', 'POST', `${base}/${id}/task`, { title: 'X', practitionerId: lakesidePractitioner, start: ny('2026-05-04', '09:00'), end: ny('2026-05-04', '10:00') });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ practitionerId: scheduleMessages.practitionerUnknown });
  });
});

describe('task validation', () => {
  it('refuses a missing title, end before start, bad recurrence, until and count together, weekly without days', async () => {
    const id = await createSchedule();
    const start = ny('2026-05-04', '09:00');
    const end = ny('2026-05-04', '10:00');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ start, end }, { title: scheduleMessages.titleRequired }],
      [{ title: 'X', start: end, end: start }, { end: scheduleMessages.endBeforeStart }],
      [{ title: 'X', start: 'tomorrow', end }, { start: scheduleMessages.startRequired }],
      [{ title: 'X', start, end, recurrence: { freq: 'HOURLY' } }, { 'recurrence.freq': scheduleMessages.freqInvalid }],
      [{ title: 'X', start, end, recurrence: { freq: 'WEEKLY' } }, { 'recurrence.byDay': scheduleMessages.byDayRequired }],
      [{ title: 'X', start, end, recurrence: { freq: 'DAILY', until: '2026-06-01', count: 3 } }, { 'recurrence.count': scheduleMessages.untilAndCount }],
      [{ title: 'X', start, end, recurrence: { freq: 'DAILY', until: '2026-02-30' } }, { 'recurrence.until': scheduleMessages.untilInvalid }],
      [{ title: 'X', start, end, recurrence: { freq: 'DAILY', until: '2026-05-01' } }, { 'recurrence.until': scheduleMessages.untilBeforeStart }],
      [{ title: 'X', start, end: ny('2026-05-14', '10:00') }, { end: scheduleMessages.tooLong }],
    ];
    for (const [body, fields] of cases) {
      const res = await send('manager', 'POST', `${base}/${id}/task`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await occurrences(id, ny('2026-05-01', '00:00'), ny('2026-06-01', '00:00'))).items).toEqual([]);
  });

  it('the task list needs from and to, in order, at most 366 days apart', async () => {
    const id = await createSchedule();
    let res = await h.call('manager', `${base}/${id}/task`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.from).toBe(scheduleMessages.rangeRequired);
    res = await h.call('manager', `${base}/${id}/task?from=${encodeURIComponent(ny('2026-05-02', '00:00'))}&to=${encodeURIComponent(ny('2026-05-01', '00:00'))}`);
    expect((await errorOf(res)).fields).toEqual({ to: scheduleMessages.rangeOrder });
    res = await h.call('manager', `${base}/${id}/task?from=${encodeURIComponent(ny('2026-01-01', '00:00'))}&to=${encodeURIComponent(ny('2027-01-03', '00:00'))}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ to: scheduleMessages.rangeTooLong });
    expect((await occurrences(id, ny('2026-01-01', '00:00'), ny('2027-01-01', '00:00'))).items).toEqual([]);
    // Days as well as instants (issue 44): from the first day's start to the last day's end, in UTC.
    res = await h.call('manager', `${base}/${id}/task?from=2026-05-01&to=2026-05-07`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ from: '2026-05-01T00:00:00.000Z', to: '2026-05-08T00:00:00.000Z' });
  });
});

describe('recurrence, expanded on the server', () => {
  it('daily with a count, weekly on chosen days until a date', async () => {
    const id = await createSchedule();
    await createTask(id, { title: 'Daily x3', start: ny('2026-05-04', '08:00'), end: ny('2026-05-04', '08:30'), recurrence: { freq: 'DAILY', count: 3 } });
    await createTask(id, { title: 'Tue Thu', start: ny('2026-05-05', '14:00'), end: ny('2026-05-05', '15:00'), recurrence: { freq: 'WEEKLY', byDay: ['TU', 'TH'], until: '2026-05-14' } });
    const list = await occurrences(id, ny('2026-05-01', '00:00'), ny('2026-06-01', '00:00'));
    expect(list.timeZone).toBe(tz);
    expect(list.items.filter((o) => o.title === 'Daily x3').map((o) => o.start)).toEqual([ny('2026-05-04', '08:00'), ny('2026-05-05', '08:00'), ny('2026-05-06', '08:00')]);
    expect(list.items.filter((o) => o.title === 'Tue Thu').map((o) => o.start)).toEqual([ny('2026-05-05', '14:00'), ny('2026-05-07', '14:00'), ny('2026-05-12', '14:00'), ny('2026-05-14', '14:00')]);
    // Only what overlaps the range.
    const one = await occurrences(id, ny('2026-05-07', '00:00'), ny('2026-05-08', '00:00'));
    expect(one.items.map((o) => o.title)).toEqual(['Tue Thu']);
  });

  it('a weekly 09:00 task stays at 09:00 local across both US daylight-saving changes', async () => {
    const id = await createSchedule();
    await createTask(id, { title: 'Weekly 9', start: ny('2026-03-01', '09:00'), end: ny('2026-03-01', '10:00'), recurrence: { freq: 'WEEKLY', byDay: ['SU', 'MO'] } });
    // Clocks go forward on Sunday 2026-03-08, back on Sunday 2026-11-01.
    for (const [from, to, days] of [['2026-03-01', '2026-03-16', ['2026-03-01', '2026-03-02', '2026-03-08', '2026-03-09', '2026-03-15']], ['2026-10-25', '2026-11-03', ['2026-10-25', '2026-10-26', '2026-11-01', '2026-11-02']]] as const) {
      const list = await occurrences(id, ny(from, '00:00'), ny(to, '00:00'));
      expect(list.items.map((o) => o.start)).toEqual(days.map((d) => ny(d, '09:00')));
      expect(list.items.every((o) => localTime(o.start) === '09:00' && localTime(o.end) === '10:00')).toBe(true);
    }
    // The UTC hour moves with the offset: 14:00Z in winter, 13:00Z in summer.
    expect(ny('2026-03-02', '09:00')).toBe('2026-03-02T14:00:00.000Z');
    expect(ny('2026-03-09', '09:00')).toBe('2026-03-09T13:00:00.000Z');
  });
});

describe('exceptions (parentId) and series edits (isRecurring)', () => {
  it('editing one occurrence makes an exception linked by parentId; the series skips that date; the rest stay', async () => {
    const id = await createSchedule();
    const seriesId = await createTask(id, { title: 'Standup', start: ny('2026-06-01', '09:00'), end: ny('2026-06-01', '09:15'), recurrence: weeklyMonday });
    const occurrence = ny('2026-06-08', '09:00');
    let res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: false, occurrence, title: 'Standup (moved)', start: ny('2026-06-08', '11:00'), end: ny('2026-06-08', '11:30') });
    expect(res.status, await res.clone().text()).toBe(200);
    const exception = (await res.json()) as ScheduleTask;
    expect(exception).toMatchObject({ parentId: seriesId, isRecurring: false, occurrenceDate: '2026-06-08', title: 'Standup (moved)', recurrence: null });
    const series = await getTask(id, seriesId);
    expect(series).toMatchObject({ version: 2, exdates: ['2026-06-08'], title: 'Standup' });
    const list = await occurrences(id, ny('2026-06-01', '00:00'), ny('2026-06-22', '00:00'));
    expect(list.items.map((o) => [o.title, o.start, o.parentId])).toEqual([
      ['Standup', ny('2026-06-01', '09:00'), null],
      ['Standup (moved)', ny('2026-06-08', '11:00'), seriesId],
      ['Standup', ny('2026-06-15', '09:00'), null],
    ]);

    // Editing the series changes the rest, not the exception.
    res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 2, isRecurring: true, title: 'Team standup', start: ny('2026-06-01', '09:30'), end: ny('2026-06-01', '09:45') });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await occurrences(id, ny('2026-06-01', '00:00'), ny('2026-06-22', '00:00'));
    expect(after.items.map((o) => [o.title, localTime(o.start)])).toEqual([
      ['Team standup', '09:30'],
      ['Standup (moved)', '11:00'],
      ['Team standup', '09:30'],
    ]);
    // A stale series version is 409; an occurrence the series does not have is 400.
    expect((await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 2, title: 'Stale' })).status).toBe(409);
    res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 3, isRecurring: false, occurrence: ny('2026-06-09', '09:30'), title: 'Nope' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ occurrence: scheduleMessages.occurrenceUnknown });
    // Audited: the series update and the exception's creation.
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.resourceId, exception.id));
    expect(entries.map((e) => e.action)).toEqual(['create']);
  });

  it('a stale edit of one occurrence is 409 like a stale series edit (the screen then reads the task for its conflict notice): no exception, the series untouched', async () => {
    const id = await createSchedule();
    const seriesId = await createTask(id, { title: 'Handover', start: ny('2026-09-07', '08:00'), end: ny('2026-09-07', '08:30'), recurrence: weeklyMonday });
    expect((await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: true, title: 'Handover (theirs)' })).status).toBe(200);
    const res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: false, occurrence: ny('2026-09-14', '08:00'), title: 'Handover (mine)' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ message: messages.conflict });
    expect(await getTask(id, seriesId)).toMatchObject({ version: 2, title: 'Handover (theirs)', exdates: [] });
    const list = await occurrences(id, ny('2026-09-07', '00:00'), ny('2026-09-21', '00:00'));
    expect(list.items.map((o) => [o.title, o.parentId])).toEqual([
      ['Handover (theirs)', null],
      ['Handover (theirs)', null],
    ]);
  });

  it('deleting one occurrence skips it; deleting the series removes it with its exceptions', async () => {
    const id = await createSchedule();
    const seriesId = await createTask(id, { title: 'Clinic', start: ny('2026-07-06', '09:00'), end: ny('2026-07-06', '12:00'), recurrence: weeklyMonday });
    await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: false, occurrence: ny('2026-07-20', '09:00'), title: 'Clinic (short)' });
    let res = await send('manager', 'DELETE', `${base}/${id}/task/${seriesId}?isRecurring=false&occurrence=${encodeURIComponent(ny('2026-07-13', '09:00'))}`);
    expect(res.status).toBe(204);
    let list = await occurrences(id, ny('2026-07-01', '00:00'), ny('2026-07-28', '00:00'));
    expect(list.items.map((o) => [o.title, o.start])).toEqual([
      ['Clinic', ny('2026-07-06', '09:00')],
      ['Clinic (short)', ny('2026-07-20', '09:00')],
      ['Clinic', ny('2026-07-27', '09:00')],
    ]);
    res = await send('manager', 'DELETE', `${base}/${id}/task/${seriesId}`);
    expect(res.status).toBe(204);
    list = await occurrences(id, ny('2026-07-01', '00:00'), ny('2026-07-28', '00:00'));
    expect(list.items).toEqual([]);
  });
});

describe('soft delete and restore', () => {
  it('a deleted schedule leaves the list, search and GET at once; restore brings it back with its tasks; both audited', async () => {
    const id = await createSchedule({ name: 'Zephyr rota' });
    await createTask(id, { title: 'Rota', start: ny('2026-05-04', '09:00'), end: ny('2026-05-04', '10:00'), recurrence: { freq: 'DAILY', count: 2 } });
    const search = async () => ((await (await h.call('manager', '/search?q=Zephyr')).json()) as SearchAnswer).groups.flatMap((g) => g.hits).map((hit) => hit.id);
    expect(await search()).toContain(id);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', base, { id, version: 2, name: 'Ghost' })).status).toBe(404);
    expect(((await (await h.call('manager', `${base}?q=Zephyr`)).json()) as ScheduleList).items).toEqual([]);
    expect(await search()).not.toContain(id);
    const [row] = await h.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.deletedBy).toBeTruthy();

    const res = await send('manager', 'POST', `${base}/${id}/restore`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as Schedule).toMatchObject({ id, name: 'Zephyr rota', version: 3 });
    expect((await occurrences(id, ny('2026-05-01', '00:00'), ny('2026-05-10', '00:00'))).items).toHaveLength(2);
    const actions = (await h.db.select().from(auditLog).where(eq(auditLog.resourceId, id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'delete', 'restore']));
  });

  it('a deleted task is soft: it leaves the week and its GET, and restore brings back the series with its exceptions (same ids), audited', async () => {
    const id = await createSchedule({ name: 'Undo tasks' });
    const seriesId = await createTask(id, { title: 'Clinic', start: ny('2026-08-03', '09:00'), end: ny('2026-08-03', '12:00'), recurrence: weeklyMonday });
    let res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: false, occurrence: ny('2026-08-10', '09:00'), title: 'Clinic (short)' });
    const exception = (await res.json()) as ScheduleTask;
    const week = () => occurrences(id, ny('2026-08-01', '00:00'), ny('2026-08-22', '00:00'));
    const shown = async () => (await week()).items.map((o) => [o.title, o.taskId]);
    const before = await shown();
    expect(before).toEqual([
      ['Clinic', seriesId],
      ['Clinic (short)', exception.id],
      ['Clinic', seriesId],
    ]);

    expect((await send('manager', 'DELETE', `${base}/${id}/task/${seriesId}`)).status).toBe(204);
    expect(await shown()).toEqual([]);
    expect((await h.call('manager', `${base}/${id}/task/${seriesId}`)).status).toBe(404);
    expect((await h.call('manager', `${base}/${id}/task/${exception.id}`)).status).toBe(404);
    expect((await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 3, title: 'Ghost' })).status).toBe(404);
    // The read-only role may not undo.
    expect((await send('viewer', 'POST', `${base}/${id}/task/${seriesId}/restore`)).status).toBe(403);

    res = await send('manager', 'POST', `${base}/${id}/task/${seriesId}/restore`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ScheduleTask).toMatchObject({ id: seriesId, title: 'Clinic', exdates: ['2026-08-10'] });
    expect(await shown()).toEqual(before);
    // Not deleted any more: a second restore is 404.
    expect((await send('manager', 'POST', `${base}/${id}/task/${seriesId}/restore`)).status).toBe(404);
    const actions = (await h.db.select().from(auditLog).where(eq(auditLog.resourceId, seriesId))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'delete', 'restore']));

    // A changed occurrence deleted on its own comes back on its own.
    expect((await send('manager', 'DELETE', `${base}/${id}/task/${exception.id}`)).status).toBe(204);
    expect((await shown()).map(([title]) => title)).toEqual(['Clinic', 'Clinic']);
    expect((await send('manager', 'POST', `${base}/${id}/task/${exception.id}/restore`)).status).toBe(200);
    expect(await shown()).toEqual(before);
  });

  it('the delete of one occurrence of a series is undone by a restore naming that occurrence', async () => {
    const id = await createSchedule({ name: 'Undo occurrence' });
    const seriesId = await createTask(id, { title: 'Rounds', start: ny('2026-09-07', '08:00'), end: ny('2026-09-07', '09:00'), recurrence: weeklyMonday });
    const occurrence = encodeURIComponent(ny('2026-09-14', '08:00'));
    const starts = async () => (await occurrences(id, ny('2026-09-01', '00:00'), ny('2026-09-22', '00:00'))).items.map((o) => o.start);
    expect((await send('manager', 'DELETE', `${base}/${id}/task/${seriesId}?isRecurring=false&occurrence=${occurrence}`)).status).toBe(204);
    expect(await starts()).toEqual([ny('2026-09-07', '08:00'), ny('2026-09-21', '08:00')]);
    const res = await send('manager', 'POST', `${base}/${id}/task/${seriesId}/restore?occurrence=${occurrence}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ScheduleTask).toMatchObject({ exdates: [] });
    expect(await starts()).toEqual([ny('2026-09-07', '08:00'), ny('2026-09-14', '08:00'), ny('2026-09-21', '08:00')]);
    // An occurrence the series does not skip is not a deleted one.
    expect((await send('manager', 'POST', `${base}/${id}/task/${seriesId}/restore?occurrence=${occurrence}`)).status).toBe(404);
  });

  it('a changed occurrence comes back only while no other change stands for its date; a task deleted over 30 days ago stays deleted', async () => {
    const id = await createSchedule({ name: 'Undo conflict' });
    const seriesId = await createTask(id, { title: 'Desk', start: ny('2026-10-05', '08:00'), end: ny('2026-10-05', '09:00'), recurrence: weeklyMonday });
    const occurrence = ny('2026-10-12', '08:00');
    let res = await send('manager', 'PATCH', `${base}/${id}/task/${seriesId}`, { version: 1, isRecurring: false, occurrence, title: 'Desk (late)' });
    const first = (await res.json()) as ScheduleTask;
    expect((await send('manager', 'DELETE', `${base}/${id}/task/${first.id}`)).status).toBe(204);
    // The series still skips the date; editing that date again is refused as it is no occurrence now, so a new exception is made by hand in the database.
    const [row] = await h.db.select().from(scheduleTasks).where(eq(scheduleTasks.id, first.id));
    await h.db.insert(scheduleTasks).values({ ...row!, id: undefined, title: 'Desk (other)', deletedAt: null, deletedBy: null });
    res = await send('manager', 'POST', `${base}/${id}/task/${first.id}/restore`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(scheduleMessages.occurrenceChangedMeanwhile);

    const single = await createTask(id, { title: 'Once', start: ny('2026-10-06', '08:00'), end: ny('2026-10-06', '09:00') });
    await send('manager', 'DELETE', `${base}/${id}/task/${single}`);
    await h.db.update(scheduleTasks).set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(scheduleTasks.id, single));
    expect((await send('manager', 'POST', `${base}/${id}/task/${single}/restore`)).status).toBe(404);
  });

  it('restoring a schedule deleted more than 30 days ago, or one not deleted, is 404', async () => {
    const id = await createSchedule({ name: 'Old' });
    expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
    await send('manager', 'DELETE', `${base}/${id}`);
    await h.db.update(schedules).set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(schedules.id, id));
    expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
  });
});

describe("recurrence in the account's own time zone", () => {
  it('in Europe/Berlin a weekly 09:00 task stays at 09:00 local across the European changes (last Sunday of March and of October), not the US ones', async () => {
    const berlin = 'Europe/Berlin';
    const at = (date: string, time: string) => instantOf(wallFrom(date, time)!, berlin).toISOString();
    const account = h.accounts.riverside.id;
    const [{ timeZone: before }] = (await h.db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, account))) as [{ timeZone: string }];
    await h.db.update(accounts).set({ timeZone: berlin }).where(eq(accounts.id, account));
    try {
      const id = await createSchedule();
      expect((await (await h.call('manager', `${base}/${id}`)).json()) as Schedule).toMatchObject({ timeZone: berlin });
      await createTask(id, { title: 'Weekly 9 Berlin', start: at('2026-03-01', '09:00'), end: at('2026-03-01', '10:00'), recurrence: { freq: 'WEEKLY', byDay: ['SU', 'MO'] } });
      // Berlin is UTC+1 in winter and UTC+2 in summer: clocks go forward on 2026-03-29 and back on
      // 2026-10-25 (New York's changes, 2026-03-08 and 2026-11-01, must not move anything here).
      const spring = await occurrences(id, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z');
      expect(spring.timeZone).toBe(berlin);
      expect(spring.items.map((o) => o.start)).toEqual([
        '2026-03-01T08:00:00.000Z',
        '2026-03-02T08:00:00.000Z',
        '2026-03-08T08:00:00.000Z',
        '2026-03-09T08:00:00.000Z',
        '2026-03-15T08:00:00.000Z',
        '2026-03-16T08:00:00.000Z',
        '2026-03-22T08:00:00.000Z',
        '2026-03-23T08:00:00.000Z',
        '2026-03-29T07:00:00.000Z',
        '2026-03-30T07:00:00.000Z',
      ]);
      const autumn = await occurrences(id, '2026-10-18T00:00:00Z', '2026-11-03T00:00:00Z');
      expect(autumn.items.map((o) => o.start)).toEqual([
        '2026-10-18T07:00:00.000Z',
        '2026-10-19T07:00:00.000Z',
        '2026-10-25T08:00:00.000Z',
        '2026-10-26T08:00:00.000Z',
        '2026-11-01T08:00:00.000Z',
        '2026-11-02T08:00:00.000Z',
      ]);
      // An hour long on every date, the short and the long night included.
      for (const o of [...spring.items, ...autumn.items]) expect(new Date(o.end).getTime() - new Date(o.start).getTime()).toBe(3_600_000);
      expect(at('2026-03-30', '09:00')).toBe('2026-03-30T07:00:00.000Z');
    } finally {
      await h.db.update(accounts).set({ timeZone: before }).where(eq(accounts.id, account));
    }
  });
});
