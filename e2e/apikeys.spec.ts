import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { demo, expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const detailUrl = /\/system\/apikeys\/[0-9a-f-]{36}$/;

async function ready(page: Page, user: keyof typeof demo) {
  await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** Calls the API from the page with the key alone (no signed-in user's token): the status it answers. */
const callWithKey = (page: Page, secret: string, header: 'bearer' | 'x-api-key' = 'x-api-key') =>
  page.evaluate(
    async ([key, how]) => (await fetch('/api/issues', { headers: how === 'bearer' ? { Authorization: `Bearer ${key}` } : { 'x-api-key': key! } })).status,
    [secret, header] as const,
  );

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('by mouse: create a key, copy its secret, use it, deactivate it and it stops working, then delete it', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('Billing export');
    let secret = '';

    await test.step('the list shows Name, Active, Role and Last used, and Create API key', async () => {
      await page.goto('/system/apikeys');
      const table = page.getByRole('table', { name: 'API Keys' });
      await expect(table.getByRole('columnheader')).toHaveText([/^Id/, /^Name/, /^Active/, /^Role/, /^Last used/]);
      await expect(table.getByRole('row', { name: /Reporting export/ })).toContainText('Read Only');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: /Create API key/ }).click();
      await expect(page).toHaveURL(/\/system\/apikeys\/create$/);
      await expect(page.getByLabel('Name')).toBeFocused();
    });

    await test.step('bad input keeps what was typed and shows the field message', async () => {
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Create API key' }).click();
      await expect(page.getByText(messages.apiKeyRoleRequired)).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await expectNoAxeViolations(page);
    });

    await test.step('created: the secret is shown once, with Copy and the warning', async () => {
      await page.getByLabel('Role').selectOption({ label: 'Read Only' });
      await page.getByRole('button', { name: 'Create API key' }).click();
      await expect(page.getByRole('heading', { name: `API key “${name}” created` })).toBeFocused();
      await expect(page.getByText("Copy the key now: you won't see it again.")).toBeVisible();
      secret = await page.getByLabel('API key secret').inputValue();
      expect(secret).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'Copy key' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'API key copied.' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoAxeViolations(page);
    });

    await test.step('the key works against the API, as x-api-key and as a bearer', async () => {
      expect(await callWithKey(page, secret, 'x-api-key')).toBe(200);
      expect(await callWithKey(page, secret, 'bearer')).toBe(200);
    });

    await test.step('its page shows it, with its last use, and never the secret again', async () => {
      await page.getByRole('link', { name: 'Done' }).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(h1(page, name)).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      const lastUsed = page.getByRole('term').filter({ hasText: 'Last used' }).locator('xpath=following-sibling::dd[1]');
      await expect(lastUsed.locator('time')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('Edit, untick Active, Save: the key stops working at once (401)', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('Name')).toBeFocused();
      await expect(page.getByLabel('Role')).toHaveValue(/[0-9a-f-]{36}/);
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(page.getByText('Inactive: requests carrying this key are refused.')).toBeVisible();
      expect(await callWithKey(page, secret)).toBe(401);
      expect(await callWithKey(page, secret, 'bearer')).toBe(401);
    });

    await test.step('Delete asks first; Cancel keeps it; confirmed, it is gone from the list', async () => {
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: `Delete API key “${name}”?` });
      await expect(dialog).toContainText('This cannot be undone');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete API key' }).click();
      await expect(page).toHaveURL(/\/system\/apikeys$/);
      await expect(page.getByRole('status').filter({ hasText: `API key “${name}” deleted.` })).toBeVisible();
      await page.getByLabel('Filter API keys').fill(name);
      await expect(page.getByText(`No API keys match “${name}”.`)).toBeVisible();
    });
  });

  test('by keyboard: G K opens the list, C creates, the palette offers "Create API key"', async ({ page }) => {
    await page.goto('/home');
    await ready(page, 'admin');
    await page.keyboard.press('g');
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/\/system\/apikeys$/);
    const body = page.getByRole('table', { name: 'API Keys' }).locator('tbody');
    await expect(body.getByRole('row').first()).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/system\/apikeys\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();
    const name = unique('Keyboard key');
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Role')).toBeFocused();
    await page.getByLabel('Role').selectOption({ label: 'Read Only' });
    // A select does not submit on Enter: back to the name, whose Enter does.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `API key “${name}” created` })).toBeFocused();

    await page.goto('/home');
    await ready(page, 'admin');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create API key');
    await expect(palette(page).getByRole('option', { name: /Create API key/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/apikeys\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();
  });

  test('a list that fails to load says "Error, please try again"; so does a key page', async ({ page }) => {
    await page.route(/\/api\/permissions\/apikeys/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Server Error"}}' }));
    await page.goto('/system/apikeys');
    await expect(page.getByText(messages.tryAgain)).toBeVisible();
    await page.goto('/system/apikeys/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(messages.tryAgain)).toBeVisible();
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the keys but is offered no way to create, edit or delete them', async ({ page }) => {
    await page.goto('/system/apikeys');
    const rows = page.getByRole('table', { name: 'API Keys' }).locator('tbody tr');
    await expect(rows.filter({ hasText: 'Reporting export' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Create API key/ })).toHaveCount(0);
    await page.getByRole('table', { name: 'API Keys' }).locator('tbody').focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/system\/apikeys$/);

    await rows.filter({ hasText: 'Reporting export' }).getByRole('link').first().click();
    await expect(page).toHaveURL(detailUrl);
    await expect(h1(page, 'Reporting export')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('API key');
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    const names = await palette(page).getByRole('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
    expect(names.filter((n) => /create api key/i.test(n))).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/system/apikeys/create');
    await expect(h1(page, "You don't have permission to create API keys.")).toBeVisible();
  });
});

test.describe('a key never used, on the highlighted row', () => {
  test.use({ storageState: storageState('admin') });

  for (const colorScheme of ['light', 'dark'] as const)
    test(`its "Never" reads at 4.5:1 on the highlighted row (${colorScheme} theme, axe)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const api = await signedInApi(page);
      const roles = (await (await api.send('GET', '/permissions/roles')).json()) as { items: { id: string; name: string }[] };
      const name = unique('Never used');
      const created = await api.send('POST', '/permissions/apikeys', { name, roleId: roles.items.find((r) => r.name === 'Read Only')!.id });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(`/system/apikeys?q=${encodeURIComponent(name)}`);
      const row = page.getByRole('table', { name: 'API Keys' }).locator('tbody tr').filter({ hasText: name });
      await expect(row).toContainText('Never');
      await expect(page.locator('tbody tr')).toHaveCount(1);
      // Focus on the list highlights its first (here its only) row.
      await page.locator('tbody').focus();
      await expect(row).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolations(page);
    });
});

test.describe('phone (390×844)', () => {
  test.use({ storageState: storageState('admin'), viewport: { width: 390, height: 844 } });

  test('list, key page, edit and create fit the width and pass axe', async ({ page }) => {
    await page.goto('/system/apikeys');
    const link = page.getByRole('table', { name: 'API Keys' }).locator('tbody tr').first().getByRole('link').first();
    await expect(link).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await link.click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await page.goto('/system/apikeys/create');
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Name').fill(unique('Phone key'));
    await page.getByLabel('Role').selectOption({ label: 'Read Only' });
    await page.getByRole('button', { name: 'Create API key' }).click();
    await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
