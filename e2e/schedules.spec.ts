import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import type { Schedule, ScheduleTask, TaskOccurrenceList } from '../domain/schedules.ts';
import { expectMessageShown, expectNoAxeViolations, holdToast, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique schedule name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const weekHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Week of/ });
const occurrences = (page: Page) => page.locator('a[data-occurrence]');

/** Opens a seeded schedule from the list by its name. */
async function openSeeded(page: Page, name: string) {
  await page.goto('/practice/schedules');
  await page.getByRole('table', { name: 'Schedules' }).getByRole('row').filter({ hasText: name }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('creates a schedule, adds a recurring task, moves through weeks by keyboard, and edits one occurrence into an exception', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('Rota');

    await test.step('the list offers Add Schedule, and C creates', async () => {
      await page.goto('/practice/schedules');
      await expect(page.getByRole('table', { name: 'Schedules' })).toBeVisible();
      await expect(page.getByRole('columnheader')).toHaveText(['Id', 'Name', 'For', 'Description'].map((t) => new RegExp(`^${t}`)));
      await expect(page.getByRole('link', { name: /Add Schedule/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('table', { name: 'Schedules' }).click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('c');
      await expect(page).toHaveURL(/\/practice\/schedules\/create$/);
    });

    await test.step('create: the name is required, then the schedule opens', async () => {
      await expect(page.getByLabel('Name')).toBeFocused();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('name must be more than 1 characters')).toBeVisible();
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Description').fill('Made by the end-to-end test');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveURL(/\/practice\/schedules\/[0-9a-f-]{36}/);
      await expectNoAxeViolations(page);
    });

    await test.step('add a task repeating weekly on Monday and Wednesday, 6 times', async () => {
      await page.getByRole('link', { name: 'Add task' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add task' })).toBeVisible();
      await page.getByLabel('Title').fill('Standup');
      await page.getByLabel('Who (when not a practitioner)').fill('Front desk');
      await page.getByLabel('Date').fill('2027-01-04');
      await page.getByLabel('Start time').fill('09:00');
      await page.getByLabel('End time').fill('09:30');
      await page.getByLabel('Repeats').selectOption('WEEKLY');
      for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await page.getByRole('checkbox', { name: day }).uncheck();
      await page.getByRole('checkbox', { name: 'Monday' }).check();
      await page.getByRole('checkbox', { name: 'Wednesday' }).check();
      await page.getByLabel('Ends').selectOption('count');
      await page.getByLabel('Times').fill('6');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save task' }).click();
      await expect(weekHeading(page)).toHaveText(/Week of Jan 3\s*–\s*9, 2027/);
      await expect(occurrences(page)).toHaveCount(2);
      await expect(occurrences(page).first()).toContainText('Standup');
      await expect(occurrences(page).first()).toContainText('9:00');
      await expectNoAxeViolations(page);
    });

    await test.step('keyboard: J/K between occurrences, ] [ and PageDown/PageUp between weeks, Enter opens', async () => {
      const region = page.locator('section[data-route-focus]');
      await region.focus();
      await page.keyboard.press('j');
      await expect(occurrences(page).nth(0)).toBeFocused();
      await page.keyboard.press('j');
      await expect(occurrences(page).nth(1)).toBeFocused();
      await page.keyboard.press('k');
      await expect(occurrences(page).nth(0)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(occurrences(page).nth(1)).toBeFocused();
      await page.keyboard.press(']');
      await expect(weekHeading(page)).toHaveText(/Week of Jan 10\s*–\s*16, 2027/);
      await expect(page).toHaveURL(/week=2027-01-10/);
      await page.keyboard.press('PageDown');
      await expect(weekHeading(page)).toHaveText(/Week of Jan 17\s*–\s*23, 2027/);
      await page.keyboard.press('PageUp');
      await page.keyboard.press('[');
      await expect(weekHeading(page)).toHaveText(/Week of Jan 3\s*–\s*9, 2027/);
      await expect(occurrences(page)).toHaveCount(2);
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect(occurrences(page).nth(1)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/updateTask\/[0-9a-f-]{36}\?.*taskId=/);
      await expect(page).toHaveURL(/occurrence=/);
    });

    await test.step('edit this occurrence only: an exception; the series keeps the rest', async () => {
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await expect(page.getByLabel('Date')).toHaveValue('2027-01-06');
      await expectNoAxeViolations(page);
      await page.getByLabel('Title').fill('Standup (moved)');
      await page.getByLabel('Start time').fill('11:00');
      await page.getByLabel('End time').fill('11:30');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(weekHeading(page)).toHaveText(/Week of Jan 3\s*–\s*9, 2027/);
      await expect(occurrences(page)).toHaveCount(2);
      await expect(occurrences(page).nth(0)).toContainText('Standup');
      await expect(occurrences(page).nth(0)).toContainText('Repeats');
      await expect(occurrences(page).nth(1)).toContainText('Standup (moved)');
      await expect(occurrences(page).nth(1)).toContainText('11:00');
      await expect(occurrences(page).nth(1)).toContainText('Changed occurrence');
      // The next week is untouched.
      await page.getByRole('button', { name: /Next week/ }).click();
      await expect(occurrences(page)).toHaveCount(2);
      await expect(occurrences(page).filter({ hasText: 'moved' })).toHaveCount(0);
    });

    await test.step('T goes to this week', async () => {
      await page.locator('section[data-route-focus]').focus();
      await page.keyboard.press('t');
      await expect(weekHeading(page)).not.toHaveText(/2027/);
      await expect(page.getByText('(today)')).toBeVisible();
    });

    await test.step('delete the schedule, then Undo brings it back', async () => {
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/practice\/schedules$/);
      await expect(page.getByText(`Schedule “${name}” deleted`)).toBeVisible();
      await holdToast(page.getByRole('status').filter({ hasText: `Schedule “${name}” deleted` }));
      // Filtered to this schedule: the list grows with every run, and by name it may sit on another page.
      await page.getByLabel('Filter schedules', { exact: true }).fill(name);
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(page.getByText(/No schedules match/)).toBeVisible();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Restored schedule “${name}”` })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Schedules' }).getByRole('row').filter({ hasText: name })).toHaveCount(1);
    });
  });

  test("the owner is picked by name from the account's locations; Add task off a schedule asks which schedule", async ({ page }) => {
    const name = unique('Site rota');

    await test.step('For: Location opens a searchable picker of the live locations', async () => {
      await page.goto('/practice/schedules/create');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('For').selectOption('Location');
      const picker = page.getByRole('button', { name: 'Location', exact: true });
      await expect(picker).toContainText('Choose a location');
      await picker.click();
      const find = page.getByPlaceholder('Find a location…');
      await expect(find).toBeFocused();
      await find.fill('North Sat');
      await expect(page.getByRole('dialog', { name: 'Choose a location' }).getByRole('option')).toHaveText(['Riverside North Satellite']);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Enter');
      await expect(picker).toContainText('Riverside North Satellite');
      await expect(picker).toBeFocused();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Location: Riverside North Satellite').first()).toBeVisible();
    });

    await test.step("For: Queue offers the account's call-center queues by name", async () => {
      await page.goto('/practice/schedules/create');
      await page.getByLabel('For').selectOption('Queue');
      const picker = page.getByRole('button', { name: 'Queue', exact: true });
      await expect(picker).toContainText('Choose a queue');
      await picker.click();
      const first = page.getByRole('dialog', { name: 'Choose a queue' }).getByRole('option').first();
      await expect(first).toBeVisible();
      const queueName = (await first.textContent())!.trim();
      await page.keyboard.press('Enter');
      await expect(picker).toContainText(queueName);
      await expect(picker).toBeFocused();
    });

    await test.step('the palette command Add task elsewhere offers the schedules, filtered by typing; Enter goes to create a task there', async () => {
      await page.goto('/practice/schedules');
      await expect(page.getByRole('table', { name: 'Schedules' })).toBeVisible();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('Add task');
      await expect(page.getByRole('option', { name: /Add task/ }).first()).toBeVisible();
      await page.keyboard.press('Enter');
      const input = page.getByPlaceholder('Add a task to which schedule?');
      await expect(input).toBeFocused();
      await expect(page.getByRole('option', { name: /After-hours on-call/ })).toBeVisible();
      await page.keyboard.type(name);
      await expect(page.getByRole('option')).toHaveCount(1);
      await expect(page.getByRole('option')).toContainText(name);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/practice\/schedules\/createTask\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Add task' })).toBeVisible();
      await expect(page.getByText(name).first()).toBeVisible();
    });
  });

  test('deleting a task, and one occurrence of a series, is undone by Undo and by Ctrl+Z', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('Undo rota');
    await page.goto('/practice/schedules/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const addTask = async (title: string, repeat?: { times: string }) => {
      await page.getByRole('link', { name: 'Add task' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add task' })).toBeVisible();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Date').fill('2027-02-01');
      await page.getByLabel('Start time').fill(repeat ? '08:00' : '13:00');
      await page.getByLabel('End time').fill(repeat ? '08:30' : '14:00');
      if (repeat) {
        await page.getByLabel('Repeats').selectOption('DAILY');
        await page.getByLabel('Ends').selectOption('count');
        await page.getByLabel('Times').fill(repeat.times);
      }
      await page.getByRole('button', { name: 'Save task' }).click();
      await expect(weekHeading(page)).toHaveText(/Week of Jan 31\s*–\s*Feb 6, 2027/);
    };

    await test.step('a single task: Delete, it leaves the week; Undo brings it back', async () => {
      await addTask('Huddle');
      await expect(occurrences(page).filter({ hasText: 'Huddle' })).toHaveCount(1);
      await occurrences(page).filter({ hasText: 'Huddle' }).click();
      await expect(page).toHaveURL(/updateTask/);
      // The task's own screen, not the schedule's still shown while it loads (whose Delete deletes the schedule).
      await expect(page.getByRole('heading', { level: 1, name: /Huddle/ })).toBeVisible();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(weekHeading(page)).toHaveText(/Week of Jan 31\s*–\s*Feb 6, 2027/);
      await expect(page.getByText('Task “Huddle” deleted')).toBeVisible();
      await expect(occurrences(page).filter({ hasText: 'Huddle' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Restored task “Huddle”' })).toBeVisible();
      await expect(occurrences(page).filter({ hasText: 'Huddle' })).toHaveCount(1);
    });

    await test.step('one occurrence of a daily series: Delete this occurrence, then Ctrl+Z brings it back', async () => {
      await addTask('Rounds', { times: '3' });
      const rounds = occurrences(page).filter({ hasText: 'Rounds' });
      await expect(rounds).toHaveCount(3);
      await rounds.nth(1).click();
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await page.getByRole('button', { name: 'Delete this occurrence' }).click();
      await expect(page.getByText('Occurrence of “Rounds” deleted')).toBeVisible();
      await expect(rounds).toHaveCount(2);
      await page.locator('section[data-route-focus]').focus();
      await page.keyboard.press('Control+z');
      await expect(page.getByRole('status').filter({ hasText: 'Restored occurrence of “Rounds”' })).toBeVisible();
      await expect(rounds).toHaveCount(3);
    });
  });

  test('a schedule edit someone else saved first shows both versions instead of overwriting; Reload takes the saved one', async ({ page }) => {
    const api = await signedInApi(page);
    const name = unique('Contested rota');
    const created = await api.send('POST', '/schedule/schedule', { name, description: 'Before' });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/practice/schedules/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Description').fill('Mine');

    // Another writer saves while the form is open.
    const theirs = await api.send('PATCH', '/schedule/schedule', { id, version: 1, description: 'Theirs' });
    expect(theirs.status()).toBe(200);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: messages.conflict });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Mine');
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Theirs');
    await expect(notice.getByRole('row', { name: /Name/ })).toHaveCount(0);
    // What was typed stays, and nothing was overwritten.
    await expect(page.getByLabel('Description')).toHaveValue('Mine');
    expect(((await (await api.send('GET', `/schedule/schedule/${id}`)).json()) as Schedule).description).toBe('Theirs');
    await expectNoAxeViolations(page);

    await notice.getByRole('button', { name: 'Reload saved version' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByLabel('Description')).toHaveValue('Theirs');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Description').fill('Theirs, then mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(page.getByText('Theirs, then mine')).toBeVisible();
  });

  test('a task edit someone else saved first shows both versions: for the series (Overwrite with mine) and for one occurrence (Reload)', async ({ page }) => {
    const api = await signedInApi(page);
    const created = await api.send('POST', '/schedule/schedule', { name: unique('Contested tasks') });
    const { id } = (await created.json()) as { id: string };
    const task = await api.send('POST', `/schedule/schedule/${id}/task`, {
      title: 'Rounds',
      start: '2027-03-01T15:00:00.000Z',
      end: '2027-03-01T16:00:00.000Z',
      recurrence: { freq: 'DAILY', count: 5 },
    });
    expect(task.status()).toBe(201);
    const { id: taskId } = (await task.json()) as { id: string };
    const taskPath = `/schedule/schedule/${id}/task/${taskId}`;
    const saved = async () => (await (await api.send('GET', taskPath)).json()) as ScheduleTask;
    const notice = page.getByRole('alert').filter({ hasText: messages.conflict });

    await test.step('the series: Save after another writer changed it shows the notice; Overwrite with mine saves mine', async () => {
      await page.goto(`/practice/schedules/updateTask/${id}?taskId=${taskId}`);
      await expect(page.getByLabel('Title')).toHaveValue('Rounds');
      await page.getByLabel('Title').fill('Rounds (mine)');
      await page.getByLabel('Notes').fill('Bring the charts');
      expect((await api.send('PATCH', taskPath, { version: 1, isRecurring: true, title: 'Rounds (theirs)' })).status()).toBe(200);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('row', { name: /Title/ })).toContainText('Rounds (mine)');
      await expect(notice.getByRole('row', { name: /Title/ })).toContainText('Rounds (theirs)');
      await expect(notice.getByRole('row', { name: /Notes/ })).toContainText('Bring the charts');
      // Only what differs: the times and the repeat rule are the same on both sides.
      await expect(notice.getByRole('row', { name: /When|Repeats/ })).toHaveCount(0);
      await expect(page.getByLabel('Title')).toHaveValue('Rounds (mine)');
      await expect(page.getByLabel('Notes')).toHaveValue('Bring the charts');
      expect((await saved()).title).toBe('Rounds (theirs)');
      await expectNoAxeViolations(page);

      await notice.getByRole('button', { name: 'Overwrite with mine' }).click();
      await expect(weekHeading(page)).toBeVisible();
      await expectMessageShown(page, messages.taskSaved);
      await expect.poll(async () => (await saved()).title).toBe('Rounds (mine)');
      expect((await saved()).notes).toBe('Bring the charts');
    });

    await test.step('one occurrence: the notice, what was typed stays; Reload saved version shows the saved one, focus in Title', async () => {
      const week = (await (await api.send('GET', `/schedule/schedule/${id}/task?from=2027-03-01T00:00:00.000Z&to=2027-03-06T00:00:00.000Z`)).json()) as TaskOccurrenceList;
      const occurrence = week.items[1]!.start;
      await page.goto(`/practice/schedules/updateTask/${id}?taskId=${taskId}&occurrence=${encodeURIComponent(occurrence)}`);
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await expect(page.getByLabel('Title')).toHaveValue('Rounds (mine)');
      await page.getByLabel('Title').fill('Rounds (moved)');
      const { version } = await saved();
      expect((await api.send('PATCH', taskPath, { version, isRecurring: true, title: 'Rounds (renamed)' })).status()).toBe(200);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('row', { name: /Title/ })).toContainText('Rounds (moved)');
      await expect(notice.getByRole('row', { name: /Title/ })).toContainText('Rounds (renamed)');
      await expect(page.getByLabel('Title')).toHaveValue('Rounds (moved)');
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await expectNoAxeViolations(page);
      // Nothing was saved: no exception was made.
      const after = (await (await api.send('GET', `/schedule/schedule/${id}/task?from=2027-03-01T00:00:00.000Z&to=2027-03-06T00:00:00.000Z`)).json()) as TaskOccurrenceList;
      expect(after.items.map((o) => o.title)).toEqual(Array(5).fill('Rounds (renamed)'));

      await notice.getByRole('button', { name: 'Reload saved version' }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByLabel('Title')).toHaveValue('Rounds (renamed)');
      await expect(page.getByLabel('Title')).toBeFocused();
      await page.getByLabel('Title').fill('Rounds (moved)');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectMessageShown(page, messages.occurrenceSaved);
      await expect(occurrences(page).filter({ hasText: 'Rounds (moved)' })).toHaveCount(1);
    });
  });

  test('the palette offers Create schedule, and Add task on a schedule', async ({ page }) => {
    await openSeeded(page, 'After-hours on-call');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Add task');
    await expect(page.getByRole('option', { name: /Add task/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/schedules\/createTask\//);
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create schedule');
    await expect(page.getByRole('option', { name: /Create schedule/ }).first()).toBeVisible();
  });
});

test.describe('phone (390×844)', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 } });

  test('the week is a day list, without sideways scrolling, and passes axe', async ({ page }) => {
    await openSeeded(page, 'After-hours on-call');
    const days = page.getByRole('list', { name: /^Days of the week/ }).locator(':scope > li');
    await expect(days).toHaveCount(7);
    const first = (await days.nth(0).boundingBox())!;
    const second = (await days.nth(1).boundingBox())!;
    // One under the other, not side by side.
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(Math.abs(second.x - first.x)).toBeLessThan(2);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees schedules and their tasks, but no write controls', async ({ page }) => {
    await openSeeded(page, 'After-hours on-call');
    await expect(occurrences(page).first()).toBeVisible();
    for (const label of ['Add task', 'Edit', 'Delete']) await expect(page.getByRole('button', { name: label, exact: true }).or(page.getByRole('link', { name: label, exact: true }))).toHaveCount(0);
    await occurrences(page).first().click();
    await expect(page).toHaveURL(/updateTask/);
    await expect(page.getByRole('term').filter({ hasText: 'When' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/practice/schedules');
    await expect(page.getByRole('table', { name: 'Schedules' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Add Schedule/ })).toHaveCount(0);
    await page.goto('/practice/schedules/create');
    await expect(page.getByText(/You don't have permission/)).toBeVisible();
  });
});

test.describe('practice administrator: the series edit', () => {
  test.use({ storageState: storageState('manager') });

  test('"All occurrences (the series)" changes the later occurrences; an earlier changed occurrence keeps its own change', async ({ page }) => {
    const api = await signedInApi(page);
    const name = unique('Series rota');
    const schedule = await api.send('POST', '/schedule/schedule', { name });
    expect(schedule.status(), await schedule.text()).toBe(201);
    const scheduleId = ((await schedule.json()) as { id: string }).id;
    // Mondays at 09:00 New York time (EDT, UTC−4), four times from 2027-04-05.
    const task = await api.send('POST', `/schedule/schedule/${scheduleId}/task`, {
      title: 'Rounds',
      start: '2027-04-05T13:00:00Z',
      end: '2027-04-05T13:30:00Z',
      recurrence: { freq: 'WEEKLY', byDay: ['MO'], count: 4 },
    });
    expect(task.status(), await task.text()).toBe(201);
    const week = async (sunday: string, label: RegExp) => {
      await page.goto(`/practice/schedules/${scheduleId}?week=${sunday}`);
      await expect(weekHeading(page)).toHaveText(label);
    };

    await test.step('the first occurrence, changed on its own: an exception', async () => {
      await week('2027-04-04', /Week of Apr 4\s*–\s*10, 2027/);
      await occurrences(page).filter({ hasText: 'Rounds' }).click();
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await page.getByLabel('Title').fill('Rounds (moved)');
      await page.getByLabel('Start time').fill('11:00');
      await page.getByLabel('End time').fill('11:30');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(weekHeading(page)).toHaveText(/Week of Apr 4\s*–\s*10, 2027/);
      await expect(occurrences(page)).toHaveCount(1);
      await expect(occurrences(page).first()).toContainText('Rounds (moved)');
    });

    await test.step('from the second occurrence, the whole series: a new title and time', async () => {
      await week('2027-04-11', /Week of Apr 11\s*–\s*17, 2027/);
      await occurrences(page).filter({ hasText: 'Rounds' }).click();
      await page.getByRole('radio', { name: 'All occurrences (the series)' }).check();
      await expect(page.getByLabel('Repeats')).toHaveValue('WEEKLY');
      await page.getByLabel('Title').fill('Ward rounds');
      await page.getByLabel('Start time').fill('10:00');
      await page.getByLabel('End time').fill('10:45');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: messages.taskSaved })).toBeVisible();
    });

    await test.step('the later occurrences changed; the earlier changed one kept its own change', async () => {
      for (const [sunday, label] of [
        ['2027-04-11', /Week of Apr 11\s*–\s*17, 2027/],
        ['2027-04-18', /Week of Apr 18\s*–\s*24, 2027/],
        ['2027-04-25', /Week of Apr 25\s*–\s*May 1, 2027/],
      ] as const) {
        await week(sunday, label);
        await expect(occurrences(page)).toHaveCount(1);
        await expect(occurrences(page).first()).toContainText('Ward rounds');
        await expect(occurrences(page).first()).toContainText('10:00');
        await expect(occurrences(page).first()).toContainText('Repeats');
      }
      await week('2027-04-04', /Week of Apr 4\s*–\s*10, 2027/);
      await expect(occurrences(page)).toHaveCount(1);
      await expect(occurrences(page).first()).toContainText('Rounds (moved)');
      await expect(occurrences(page).first()).toContainText('11:00');
      await expect(occurrences(page).first()).toContainText('Changed occurrence');
    });
  });
});

test.describe('practice administrator: the list of occurrences', () => {
  test.use({ storageState: storageState('manager') });

  test('the week as a list: every occurrence in order with its day and time, by button or L, J/K and Enter, remembered for the next schedule; axe', async ({ page }) => {
    const api = await signedInApi(page);
    const schedule = await api.send('POST', '/schedule/schedule', { name: unique('Agenda') });
    expect(schedule.status(), await schedule.text()).toBe(201);
    const scheduleId = ((await schedule.json()) as { id: string }).id;
    // Mondays and Wednesdays at 09:00 New York time (EDT), from 2027-05-03; and Tuesday at 14:00 once.
    for (const body of [
      { title: 'Clinic', start: '2027-05-03T13:00:00Z', end: '2027-05-03T14:00:00Z', recurrence: { freq: 'WEEKLY', byDay: ['MO', 'WE'], count: 6 } },
      { title: 'Staff meeting', who: 'Everyone', start: '2027-05-04T18:00:00Z', end: '2027-05-04T18:30:00Z' },
    ]) {
      const task = await api.send('POST', `/schedule/schedule/${scheduleId}/task`, body);
      expect(task.status(), await task.text()).toBe(201);
    }
    await page.goto(`/practice/schedules/${scheduleId}?week=2027-05-02`);
    await expect(weekHeading(page)).toHaveText(/Week of May 2\s*–\s*8, 2027/);
    await expect(page.getByRole('button', { name: 'Week', pressed: true })).toBeVisible();

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();
    const list = page.getByRole('list', { name: 'Occurrences of the week of May 2 – 8, 2027' });
    await expect(list.getByRole('listitem')).toHaveText([
      /Monday, May 3\s*9:00\s*–\s*10:00\s*AM\s*Clinic · Repeats/,
      /Tuesday, May 4\s*2:00\s*–\s*2:30\s*PM\s*Staff meeting · Everyone/,
      /Wednesday, May 5\s*9:00\s*–\s*10:00\s*AM\s*Clinic · Repeats/,
    ]);
    await expectNoAxeViolations(page);

    // The keys work the same in the list: J/K move, ] goes to the next week, Enter opens.
    await page.locator('section[data-route-focus]').focus();
    await page.keyboard.press('j');
    await expect(occurrences(page).nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(occurrences(page).nth(1)).toBeFocused();
    await expect(occurrences(page).nth(1)).toContainText('Staff meeting');
    await page.keyboard.press(']');
    await expect(page.getByRole('list', { name: 'Occurrences of the week of May 9 – 15, 2027' }).getByRole('listitem')).toHaveCount(2);
    await page.keyboard.press('L');
    await expect(page.getByRole('button', { name: 'Week', pressed: true })).toBeVisible();
    await expect(page.getByRole('list', { name: /^Days of the week of May 9/ })).toBeVisible();
    await page.keyboard.press('l');
    await page.keyboard.press('k');
    await expect(occurrences(page).last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/updateTask\/[0-9a-f-]{36}\?.*taskId=.*occurrence=/);

    // The list is what this browser shows next time, on another schedule too; an empty week says so.
    const other = await api.send('POST', '/schedule/schedule', { name: unique('Empty agenda') });
    expect(other.status()).toBe(201);
    await page.goto(`/practice/schedules/${((await other.json()) as { id: string }).id}?week=2027-05-02`);
    await expect(page.getByRole('button', { name: 'List', pressed: true })).toBeVisible();
    await expect(page.getByText('Nothing scheduled this week.')).toBeVisible();
  });
});
