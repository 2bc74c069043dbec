import { defineArea, reads } from '../../area.ts';
import { schedules, scheduleTasks } from '../../db/schema/index.ts';
import { scheduleDeleted, scheduleRoutes, taskDeleted } from './index.ts';
import { scheduleSearch } from './search.ts';
import { seedDemoSchedules } from '../../seed/demo-schedules.ts';
import { scheduleDocs } from './openapi.ts';

/** Schedules and their (recurring) tasks. */
export const schedulesArea = defineArea({
  name: 'schedules',
  mount: [{ path: '/schedule', app: scheduleRoutes }],
  docs: scheduleDocs,
  resources: ['/schedule/schedule', '/schedule/schedule/{id}'],
  tables: [schedules, scheduleTasks],
  search: { order: 70, providers: [scheduleSearch] },
  deleted: [scheduleDeleted, taskDeleted],
  audit: { Schedule: reads('/schedule/schedule/{id}'), ScheduleTask: reads('/schedule/schedule/{id}') },
  grants: {
    practiceAdministrator: ['/schedule/schedule', '/schedule/schedule/{id}'],
    scheduler: [['/schedule/schedule', ['GET', 'POST', 'PATCH', 'DELETE']], ['/schedule/schedule/{id}', ['GET', 'POST', 'PATCH', 'DELETE']]],
  },
  seed: [{ key: 'seeded.schedules', order: 30, run: seedDemoSchedules }],
});
