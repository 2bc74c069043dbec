import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { demo, expectNoAxeViolations, holdToast, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const address = (page: Page, n: number) => page.getByRole('group', { name: `Address ${n}`, exact: true });
const detailUrl = /\/practice\/locations\/[0-9a-f-]{36}$/;

async function ready(page: Page, user: keyof typeof demo) {
  await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('by mouse: the list, Add Location, bad input kept with its messages, two addresses, then Edit and Save', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('Cedar Clinic');

    await test.step('the list shows the seeded locations with Id, Name, City, Services and Add Location', async () => {
      await page.goto('/practice/locations');
      const table = page.getByRole('table', { name: 'Locations' });
      await expect(table.getByRole('columnheader')).toHaveText([/^Id/, /^Name/, /^City/, /^Services/]);
      await expect(table.getByRole('row', { name: /Riverside Main Clinic/ })).toContainText('Springfield, IL');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Add Location' }).click();
      await expect(page).toHaveURL(/\/practice\/locations\/create$/);
      await expect(h1(page, 'Create location')).toBeVisible();
      await expect(page.getByLabel('Name')).toBeFocused();
      await expectNoAxeViolations(page);
    });

    await test.step('bad input shows each message under its field and keeps what was typed', async () => {
      const first = address(page, 1);
      await first.getByLabel('Line 1', { exact: true }).fill('12 Cedar Avenue');
      await first.getByLabel('City').fill('Springfield');
      await first.getByLabel('Period start').fill('2024-05-01');
      await first.getByLabel('Period end').fill('2024-04-01');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(messages.locationNameRequired)).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Name')).toBeFocused();
      await expect(first.getByText(messages.periodOrder)).toBeVisible();
      await expect(first.getByLabel('Line 1', { exact: true })).toHaveValue('12 Cedar Avenue');
      await expect(first.getByLabel('City')).toHaveValue('Springfield');
      await expect(page).toHaveURL(/\/practice\/locations\/create$/);
      await expectNoAxeViolations(page);

      await page.getByLabel('Name').fill(name);
      await expect(page.getByText(messages.locationNameRequired)).toHaveCount(0);
      await first.getByLabel('Period end').fill('2030-12-31');
      await expect(first.getByText(messages.periodOrder)).toHaveCount(0);
    });

    await test.step('services as chips, a second address with two lines', async () => {
      for (const service of ['Family Medicine', 'Immunizations']) {
        await page.getByRole('textbox', { name: 'Services' }).fill(service);
        await page.getByRole('button', { name: 'Add service' }).click();
      }
      await expect(page.getByRole('list', { name: 'services' }).getByRole('listitem')).toHaveText([/^Family Medicine/, /^Immunizations/]);
      await address(page, 1).getByLabel('State').fill('IL');
      await address(page, 1).getByLabel('Postal code').fill('62701');

      await page.getByRole('button', { name: 'Add address' }).click();
      const second = address(page, 2);
      await expect(second.getByLabel('Line 1', { exact: true })).toBeFocused();
      await second.getByLabel('Use').selectOption('billing');
      await second.getByLabel('Type').selectOption('postal');
      await second.getByLabel('Line 1', { exact: true }).fill('Accounts Payable');
      await second.getByRole('button', { name: 'Add line' }).click();
      await second.getByLabel('Line 2', { exact: true }).fill('PO Box 77');
      await second.getByLabel('City').fill('Chatham');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    });

    await test.step('the new location page shows both addresses', async () => {
      await expect(page).toHaveURL(detailUrl);
      await expect(h1(page, name)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: messages.locationAdded })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Family Medicine', 'Immunizations']);
      const addresses = page.getByRole('list', { name: 'Addresses' }).getByRole('listitem');
      await expect(addresses).toHaveCount(2);
      await expect(addresses.nth(0)).toContainText('12 Cedar Avenue');
      await expect(addresses.nth(0)).toContainText('Springfield, IL 62701');
      await expect(addresses.nth(0)).toContainText('2024-05-01 – 2030-12-31');
      await expect(addresses.nth(1)).toContainText('Billing · Postal');
      await expect(addresses.nth(1)).toContainText('PO Box 77');
      await expectNoAxeViolations(page);
    });

    await test.step('Edit enables the fields; Save returns to view with the changes', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('Name')).toBeFocused();
      await expect(address(page, 2).getByLabel('Line 2', { exact: true })).toHaveValue('PO Box 77');
      await expectNoAxeViolations(page);
      await page.getByLabel('Name').fill(`${name} East`);
      await page.getByRole('button', { name: 'Remove service Immunizations' }).click();
      await page.getByRole('button', { name: 'Remove address 2' }).click();
      await expect(address(page, 2)).toHaveCount(0);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(h1(page, `${name} East`)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Family Medicine']);
      await expect(page.getByRole('list', { name: 'Addresses' }).getByRole('listitem')).toHaveCount(1);
      await page.reload();
      await expect(h1(page, `${name} East`)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Addresses' }).getByRole('listitem')).toHaveCount(1);
    });
  });

  test('by keyboard: C creates, lines added and removed with Enter and Backspace, J/K and the side panel, palette by city', async ({ page }) => {
    test.setTimeout(120_000);
    const name = unique('Keyboard Site');
    const city = unique('Brookhaven').replace(' ', '');

    await page.goto('/practice/locations');
    const body = page.getByRole('table', { name: 'Locations' }).locator('tbody');
    await expect(body.getByRole('row').first()).toBeVisible();
    await body.focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/locations\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);

    // Services: type and Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Services' })).toBeFocused();
    await page.keyboard.type('Telehealth');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'services' }).getByRole('listitem')).toHaveText([/^Telehealth/]);

    // Lines: Enter adds the next, Backspace in an empty one removes it.
    const first = address(page, 1);
    await first.getByLabel('Line 1', { exact: true }).focus();
    await page.keyboard.type('400 Harbor Road');
    await page.keyboard.press('Enter');
    await expect(first.getByLabel('Line 2', { exact: true })).toBeFocused();
    await page.keyboard.type('Unit 9');
    await page.keyboard.press('Enter');
    await expect(first.getByLabel('Line 3', { exact: true })).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(first.getByLabel('Line 3', { exact: true })).toHaveCount(0);
    await expect(first.getByLabel('Line 2', { exact: true })).toBeFocused();
    await expect(first.getByLabel('Line 2', { exact: true })).toHaveValue('Unit 9');
    await first.getByLabel('City').focus();
    await page.keyboard.type(city);

    // A second address by keyboard, then removed by keyboard: focus stays in the editor.
    await page.getByRole('button', { name: 'Add address' }).focus();
    await page.keyboard.press('Enter');
    await expect(address(page, 2).getByLabel('Line 1', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Remove address 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(address(page, 2)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove address 1' })).toBeFocused();

    await page.getByLabel('Name').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(detailUrl);
    await expect(h1(page, name)).toBeVisible();
    const locationPath = new URL(page.url()).pathname;

    // The list: filter, J selects, Shift+Enter opens the side panel, Enter the page.
    await page.goto(`/practice/locations?q=${encodeURIComponent(city)}`);
    const rows = page.getByRole('table', { name: 'Locations' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(name);
    await body.focus();
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+Enter');
    await expect(page).toHaveURL(/[?&]panel=/);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 1, name })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/[?&]panel=/);
    await body.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${locationPath}$`));

    // The palette finds it by its city, and offers "Create location".
    await page.keyboard.press('Control+k');
    await expect(palette(page).getByRole('combobox')).toBeFocused();
    await page.keyboard.type(city.toLowerCase());
    const hit = palette(page).getByRole('group', { name: 'Locations' }).getByRole('option', { name: new RegExp(name) });
    await expect(hit).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/home');
    await ready(page, 'manager');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create location');
    const command = palette(page).getByRole('option', { name: /^Create location/ }).first();
    await expect(command).toBeVisible();
    await command.click();
    await expect(page).toHaveURL(/\/practice\/locations\/create$/);
  });

  test('delete leaves the list at once and Undo brings the location back with the same id', async ({ page }) => {
    const name = unique('Doomed Annex');
    await page.goto('/practice/locations/create');
    await page.getByLabel('Name').fill(name);
    await address(page, 1).getByLabel('Line 1', { exact: true }).fill('1 Doom Street');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(detailUrl);
    const path = new URL(page.url()).pathname;

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/practice\/locations$/);
    const toast = page.getByRole('status').filter({ hasText: `Location “${name}” deleted` });
    await expect(toast).toBeVisible();
    await holdToast(toast);
    await page.getByLabel('Filter locations', { exact: true }).fill(name);
    const rows = page.getByRole('table', { name: 'Locations' }).locator('tbody tr');
    await expect(page.getByText(`No locations match “${name}”.`)).toBeVisible();

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Restored location “${name}”` })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(rows.first().getByRole('link').first()).toHaveAttribute('href', path);
  });

  test('an edit that someone else saved first shows both versions instead of overwriting', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    const name = unique('Contested');
    await page.goto('/practice/locations/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Remove address 1' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(detailUrl);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill(`${name} mine`);

    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: 'Edit' }).click();
    await other.getByLabel('Name').fill(`${name} theirs`);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(h1(other, `${name} theirs`)).toBeVisible();
    await other.close();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: messages.conflict });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('row', { name: /Name/ })).toContainText(`${name} mine`);
    await expect(notice.getByRole('row', { name: /Name/ })).toContainText(`${name} theirs`);
    await expect(page.getByLabel('Name')).toHaveValue(`${name} mine`);
  });

  test('a malformed or unknown location id shows the 404 screen', async ({ page }) => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/practice/locations/${id}`);
      await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
    }
  });
});

test.describe('phone (390×844)', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 } });

  test('list, location page and the create form fit the width and pass axe', async ({ page }) => {
    await page.goto('/practice/locations');
    const link = page.getByRole('table', { name: 'Locations' }).locator('tbody tr').first().getByRole('link').first();
    await expect(link).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { name: 'Addresses' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await page.goto('/practice/locations/create');
    await expect(page.getByLabel('Name')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees locations but is offered no way to add, edit or delete them', async ({ page }) => {
    await page.goto('/practice/locations');
    const rows = page.getByRole('table', { name: 'Locations' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Location' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Locations' }).locator('tbody').focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/locations$/);

    await rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { name: 'Addresses' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('location');
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    const names = await palette(page).getByRole('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
    expect(names.filter((n) => /create location/i.test(n))).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/practice/locations/create');
    await expect(h1(page, "You don't have permission to create locations.")).toBeVisible();
  });
});
