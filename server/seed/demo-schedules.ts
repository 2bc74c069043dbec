import { asc, eq } from 'drizzle-orm';
import { defaultTimeZone, instantOf, wallFrom, type Recurrence } from '../../domain/schedules.ts';
import type { Tx } from '../db/client.ts';
import { practitioners, scheduleTasks, schedules } from '../db/schema/index.ts';
import type { DemoSeed } from '../area.ts';

type DemoTask = { title: string; practitioner?: number; who?: string; date: string; from: string; to: string; notes?: string; recurrence: Recurrence };
type DemoSchedule = { name: string; description: string; owner?: 'practitioner' | 'queue'; tasks: DemoTask[] };

const weekly = (byDay: Recurrence['byDay'], end: Partial<Pick<Recurrence, 'until' | 'count'>> = {}): Recurrence => ({ freq: 'WEEKLY', interval: 1, byDay, until: null, count: null, ...end });
const daily = (end: Partial<Pick<Recurrence, 'until' | 'count'>> = {}): Recurrence => ({ freq: 'DAILY', interval: 1, byDay: [], until: null, count: null, ...end });

/** Three schedules per account, their series starting on Monday 2026-01-05 (fixed: the seed is deterministic). */
const demoSchedules = (firstPractitioner: string | null): DemoSchedule[] => [
  {
    name: 'After-hours on-call',
    description: 'Who answers the phones when the practice is closed.',
    tasks: [
      { title: 'Evening on-call', practitioner: 0, date: '2026-01-05', from: '17:00', to: '23:00', recurrence: weekly(['MO', 'TU', 'WE', 'TH', 'FR']), notes: 'Pages go to the on-call phone.' },
      { title: 'Weekend on-call', practitioner: 1, date: '2026-01-10', from: '08:00', to: '20:00', recurrence: weekly(['SA', 'SU']) },
      { title: 'Overnight answering service', who: 'Answering service', date: '2026-01-05', from: '23:00', to: '23:59', recurrence: daily() },
    ],
  },
  {
    name: firstPractitioner ? `${firstPractitioner} — clinic hours` : 'Clinic hours',
    description: 'Clinic sessions and telehealth blocks.',
    owner: 'practitioner',
    tasks: [
      { title: 'Morning clinic', practitioner: 0, date: '2026-01-05', from: '09:00', to: '12:00', recurrence: weekly(['MO', 'WE', 'FR']) },
      { title: 'Telehealth', practitioner: 0, date: '2026-01-06', from: '13:00', to: '16:00', recurrence: weekly(['TU', 'TH'], { until: '2026-12-31' }) },
    ],
  },
  {
    name: 'Front desk coverage',
    description: 'Reception queue staffing.',
    owner: 'queue',
    tasks: [
      { title: 'Opening checks', who: 'Front desk team', date: '2026-01-05', from: '07:30', to: '08:00', recurrence: weekly(['MO', 'TU', 'WE', 'TH', 'FR']) },
      { title: 'Staff meeting', who: 'All front desk staff', date: '2026-01-08', from: '12:00', to: '13:00', recurrence: weekly(['TH'], { count: 52 }) },
    ],
  },
];

/** The demo schedules of one account, with recurring tasks given to its first practitioners (by name). */
export async function insertDemoSchedules(tx: Tx, accountId: string, id: (name: string) => string, actor: string) {
  const staff = await tx
    .select({ id: practitioners.personId, name: practitioners.name })
    .from(practitioners)
    .where(eq(practitioners.accountId, accountId))
    .orderBy(asc(practitioners.name), asc(practitioners.personId))
    .limit(2);
  const stamp = { accountId, createdBy: actor, modifiedBy: actor };
  for (const [index, schedule] of demoSchedules(staff[0]?.name ?? null).entries()) {
    const scheduleId = id(`schedule:${accountId}:${index}`);
    const owner =
      schedule.owner === 'practitioner' && staff[0]
        ? { ownerType: 'Practitioner' as const, ownerId: staff[0].id }
        : schedule.owner === 'queue'
          ? { ownerType: 'Queue' as const, ownerId: 'front-desk' }
          : { ownerType: null, ownerId: null };
    await tx.insert(schedules).values({ id: scheduleId, ...stamp, name: schedule.name, description: schedule.description, ...owner });
    await tx.insert(scheduleTasks).values(
      schedule.tasks.map((task, t) => ({
        id: id(`schedule-task:${accountId}:${index}:${t}`),
        ...stamp,
        scheduleId,
        title: task.title,
        practitionerId: task.practitioner === undefined ? null : (staff[task.practitioner]?.id ?? null),
        who: task.who ?? null,
        start: instantOf(wallFrom(task.date, task.from)!, defaultTimeZone),
        end: instantOf(wallFrom(task.date, task.to)!, defaultTimeZone),
        notes: task.notes ?? null,
        recurrence: task.recurrence,
      })),
    );
  }
}

/** The seed step: three schedules with recurring tasks per demo account. */
export async function seedDemoSchedules({ tx, accounts, id, actor }: DemoSeed) {
  for (const account of Object.values(accounts)) await insertDemoSchedules(tx, account.id, id, actor);
}
