import { expect, test, type Page } from './fixtures.ts';
import { accountMessages } from '../domain/accounts.ts';
import { accountInactive } from '../domain/api.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { messages } from '../domain/messages.ts';
import { demo, expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's and other tests'. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const accountUrl = /\/account\/[0-9a-f-]{36}$/;
const riverside = 'Riverside Family Practice';

async function ready(page: Page, user: keyof typeof demo) {
  await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** Creates an account through the API as the signed-in administrator: its id. */
async function createAccount(page: Page, name: string) {
  const api = await signedInApi(page);
  const res = await api.send('POST', '/accounts', { name });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('create an account and act in it: its default roles are there, and the selector offers it without a reload', async ({ page }) => {
    const name = unique('Harbor Clinic');

    await test.step('G A opens the list: Id, Name, Abbreviation, Active, sorted by name, filtered on the server', async () => {
      await page.goto('/home');
      await ready(page, 'admin');
      await page.keyboard.press('g');
      await page.keyboard.press('a');
      await expect(page).toHaveURL(/\/accounts$/);
      const table = page.getByRole('table', { name: 'Accounts' });
      await expect(table.getByRole('columnheader')).toHaveText([/^Id/, /^Name/, /^Abbreviation/, /^Active/]);
      await expect(table.getByRole('row', { name: /Lakeside Pediatrics/ })).toContainText('LP');
      await expectNoAxeViolations(page);
      await page.getByLabel('Filter accounts', { exact: true }).fill('riverside');
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await expect(table.locator('tbody tr')).toContainText(riverside);
      await expect(page).toHaveURL(/q=riverside/);
    });

    // Opened once before the create, so the selector's list is cached: the new account must still show in it.
    await test.step('the Ghost Mode selector lists the accounts', async () => {
      await page.getByRole('button', { name: /^Ghost Mode account: / }).click();
      await expect(page.getByRole('dialog', { name: 'Ghost Mode: act in account' }).getByRole('option', { name: /Lakeside Pediatrics/ })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('C opens Create account; a missing name is said under the field', async () => {
      await page.getByRole('table', { name: 'Accounts' }).locator('tbody').focus();
      await page.keyboard.press('c');
      await expect(page).toHaveURL(/\/accounts\/create$/);
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
      await page.getByLabel('Abbreviation', { exact: true }).fill('HC');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText(messages.accountNameRequired)).toBeVisible();
      await expect(page.getByLabel('Abbreviation', { exact: true })).toHaveValue('HC');
      await expectNoAxeViolations(page);
    });

    await test.step('created: its page shows it', async () => {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByLabel('Time zone', { exact: true }).selectOption('America/Chicago');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(accountUrl);
      await expect(h1(page, name)).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: 'America/Chicago' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('act in it from the header selector: Ghost Mode, with its default roles', async () => {
      await page.getByRole('button', { name: /^Ghost Mode account: / }).click();
      const popover = page.getByRole('dialog', { name: 'Ghost Mode: act in account' });
      await popover.getByRole('combobox').fill(name);
      await popover.getByRole('option', { name: new RegExp(name) }).click();
      await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText(`you are acting in ${name}`);
      await page.goto('/system/roles');
      const roles = page.getByRole('table', { name: 'Roles' });
      await expect(roles.getByRole('row', { name: /Practice Administrator/ })).toBeVisible();
      await expect(roles.getByRole('row', { name: /Read Only/ })).toBeVisible();
      await expect(roles.locator('tbody tr')).toHaveCount(2);
    });
  });

  test('edit and save every field: time zone, ACW timeout as an integer, the default role, assumed accounts picked from a searchable picker', async ({ page }) => {
    await page.goto('/home');
    const name = unique('Edit Clinic');
    const id = await createAccount(page, name);
    await page.goto(`/account/${id}`);
    await expect(h1(page, name)).toBeVisible();

    await test.step('Edit: the first field takes the focus; a fractional ACW timeout is refused under its field, what was typed stays', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
      await page.getByLabel('Time zone', { exact: true }).selectOption('Europe/London');
      await page.getByLabel('Region', { exact: true }).fill('us-west-2');
      await page.getByLabel('AWS account id', { exact: true }).fill('123456789012');
      await page.getByLabel('Role ARN', { exact: true }).fill('arn:aws:iam::123456789012:role/AsteraPortalConnect');
      await page.getByLabel('External id', { exact: true }).fill('astera-e2e-external');
      await page.getByLabel('ACW timeout (seconds)', { exact: true }).fill('4.5');
      await page.getByLabel('CCP URL', { exact: true }).fill('https://edit.my.connect.aws/ccp-v2');
      await page.getByLabel('Default queue dispositions', { exact: true }).fill('Resolved\nCallback');
      await page.getByLabel('Azure tenant id', { exact: true }).fill('tenant-e2e');
      await page.getByLabel('Role for new users', { exact: true }).selectOption({ label: 'Practice Administrator' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(accountMessages.acwTimeoutInvalid)).toBeVisible();
      await expect(page.getByLabel('ACW timeout (seconds)', { exact: true })).toHaveValue('4.5');
      await expectNoAxeViolations(page);
    });

    await test.step('assumed accounts are picked from a searchable picker', async () => {
      await page.getByRole('button', { name: 'Add account' }).click();
      const picker = page.getByRole('dialog', { name: 'Add account' });
      await picker.getByPlaceholder('Find an account…').fill('lakeside');
      await picker.getByRole('option', { name: /Lakeside Pediatrics/ }).click();
      await expect(page.getByRole('list', { name: 'Assumed accounts' })).toContainText('Lakeside Pediatrics');
      await expect(page.getByRole('button', { name: 'Add account' })).toBeFocused();
    });

    await test.step('Save: back to view mode with the values, focus on Edit', async () => {
      await page.getByLabel('ACW timeout (seconds)', { exact: true }).fill('45');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      for (const shown of ['Europe/London', '45 seconds', 'us-west-2', 'arn:aws:iam::123456789012:role/AsteraPortalConnect', 'astera-e2e-external', 'https://edit.my.connect.aws/ccp-v2', 'Resolved, Callback', 'tenant-e2e', 'Practice Administrator']) {
        await expect(page.getByRole('definition').filter({ hasText: shown }).first()).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Lakeside Pediatrics' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('definition').filter({ hasText: 'Europe/London' })).toBeVisible();
    });
  });

  test('Add domain: a bad name and a name another account has are said under the field, what was typed stays', async ({ page }) => {
    await page.goto('/home');
    const first = await createAccount(page, unique('Domain Clinic'));
    const second = await createAccount(page, unique('Other Clinic'));
    const domain = `${unique('clinic').replace(/\s+/g, '-').toLowerCase()}.example.com`;

    await page.goto(`/account/${first}`);
    const field = page.getByLabel('Domain name', { exact: true });
    await field.fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(accountMessages.domainInvalid)).toBeVisible();
    await expect(field).toHaveValue('not a domain');
    await field.fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByRole('list', { name: 'Domain names' })).toContainText(domain);
    await expect(field).toHaveValue('');

    await page.goto(`/account/${second}`);
    await page.getByLabel('Domain name', { exact: true }).fill(domain.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(accountMessages.domainTaken)).toBeVisible();
    await expect(page.getByLabel('Domain name', { exact: true })).toHaveValue(domain.toUpperCase());
    await expectNoAxeViolations(page);
  });

  test('keyboard: J and Enter open an account from the list; the palette offers "Create account"', async ({ page }) => {
    await page.goto('/accounts');
    const body = page.getByRole('table', { name: 'Accounts' }).locator('tbody');
    await expect(body.getByRole('row').first()).toBeVisible();
    await body.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(accountUrl);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create account');
    await expect(palette(page).getByRole('option', { name: /Create account/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/accounts\/create$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  });

  test('the palette finds an account by part of its name: Enter opens its page (before "Switch to" it)', async ({ page }) => {
    const name = unique('Quillmere Clinic');
    const id = await createAccount(page, name);
    await page.goto('/home');
    await ready(page, 'admin');
    await page.keyboard.press('Control+k');
    const part = `Quillmere ${name.split(' ')[2]}`;
    await page.keyboard.type(part);
    const accounts = palette(page).getByRole('group', { name: 'Accounts' }).getByRole('option');
    await expect(accounts.first()).toHaveText(name);
    await expect(accounts.nth(1)).toHaveText(`Switch to ${name}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/account/${id}$`));
    await expect(h1(page, name)).toBeVisible();
    // Not Ghost Mode: the administrator is still in their own account.
    await expect(page.getByRole('region', { name: 'Ghost Mode' })).toHaveCount(0);
  });

  test('deactivating an account stops its signed-in user at their next navigation, with a clear page', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // An account of its own, with a user of its own: deactivating the demo's Riverside stopped the
    // other specs' users running beside it on the second worker.
    const accountId = await createAccount(page, unique('Dormant Clinic'));
    const holder = await freshRoleHolder(page, 'Front desk', { '/permissions/accesspolicy': { GET: true }, '/person/persons': { GET: true } }, { accountId });
    const api = await signedInApi(page);
    const setActive = async (active: boolean) => {
      const current = (await (await api.send('GET', `/accounts/account?accountId=${accountId}`)).json()) as { version: number };
      expect((await api.send('PATCH', `/accounts/account?accountId=${accountId}`, { version: current.version, active })).status()).toBe(200);
    };
    const holderPage = await signInAs(browser, holder);
    await expect(holderPage.getByRole('heading', { level: 1 })).toBeVisible();
    await setActive(false);
    await holderPage.keyboard.press('g');
    await holderPage.keyboard.press('p');
    await expect(h1(holderPage, accountInactive.title)).toBeVisible();
    await expect(holderPage.getByRole('alert').filter({ hasText: accountInactive.message })).toBeVisible();
    await expect(holderPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoAxeViolations(holderPage);
    // Active again: the same user works as before.
    await setActive(true);
    await holderPage.goto('/practice/persons');
    await expect(holderPage.getByRole('table', { name: 'Persons' })).toBeVisible();
    await holderPage.context().close();
  });
});

for (const user of ['manager', 'viewer'] as const) {
  test.describe(`${user} (not an instance administrator)`, () => {
    test.use({ storageState: storageState(user) });

    test('sees nothing of /accounts: the 404 screen, no palette entries, no G A; the API refuses the list', async ({ page }) => {
      await page.goto('/accounts');
      await expect(h1(page, messages.notFoundTitle)).toBeVisible();
      await page.goto('/accounts/create');
      await expect(h1(page, messages.notFoundTitle)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Accounts', exact: true })).toHaveCount(0);

      await page.goto('/home');
      await ready(page, user);
      await page.keyboard.press('g');
      await page.keyboard.press('a');
      await expect(page).toHaveURL(/\/home$/);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('account');
      await expect(palette(page).getByRole('option').first()).toBeVisible();
      const names = await palette(page).getByRole('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
      expect(names.filter((n) => /create account|^accounts/i.test(n))).toEqual([]);
      await page.keyboard.press('Escape');

      const api = await signedInApi(page);
      expect((await api.send('GET', '/accounts?limit=10')).status()).toBe(403);
      expect((await api.send('POST', '/accounts', { name: 'Nope' })).status()).toBe(403);
    });
  });
}

test.describe('read only on their own account page', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the account but no Edit and no Add domain', async ({ page }) => {
    await page.goto('/home');
    await ready(page, 'viewer');
    await page.getByRole('button', { name: `Account menu for ${demo.viewer.name}` }).click();
    await page.getByRole('menuitem').first().click();
    await expect(page).toHaveURL(accountUrl);
    await expect(h1(page, riverside)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lakeside Pediatrics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add domain' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('phone (390×844)', () => {
  test.use({ storageState: storageState('admin'), viewport: { width: 390, height: 844 } });

  test('list, create, account page and its edit mode fit the width and pass axe', async ({ page }) => {
    await page.goto('/accounts');
    const link = page.getByRole('table', { name: 'Accounts' }).locator('tbody tr').first().getByRole('link').first();
    await expect(link).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.goto('/accounts/create');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(unique('Phone Clinic'));
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(accountUrl);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
