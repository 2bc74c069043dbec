import * as v from 'valibot';
import { recurrenceFrequencies, scheduleOwnerTypes, weekdays, type Recurrence, type Schedule, type ScheduleList, type ScheduleTask, type TaskOccurrenceList } from '../../../domain/schedules.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, dateTime, example, exampleCommon, isoDate, pageFields, uuid } from '../../openapi/schemas.ts';

/** Schedules and their tasks (server/routes/schedules/index.ts): their answers, with examples. */

const scheduleEntries = {
  id: uuid,
  name: v.string(),
  description: v.nullable(v.string()),
  ownerType: v.nullable(v.picklist(scheduleOwnerTypes)),
  ownerId: v.nullable(v.string()),
  ownerName: v.pipe(v.nullable(v.string()), v.description('The practitioner’s name when the schedule is a practitioner’s.')),
};
const scheduleAnswer = answerOf<Schedule>()(
  v.object({ ...commonFields, ...scheduleEntries, resourceType: v.literal('Schedule'), timeZone: v.pipe(v.string(), v.description('The account’s time zone: tasks recur by its wall clock.')) }),
);
const scheduleListAnswer = answerOf<ScheduleList>()(v.object({ ...pageFields, items: v.array(v.object(scheduleEntries)) }));

const recurrenceAnswer = answerOf<Recurrence>()(
  v.pipe(
    v.object({
      freq: v.picklist(recurrenceFrequencies),
      interval: v.pipe(v.number(), v.integer(), v.minValue(1)),
      byDay: v.array(v.picklist(weekdays)),
      until: v.pipe(v.nullable(isoDate), v.description('The last local date (inclusive).')),
      count: v.nullable(v.number()),
    }),
    v.description('Every `interval` days or weeks (weekly on `byDay`), until a local date or `count` times, or for ever.'),
  ),
);
const taskAnswer = answerOf<ScheduleTask>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('ScheduleTask'),
    scheduleId: uuid,
    title: v.string(),
    practitionerId: v.nullable(uuid),
    practitionerName: v.nullable(v.string()),
    who: v.pipe(v.nullable(v.string()), v.description('Free text when the block is not a practitioner’s.')),
    start: v.pipe(dateTime, v.description('The first occurrence (of a series), or the block itself.')),
    end: dateTime,
    notes: v.nullable(v.string()),
    recurrence: v.nullable(recurrenceAnswer),
    isRecurring: v.boolean(),
    parentId: v.pipe(v.nullable(uuid), v.description('The series this task is an exception of.')),
    occurrenceDate: v.pipe(v.nullable(isoDate), v.description('The local date of the series’ occurrence an exception replaces.')),
    exdates: v.pipe(v.array(isoDate), v.description('Local dates the series skips.')),
  }),
);
const occurrencesAnswer = answerOf<TaskOccurrenceList>()(
  v.object({
    items: v.array(
      v.object({
        taskId: uuid,
        occurrence: v.pipe(dateTime, v.description('The instant that names this occurrence (what PATCH or DELETE with `isRecurring: false` take).')),
        start: dateTime,
        end: dateTime,
        title: v.string(),
        practitionerId: v.nullable(uuid),
        practitionerName: v.nullable(v.string()),
        who: v.nullable(v.string()),
        notes: v.nullable(v.string()),
        isRecurring: v.pipe(v.boolean(), v.description('An occurrence of a series (not an exception).')),
        parentId: v.nullable(uuid),
        recurrence: v.nullable(recurrenceAnswer),
        version: v.number(),
      }),
    ),
    from: dateTime,
    to: dateTime,
    timeZone: v.string(),
  }),
);

const schedule: Schedule = { ...exampleCommon(), resourceType: 'Schedule', name: 'Dr. Patel on call', description: null, ownerType: 'Practitioner', ownerId: example.otherId, ownerName: 'Dr. Anita Patel', timeZone: 'America/Chicago' };
const taskId = '7e2d4c1b-3a5f-4b6e-9c8d-0f1e2d3c4b5a';
const recurrence: Recurrence = { freq: 'WEEKLY', interval: 1, byDay: ['MO', 'WE'], until: null, count: null };
const task: ScheduleTask = {
  ...exampleCommon(taskId),
  resourceType: 'ScheduleTask',
  scheduleId: example.id,
  title: 'On call',
  practitionerId: example.otherId,
  practitionerName: 'Dr. Anita Patel',
  who: null,
  start: '2026-03-16T14:00:00.000Z',
  end: '2026-03-16T22:00:00.000Z',
  notes: null,
  recurrence,
  isRecurring: true,
  parentId: null,
  occurrenceDate: null,
  exdates: [],
};

export const scheduleDocs = areaDocs({
  'GET /schedule/schedule': {
    summary: 'List schedules',
    answer: scheduleListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'patel' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [{ id: schedule.id, name: schedule.name, description: null, ownerType: 'Practitioner', ownerId: example.otherId, ownerName: 'Dr. Anita Patel' }] },
  },
  'POST /schedule/schedule': {
    summary: 'Create a schedule',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Dr. Patel on call', ownerType: 'Practitioner', ownerId: example.otherId },
    answerExample: { id: example.id },
  },
  'PATCH /schedule/schedule': {
    summary: 'Update a schedule (its id in the body)',
    answer: scheduleAnswer,
    requestExample: { id: example.id, version: 1, description: 'Weekday evenings' },
    answerExample: { ...schedule, ...exampleCommon(example.id, 2), description: 'Weekday evenings' },
  },
  'GET /schedule/schedule/:id': { summary: 'Read a schedule', answer: scheduleAnswer, answerExample: schedule },
  'DELETE /schedule/schedule/:id': { summary: 'Delete a schedule (it stays in Recently deleted with its tasks)', status: 204 },
  'POST /schedule/schedule/:id/restore': { summary: 'Restore a deleted schedule', answer: scheduleAnswer, answerExample: { ...schedule, ...exampleCommon(example.id, 3) } },
  'GET /schedule/schedule/:scheduleId/task': {
    summary: 'The occurrences of the schedule’s tasks in [from, to) (at most 366 days), series expanded',
    answer: occurrencesAnswer,
    queryExample: { from: '2026-03-16', to: '2026-03-22' },
    answerExample: {
      items: [
        {
          taskId,
          occurrence: task.start,
          start: task.start,
          end: task.end,
          title: task.title,
          practitionerId: task.practitionerId,
          practitionerName: task.practitionerName,
          who: null,
          notes: null,
          isRecurring: true,
          parentId: null,
          recurrence,
          version: 1,
        },
      ],
      from: '2026-03-16T00:00:00.000Z',
      to: '2026-03-23T00:00:00.000Z',
      timeZone: 'America/Chicago',
    },
  },
  'POST /schedule/schedule/:scheduleId/task': {
    summary: 'Add a task (a block of time, or a series with `recurrence`)',
    status: 201,
    answer: createdSchema,
    requestExample: { title: 'On call', practitionerId: example.otherId, start: '2026-03-16T14:00:00.000Z', end: '2026-03-16T22:00:00.000Z', recurrence: { freq: 'WEEKLY', interval: 1, byDay: ['MO', 'WE'] } },
    answerExample: { id: taskId },
  },
  'GET /schedule/schedule/:scheduleId/task/:id': { summary: 'Read a task', answer: taskAnswer, answerExample: task },
  'PATCH /schedule/schedule/:scheduleId/task/:id': {
    summary: 'Update a task: the whole series, or (`isRecurring: false` with `occurrence`) one occurrence, which becomes an exception',
    answer: taskAnswer,
    requestExample: { version: 1, isRecurring: false, occurrence: '2026-03-18T14:00:00.000Z', start: '2026-03-18T15:00:00.000Z', end: '2026-03-18T22:00:00.000Z' },
    answerExample: {
      ...task,
      ...exampleCommon(example.otherId),
      title: 'On call',
      start: '2026-03-18T15:00:00.000Z',
      end: '2026-03-18T22:00:00.000Z',
      recurrence: null,
      isRecurring: false,
      parentId: taskId,
      occurrenceDate: '2026-03-18',
    },
  },
  'DELETE /schedule/schedule/:scheduleId/task/:id': { summary: 'Delete a task (a series with its exceptions), or with `isRecurring=false&occurrence=…` one occurrence', status: 204 },
  'POST /schedule/schedule/:scheduleId/task/:id/restore': {
    summary: 'Undo a task’s delete (with `occurrence`: one deleted occurrence of a series)',
    answer: taskAnswer,
    answerExample: { ...task, ...exampleCommon(taskId, 3) },
  },
});
