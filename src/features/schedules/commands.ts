import { createCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** A schedule's page or one of its task pages: /practice/schedules/<id>, …/createTask/<id>, …/updateTask/<id>. */
const schedulePage = /^\/practice\/schedules\/(?:(?:createTask|updateTask)\/)?([0-9a-f-]{36})$/i;

/** Palette commands of the schedules area (go-to entries come from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'schedules', noun: 'schedule', group: 'Schedules', to: '/practice/schedules/create', requires: { resource: '/schedule/schedule', method: 'POST' }, keywords: ['calendar', 'on-call', 'rota'] }),
  {
    id: 'schedules.add-task',
    label: 'Add task',
    group: 'Schedules',
    keywords: ['schedule', 'block', 'shift', 'recurring', 'on-call'],
    requires: { resource: '/schedule/schedule/{id}', method: 'POST' },
    // Tasks belong to a schedule: on a schedule's page to that one; elsewhere the palette asks which.
    keepsPaletteOpen: ({ pathname }) => !schedulePage.test(pathname),
    run: (ctx) => {
      const id = schedulePage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/practice/schedules/createTask/${id}`);
      else ctx.openPage('add-task');
    },
  },
];
