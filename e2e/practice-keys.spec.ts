import { expect, test, type Page } from './fixtures.ts';
import { recordKindNoun } from '../domain/audit.ts';
import { freshPhone, holdToast, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 9's records across screens: deleting one from the side panel (the panel closes, Undo
 * brings it back), the home's Recent changes opening them, and a fast typist's keys after the
 * palette's create commands.
 */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

type Kind = {
  /** As the toast names it: 'Contact point'. */
  kind: string;
  list: string;
  table: string;
  api: string;
  body(name: string): Record<string, unknown>;
  /** As the audit log names the type: 'ContactPoint'. */
  resourceType: string;
};

const kinds: Kind[] = [
  { kind: 'Contact point', list: '/practice/contact-points', table: 'Contact Points', api: '/contactpoints/contact-points', body: (name) => ({ name, value: freshPhone(), description: 'A line of the practice' }), resourceType: 'ContactPoint' },
  { kind: 'Location', list: '/practice/locations', table: 'Locations', api: '/locations/locations', body: (name) => ({ name }), resourceType: 'Location' },
  { kind: 'Schedule', list: '/practice/schedules', table: 'Schedules', api: '/schedule/schedule', body: (name) => ({ name }), resourceType: 'Schedule' },
  { kind: 'Issue', list: '/practice/issues', table: 'Issues', api: '/issues', body: (name) => ({ name, category: 'Other' }), resourceType: 'Issue' },
  { kind: 'Insurance', list: '/practice/insurances', table: 'Insurances', api: '/insurances', body: (name) => ({ insurancePlanName: name }), resourceType: 'Insurance' },
];

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  for (const k of kinds) {
    test(`${k.kind}: Delete in the side panel closes the panel, the record leaves the list, Undo brings it back`, async ({ page }) => {
      const api = await signedInApi(page);
      const name = unique(`Panel ${k.kind.toLowerCase()}`);
      const created = await api.send('POST', k.api, k.body(name));
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { id: string }).id;

      await page.goto(`${k.list}?q=${encodeURIComponent(name)}`);
      const table = page.getByRole('table', { name: k.table });
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(name);
      await table.locator('tbody').focus();
      await page.keyboard.press('j');
      await page.keyboard.press('Shift+Enter');
      const panel = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Open full page' }) });
      await expect(panel.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveURL(/[?&]panel=/);

      await panel.getByRole('button', { name: /^Delete/ }).click();
      await expect(panel).toBeHidden();
      await expect(page).not.toHaveURL(/[?&]panel=/);
      // The screen behind stays: the list, now without the record.
      expect(new URL(page.url()).pathname).toBe(k.list);
      const toast = page.getByRole('status').filter({ hasText: `${k.kind} “${name}” deleted` });
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
      await holdToast(toast);
      await expect(table.locator('tbody')).toContainText(`match “${name}”`);
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Restored ${k.kind.toLowerCase()} “${name}”` })).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(name);
      // The same record, with its id.
      expect((await api.send('GET', `${k.api}/${id}`)).status()).toBe(200);
    });
  }

  test('Recent changes link to the contact point, location, schedule, issue, insurance, tag and task changed', async ({ page }) => {
    const api = await signedInApi(page);
    const made: { k: Kind; name: string; id: string }[] = [];
    for (const k of kinds) {
      const name = unique(`Recent ${k.kind.toLowerCase()}`);
      const res = await api.send('POST', k.api, k.body(name));
      expect(res.status()).toBe(201);
      made.push({ k, name, id: ((await res.json()) as { id: string }).id });
    }
    const issue = made.find((m) => m.k.resourceType === 'Issue')!;
    const tagValue = unique('recent');
    const tag = await api.send('POST', '/tag', { key: 'topic', value: tagValue, taggedResourceType: 'Issue', taggedResourceId: issue.id });
    expect(tag.status()).toBe(201);
    const schedule = made.find((m) => m.k.resourceType === 'Schedule')!;
    const taskTitle = unique('Recent task');
    const task = await api.send('POST', `/schedule/schedule/${schedule.id}/task`, { title: taskTitle, start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' });
    expect(task.status()).toBe(201);
    const taskId = ((await task.json()) as { id: string }).id;

    const changes = page.getByRole('region', { name: 'Recent changes' });
    for (const { k, name, id } of made) {
      await page.goto('/home');
      await changes.getByRole('link', { name: new RegExp(`created ${recordKindNoun(k.resourceType)} “${name}”`) }).click();
      await expect(page).toHaveURL(new RegExp(`${k.list}/${id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    }
    await test.step('a tag opens the record it tags', async () => {
      await page.goto('/home');
      await changes.getByRole('link', { name: new RegExp(`created tag “topic: ${tagValue}”`) }).click();
      await expect(page).toHaveURL(new RegExp(`/practice/issues/${issue.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(issue.name);
    });
    await test.step('a task opens the task in its schedule', async () => {
      await page.goto('/home');
      await changes.getByRole('link', { name: new RegExp(`created schedule task “${taskTitle}”`) }).click();
      await expect(page).toHaveURL(new RegExp(`/practice/schedules/updateTask/${schedule.id}\\?taskId=${taskId}$`));
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(taskTitle);
    });
  });

  const creates: { command: string; url: RegExp; field: string }[] = [
    { command: 'Create schedule', url: /\/practice\/schedules\/create$/, field: 'Name' },
    { command: 'Create contact point', url: /\/practice\/contact-points\/create$/, field: 'Name' },
    { command: 'Create location', url: /\/practice\/locations\/create$/, field: 'Name' },
    { command: 'Create issue', url: /\/practice\/issues\/create$/, field: 'Name' },
    { command: 'Create insurance', url: /\/practice\/insurances\/create$/, field: 'Plan name' },
  ];
  for (const { command, url, field } of creates) {
    test(`"${command}" then typing at once: the first field gets every key, in order`, async ({ page }) => {
      const typed = 'Quick brown fox 42';
      await page.goto('/home');
      await ready(page);
      await page.keyboard.press('Control+k');
      await page.keyboard.type(command, { delay: 0 });
      await expect(palette(page).getByRole('option', { name: new RegExp(`^${command}`) }).first()).toBeVisible();
      await page.keyboard.press('Enter');
      await page.keyboard.type(typed, { delay: 0 });
      await expect(page).toHaveURL(url);
      const first = page.getByRole('textbox', { name: field, exact: true });
      await expect(first).toBeFocused();
      await expect(first).toHaveValue(typed);
    });
  }

  test('"Create issue", Enter, a name and Enter, all at once: the issue is saved under that name', async ({ page }) => {
    const name = unique('Typed issue');
    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create issue', { delay: 0 });
    await page.keyboard.press('Enter');
    await page.keyboard.type(name, { delay: 0 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/issues\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('a create screen opens in the side panel as its form, not as a record called "create"', async ({ page }) => {
    for (const [list, field] of [
      ['/practice/contact-points', 'Name'],
      ['/practice/locations', 'Name'],
      ['/practice/schedules', 'Name'],
      ['/practice/issues', 'Name'],
      ['/practice/insurances', 'Plan name'],
    ] as const) {
      await page.goto(`${list}?panel=${encodeURIComponent(`${list}/create`)}`);
      const panel = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Open full page' }) });
      await expect(panel.getByRole('textbox', { name: field, exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
    }
  });
});
