import { expect, test, type Page } from './fixtures.ts';
import type { RoleDetail, TrustTargets } from '../domain/roles.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** Issue 10 "Roles": the roles list and the role form, by keyboard, at phone size, and for Read Only. */

test.describe('administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('a row opened while the filter still waits for a pause stays open (the late filter does not take the user back)', async ({ page }) => {
    // The page's clock is ours: it is stopped while the filter waits, so the click comes before the
    // filter's pause ends however slow the machine is, and runs again while the role's page loads.
    await page.clock.install();
    await page.goto('/system/roles');
    const row = page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first();
    const link = row.getByRole('link').first();
    const roleName = (await row.getByRole('cell').nth(1).textContent())!.trim();
    // The role's page answers slowly, so its way in is still under way when the pause ends.
    await page.route('**/api/permissions/roles/*', async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const filter = page.getByLabel('Filter roles');
    await filter.pressSequentially('zz');
    await expect(filter).toHaveValue('zz');
    await link.click();
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
    // The filter's pause (300 ms) came and went while the page loaded: it did not filter the list left behind.
    await expect(page).toHaveURL(/\/system\/roles\/[0-9a-f-]{36}$/);
    await page.unrouteAll();
  });

  test('creates a role with the permission grid by keyboard (arrows + Space) and sees it saved', async ({ page }) => {
    // Many steps on a shared, busy machine: more than the default 30 s.
    const name = `Grid role ${Date.now()}`;
    await page.goto('/system/roles');
    await page.getByRole('link', { name: 'Add Role' }).click();
    await expect(page).toHaveURL(/\/system\/role\/create$/);
    await page.getByLabel('Role Name').fill(name);
    // The first method box is the grid's one Tab stop; arrows move, Space ticks.
    const first = page.getByRole('checkbox', { name: 'Portal access policy GET' });
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).toHaveAttribute('tabindex', '-1');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add Role' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    await expect(page).toHaveURL(/\/system\/roles\?.*selected=[0-9a-f-]{36}/);
    await page.getByLabel('Filter roles').fill(name);
    // The filter reaches the address after a pause; a click before that would be overtaken by it.
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Account PATCH' })).not.toBeChecked();
  });

  test('a role that cannot load says "Failed to load role"', async ({ page }) => {
    await page.goto('/system/roles/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load role' })).toBeVisible();
  });

  test('at phone size the list and the form fit the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/system/roles', '/system/role/create']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    }
  });
});

test.describe('administrator: back to the list after creating (issue 24)', () => {
  test.use({ storageState: storageState('admin') });

  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone 390×844', { width: 390, height: 844 }]] as const) {
    test(`${size}: Add Role returns to the list on the new role's page, its row active (not the first row); axe`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // More roles than one page of 10, so a role named to sort last is not on the first page.
      const api = await signedInApi(page);
      const { total } = (await (await api.send('GET', '/permissions/roles?limit=10')).json()) as { total: number };
      for (let n = total; n < 11; n++) expect((await api.send('POST', '/permissions/roles', { name: `Aa filler ${Date.now()} ${n}`, resources: {} })).status()).toBe(201);
      const name = `Zz new role ${Date.now()}`;
      await page.goto('/system/role/create');
      await page.getByLabel('Role Name').fill(name);
      await page.getByRole('button', { name: 'Add Role' }).click();
      await expect(page.getByText('Successfully Saved Role')).toBeVisible();
      const table = page.getByRole('table', { name: 'Roles' });
      const row = table.getByRole('row', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(row).toHaveAttribute('aria-selected', 'true');
      await expect(table.locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
      // Its page, in the list's own order (names ascending): not the first.
      await expect(page).toHaveURL(/\/system\/roles\?(.*&)?page=([2-9]|\d\d)/);
      await expectNoAxeViolations(page);
      // The keyboard starts on it: Enter opens the new role.
      await table.locator('tbody').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });
  }
});

/** A role of the test's own (through the API) and its page opened in edit mode. */
async function editFreshRole(page: Page, label: string) {
  const api = await signedInApi(page);
  const name = `${label} ${Date.now()}`;
  const created = await api.send('POST', '/permissions/roles', { name, resources: { '/person/persons': { GET: true } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/system/roles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Edit role' })).toBeVisible();
  const saved = async () => (await (await api.send('GET', `/permissions/roles/${id}`)).json()) as RoleDetail;
  return { api, id, name, saved };
}

test.describe('administrator: the role form rules', () => {
  test.use({ storageState: storageState('admin') });

  test('trusted relationships and assume roles: an account then one of its roles, picked by name (keyboard too); rows added and removed; a row without an account is dropped', async ({ page }) => {
    // Many steps on a shared, busy machine: more than the default 30 s.
    const { api, saved } = await editFreshRole(page, 'Trust role');
    const targets = (await (await api.send('GET', '/permissions/trust-targets')).json()) as TrustTargets;
    const account = (name: string) => targets.items.find((a) => a.name === name)!;
    const roleOf = (accountName: string, roleName: string) => account(accountName).roles.find((r) => r.name === roleName)!.id;
    const lakeside = account('Lakeside Pediatrics').id;
    const riverside = account('Riverside Family Practice').id;
    const trusted = page.getByRole('region', { name: 'Trusted Relationships' });
    const assume = page.getByRole('region', { name: 'Assume Roles' });

    await trusted.getByRole('button', { name: 'Add trusted relationship' }).click();
    const first = trusted.getByRole('group', { name: 'Trusted relationship 1' });
    // Lists, not id boxes: nothing to type an id into, and the role waits for the account.
    await expect(first.getByRole('combobox', { name: 'Account' })).toBeFocused();
    await expect(first.getByRole('textbox')).toHaveCount(0);
    await expect(first.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    // By keyboard: typing a name picks it in the focused list; Tab moves on to the role.
    await page.keyboard.type('Lakeside');
    await expect(first.getByRole('combobox', { name: 'Account' })).toHaveValue(lakeside);
    await page.keyboard.press('Tab');
    await expect(first.getByRole('combobox', { name: 'Role' })).toBeFocused();
    await page.keyboard.type('Read Only');
    await expect(first.getByRole('combobox', { name: 'Role' })).toHaveValue(roleOf('Lakeside Pediatrics', 'Read Only'));
    // Only the chosen account's roles are offered.
    const offered = await first.getByRole('combobox', { name: 'Role' }).locator('option').allTextContents();
    expect(offered.slice(1).sort()).toEqual(account('Lakeside Pediatrics').roles.map((r) => r.name).sort());
    // A row without an account is dropped on save.
    await trusted.getByRole('button', { name: 'Add trusted relationship' }).click();
    await expect(trusted.getByRole('group', { name: 'Trusted relationship 2' }).getByRole('combobox', { name: 'Account' })).toBeFocused();

    // An assume-role row added then removed leaves nothing; focus goes back to Add.
    await assume.getByRole('button', { name: 'Add assume role' }).click();
    await assume.getByRole('group', { name: 'Assume role 1' }).getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Riverside Family Practice' });
    await assume.getByRole('button', { name: 'Remove assume role 1' }).click();
    await expect(assume.getByRole('group')).toHaveCount(0);
    await expect(assume.getByRole('button', { name: 'Add assume role' })).toBeFocused();
    await assume.getByRole('button', { name: 'Add assume role' }).click();
    const assumed = assume.getByRole('group', { name: 'Assume role 1' });
    await assumed.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Riverside Family Practice' });
    await assumed.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Practice Administrator' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    expect((await saved()).trustedRelationships).toEqual({ [lakeside]: roleOf('Lakeside Pediatrics', 'Read Only') });
    expect((await saved()).assumeRoles).toEqual({ [riverside]: roleOf('Riverside Family Practice', 'Practice Administrator') });
    // View mode shows the saved rows by name (the row without an account is gone).
    await expect(trusted.getByRole('group')).toHaveCount(1);
    await expect(trusted.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText('Lakeside Pediatrics');
    await expect(trusted.getByRole('combobox', { name: 'Role' }).locator('option:checked')).toHaveText('Read Only');

    // Removing the last row empties the map.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Remove trusted relationship 1' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect.poll(async () => (await saved()).trustedRelationships).toEqual({});
    expect((await saved()).assumeRoles).toEqual({ [riverside]: roleOf('Riverside Family Practice', 'Practice Administrator') });
  });

  test('trust pickers at phone size (390×844): the rows fit, the lists work, axe is clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { saved } = await editFreshRole(page, 'Phone trust role');
    const trusted = page.getByRole('region', { name: 'Trusted Relationships' });
    await trusted.getByRole('button', { name: 'Add trusted relationship' }).click();
    const row = trusted.getByRole('group', { name: 'Trusted relationship 1' });
    await row.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Lakeside Pediatrics' });
    await row.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Read Only' });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    for (const box of [row.getByRole('combobox', { name: 'Account' }), row.getByRole('combobox', { name: 'Role' })]) {
      const bounds = (await box.boundingBox())!;
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    expect(Object.keys((await saved()).trustedRelationships)).toHaveLength(1);
  });

  test('CCP Configuration: the ACW timeout is saved as an integer, and unticking clears every ccpConfig value', async ({ page }) => {
    // Many steps on a shared, busy machine: more than the default 30 s.
    const { saved } = await editFreshRole(page, 'CCP role');
    const ccp = page.getByRole('switch', { name: 'CCP Configuration' });
    await ccp.click();
    await page.getByLabel('Instance Id').fill('instance-1');
    await page.getByLabel('Region').fill('us-east-1');
    await page.getByLabel('ACW Timeout (seconds)').fill('45');
    await page.getByLabel('Spice Domain', { exact: true }).fill('spice.example.test');
    await page.getByRole('checkbox', { name: 'Auto Answer' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    const on = (await saved()).ccpConfig;
    expect(on?.awsConnect?.instanceId).toBe('instance-1');
    expect(on?.awsConnect?.defaultProvisionProfile?.acwTimeout).toBe(45);
    expect(on?.awsConnect?.defaultProvisionProfile?.autoAnswer).toBe(true);
    expect(on?.spiceDomain).toBe('spice.example.test');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('switch', { name: 'CCP Configuration' }).click();
    await expect(page.getByLabel('Instance Id')).toHaveCount(0);
    // Ticked again before saving, every value is blank: unticking cleared them.
    await page.getByRole('switch', { name: 'CCP Configuration' }).click();
    await expect(page.getByLabel('Instance Id')).toHaveValue('');
    await expect(page.getByLabel('ACW Timeout (seconds)')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Auto Answer' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'CCP Configuration' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect.poll(async () => (await saved()).ccpConfig).toBeNull();
  });

  test('two edits of one role: the second save gets the conflict notice, and Reload shows the saved version', async ({ page }) => {
    const { api, id, saved } = await editFreshRole(page, 'Contested role');
    const theirs = `Theirs ${Date.now()}`;
    const patched = await api.send('PATCH', `/permissions/roles/${id}`, { version: (await saved()).version, name: theirs });
    expect(patched.status()).toBe(200);
    const mine = `Mine ${Date.now()}`;
    await page.getByLabel('Role Name').fill(mine);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const notice = page.locator('[data-slot="conflict-notice"]');
    await expect(notice).toContainText('This record was changed by someone else since you opened it.');
    await expect(notice.getByRole('row', { name: /Role Name/ })).toContainText(mine);
    await expect(notice.getByRole('row', { name: /Role Name/ })).toContainText(theirs);
    // Nothing was overwritten.
    expect((await saved()).name).toBe(theirs);
    await notice.getByRole('button', { name: 'Reload saved version' }).click();
    await expect(page.getByLabel('Role Name')).toHaveValue(theirs);
    await expect(notice).toHaveCount(0);
  });

  test('by keyboard: G R opens the list, C creates; Role Name is checked on blur; whole-row and whole-column toggles; the palette offers "Create role"', async ({ page }) => {
    // Many steps on a shared, busy machine: more than the default 30 s.
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page).toHaveURL(/\/system\/roles$/);
    await expect(page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/system\/role\/create$/);
    const name = page.getByLabel('Role Name');
    await expect(name).toBeFocused();
    // Validated on blur: leaving it empty says so, under the field.
    await page.keyboard.press('Tab');
    await expect(page.getByText('Role name is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('x'.repeat(101));
    await expect(page.getByText('Role name must be at most 100 characters')).toBeVisible();
    const roleName = `Toggle role ${Date.now()}`;
    await name.fill(roleName);
    await expect(page.getByText('Role name must be at most 100 characters')).toHaveCount(0);

    // A whole row: every method the catalogue offers for Persons.
    await page.getByRole('checkbox', { name: 'All methods of Persons' }).check();
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) await expect(page.getByRole('checkbox', { name: `Persons ${method}` })).toBeChecked();
    // A whole column: GET on every resource; unticked again, only the row's GET goes too.
    await page.getByRole('checkbox', { name: 'GET on every resource' }).check();
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Roles GET' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'GET on every resource' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Persons GET' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Persons POST' })).toBeChecked();
    await page.getByRole('button', { name: 'Add Role' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    await expect(page).toHaveURL(/\/system\/roles\?.*selected=[0-9a-f-]{36}/);
    // The list shows how many users hold it.
    await page.getByLabel('Filter roles').fill(roleName);
    const row = page.getByRole('row', { name: new RegExp(roleName) });
    await expect(row.getByRole('cell').last()).toHaveText('0');

    // The palette's "Create role" opens the form.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('create role');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /Create role/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/role\/create$/);
  });

  test('a role page without an id says "No Role Id"', async ({ page }) => {
    await page.goto('/system/roles/%20');
    await expect(page.getByRole('alert').filter({ hasText: 'No Role Id' })).toBeVisible();
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees roles and their users but no Add Role or Edit', async ({ page }) => {
    await page.goto('/system/roles');
    await expect(page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Role' })).toHaveCount(0);
    await page.getByRole('row', { name: /Read Only/ }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Read Only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Victor Chen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Persons GET' })).toBeDisabled();
  });
});
