import { expect, test, type Page } from './fixtures.ts';
import { demo, screenshotToLookAt, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * "Only what the role can do is offered": the Read Only role (GET on everything, nothing else)
 * on every existing screen. The server refuses its writes (server/routes/persons/persons.test.ts);
 * here the SPA must not offer them at all.
 */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function ready(page: Page, user: keyof typeof demo) {
  await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
}

/** The palette's options for a query, as their accessible names. */
async function paletteOptions(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type(query);
  // Every query here matches at least one screen both roles may open.
  await expect(palette(page).getByRole('option').first()).toBeVisible();
  const names = await palette(page).getByRole('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  return names;
}

/** Opens the first row of a list and returns the record's page path. */
async function openFirstRow(page: Page, list: string, table: string) {
  await page.goto(list);
  const first = page.getByRole('table', { name: table }).locator('tbody tr').first().getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${list}/[0-9a-f-]{36}$`));
  return new URL(page.url()).pathname;
}

const noPermission = (page: Page, action: string) => page.getByRole('heading', { level: 1, name: `You don't have permission to ${action}.` });

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('home offers the screens the role may read, not "Create person"', async ({ page }) => {
    await page.goto('/home');
    await ready(page, 'viewer');
    const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
    await expect(shortcuts.getByRole('link', { name: /^Persons/ })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: /^Practitioners/ })).toBeVisible();
    await expect(shortcuts.getByRole('link', { name: /Create person/ })).toHaveCount(0);
  });

  test('the palette offers no create or edit command', async ({ page }) => {
    await page.goto('/home');
    await ready(page, 'viewer');
    const persons = await paletteOptions(page, 'person');
    expect(persons.some((name) => name.startsWith('Persons'))).toBe(true);
    expect(persons.filter((name) => /create/i.test(name))).toEqual([]);

    const person = await openFirstRow(page, '/practice/persons', 'Persons');
    const onPerson = await paletteOptions(page, 'person');
    expect(onPerson.filter((name) => /^(Edit person|Make practitioner|Create person)/.test(name))).toEqual([]);
    expect(person).toMatch(/^\/practice\/persons\//);

    await openFirstRow(page, '/practice/users', 'Users');
    expect((await paletteOptions(page, 'user')).filter((name) => name.startsWith('Edit user'))).toEqual([]);
    await openFirstRow(page, '/practice/practitioners', 'Practitioners');
    expect((await paletteOptions(page, 'practitioner')).filter((name) => name.startsWith('Edit practitioner'))).toEqual([]);
  });

  test('lists and records offer no Add Person, Edit, Make user or Make practitioner', async ({ page }) => {
    await page.goto('/practice/persons');
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Add Person/ })).toHaveCount(0);
    await page.locator('body').press('c');
    await expect(page).toHaveURL(/\/practice\/persons$/);

    await openFirstRow(page, '/practice/persons', 'Persons');
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    for (const name of ['Edit', 'Make user', 'Make practitioner']) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    for (const [list, table] of [
      ['/practice/users', 'Users'],
      ['/practice/practitioners', 'Practitioners'],
    ] as const) {
      await openFirstRow(page, list, table);
      await expect(page.getByRole('main').getByRole('link', { name: 'View person' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    }
  });

  test('create and edit routes show the no-permission screen instead of a form', async ({ page }) => {
    await page.goto('/practice/person/create');
    await expect(noPermission(page, 'create persons')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Needs POST on Persons, which your role “Read Only” does not grant.');
    await expect(page.getByRole('button', { name: 'Save Person' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Name' })).toHaveCount(0);
    await screenshotToLookAt(page, 'desktop-no-permission', { fullPage: false });

    for (const [list, table, edit, action, grant] of [
      ['/practice/persons', 'Persons', '/practice/persons/edit/', 'edit persons', 'Needs PATCH on Individual person'],
      ['/practice/users', 'Users', '/practice/users/edit/', 'edit users', 'Needs PATCH on Individual user'],
      ['/practice/practitioners', 'Practitioners', '/practice/practitioners/edit/', 'edit practitioners', 'Needs PATCH on Individual practitioner'],
    ] as const) {
      const record = await openFirstRow(page, list, table);
      await page.goto(edit + record.split('/').at(-1));
      await expect(noPermission(page, action)).toBeVisible();
      await expect(page.getByRole('main')).toContainText(grant);
      await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name: /^Save/ })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('is offered create and edit everywhere the Read Only user is not', async ({ page }) => {
    await page.goto('/home');
    await ready(page, 'manager');
    await expect(page.getByRole('region', { name: 'Shortcuts' }).getByRole('link', { name: /Create person/ })).toBeVisible();
    expect((await paletteOptions(page, 'create person')).some((name) => name.startsWith('Create person'))).toBe(true);
    await page.goto('/practice/person/create');
    await expect(page.getByRole('button', { name: 'Add Name' })).toBeVisible();
    const person = await openFirstRow(page, '/practice/persons', 'Persons');
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    await page.goto(`/practice/persons/edit/${person.split('/').at(-1)}`);
    await expect(page.getByRole('button', { name: /^Save/ })).toBeVisible();
  });
});
