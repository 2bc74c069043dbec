import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { roleStillHeld } from '../domain/roles.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 10 "Roles": a role edit takes effect on its holder's next request (menus and API), and a
 * role is deleted from its page or the palette, refused while users still hold it.
 */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const practiceMenu = (page: Page) => page.getByRole('button', { name: 'Practice', exact: true });

test.use({ storageState: storageState('admin') });

/** Holds the page's requests whose URL matches until `release()` (an answer that is on its way). */
async function hold(page: Page, url: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('unticking a grant in the grid takes the menu entry and the API away from the role holder on their next request; a menu open meanwhile stays open and changes in place', async ({ page, browser }) => {
  const holder = await freshRoleHolder(page, 'Menu role', {
    '/permissions/accesspolicy': { GET: true },
    '/person/persons': { GET: true },
    '/person/practitioners': { GET: true },
  });
  const user = await signInAs(browser, holder);
  const userApi = await signedInApi(user);
  expect((await userApi.send('GET', '/person/persons?limit=1')).status()).toBe(200);
  await practiceMenu(user).click();
  await expect(user.getByRole('menuitem', { name: 'Persons' })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: 'Practitioners' })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: 'Locations' })).toHaveCount(0);
  await user.keyboard.press('Escape');

  // The administrator unticks Persons GET (and ticks Locations GET) in the role's grid and saves.
  await page.goto(`/system/roles/${holder.roleId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const personsGet = page.getByRole('checkbox', { name: 'Persons GET' });
  await expect(personsGet).toBeChecked();
  await personsGet.uncheck();
  await page.getByRole('checkbox', { name: 'Locations GET' }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Successfully Saved Role')).toBeVisible();

  // The holder goes to Practitioners and opens the Practice menu again while that screen and the
  // new grants are still on their way (held here, so they arrive while the menu is open).
  const releaseList = await hold(user, '**/api/person/practitioners?*');
  const releasePolicy = await hold(user, '**/api/permissions/accesspolicy*');
  await practiceMenu(user).click();
  await user.getByRole('menuitem', { name: 'Practitioners' }).click();
  await expect(user).toHaveURL(/\/practice\/practitioners$/);
  await practiceMenu(user).click();
  const menu = user.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Persons' })).toBeVisible();
  await user.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Persons' })).toBeFocused();

  // The screen arrives behind the open menu: the menu keeps the keyboard (and stays open).
  releaseList();
  await expect(user.getByRole('table', { name: 'Practitioners' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Persons' })).toBeFocused();

  // The new grants arrive: the open menu stays open, Persons goes, Locations comes, and focus
  // moves from the entry that went to its neighbour.
  releasePolicy();
  await expect(menu.getByRole('menuitem', { name: 'Locations' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Persons' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Practitioners' })).toBeFocused();
  await expect(menu).toBeVisible();
  // The keyboard still drives it, and Escape gives focus back to its button.
  await user.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Locations' })).toBeFocused();
  await user.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(practiceMenu(user)).toBeFocused();

  // …and the API refuses what the role no longer grants, while what it still grants works.
  expect((await userApi.send('GET', '/person/persons?limit=1')).status()).toBe(403);
  expect((await userApi.send('GET', '/person/practitioners?limit=1')).status()).toBe(200);
  await user.context().close();
});

test('an open menu whose every entry the new grants take away goes, and focus goes to the screen, not to the page body', async ({ page, browser }) => {
  const holder = await freshRoleHolder(page, 'Vanishing menu', {
    '/permissions/accesspolicy': { GET: true },
    '/person/practitioners': { GET: true },
    '/metrics/historic': { GET: true },
  });
  const user = await signInAs(browser, holder);
  const insights = user.getByRole('button', { name: 'Insights', exact: true });
  await expect(insights).toBeVisible();

  // From here the holder's requests wait (and go on at `releaseAll`): no request of the page (a
  // poll, a screen still loading) tells the portal of the change below before the menu is open.
  // Under load one did, and the menu was gone before it was opened.
  const releaseAll = await hold(user, '**/api/**');

  // The administrator takes Reporting, the Insights menu's only entry for this role, away.
  const role = (await (await holder.api.send('GET', `/permissions/roles/${holder.roleId}`)).json()) as { version: number };
  const saved = await holder.api.send('PATCH', `/permissions/roles/${holder.roleId}`, {
    version: role.version,
    resources: { '/permissions/accesspolicy': { GET: true }, '/person/practitioners': { GET: true } },
  });
  expect(saved.status()).toBe(200);

  // The holder opens Practitioners, and the Insights menu while that screen is on its way; the
  // screen's answer tells the portal that the role changed.
  await practiceMenu(user).click();
  await user.getByRole('menuitem', { name: 'Practitioners' }).click();
  await insights.click();
  await user.keyboard.press('ArrowDown');
  await expect(user.getByRole('menuitem', { name: 'Reporting' })).toBeFocused();
  releaseAll();

  // The menu and its button go; focus goes to the screen's list, where J/K work.
  await expect(insights).toHaveCount(0);
  await expect(user.getByRole('menu')).toHaveCount(0);
  const table = user.getByRole('table', { name: 'Practitioners' });
  await expect(table).toBeVisible();
  await expect(user.locator('[data-route-focus]')).toBeFocused();
  expect(await user.evaluate(() => document.activeElement === document.body)).toBe(false);
  await user.context().close();
});

test('a role no user holds is deleted from its page after a confirmation; Cancel keeps it and gives focus back to Delete', async ({ page }) => {
  const api = await signedInApi(page);
  const name = `Doomed role ${Date.now()}`;
  const created = await api.send('POST', '/permissions/roles', { name, resources: { '/person/persons': { GET: true } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/system/roles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: `Delete role “${name}”?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect((await api.send('GET', `/permissions/roles/${id}`)).status()).toBe(200);

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete role' }).click();
  await expect(page).toHaveURL(/\/system\/roles$/);
  await expect(page.getByText(`Role “${name}” deleted.`)).toBeVisible();
  expect((await api.send('GET', `/permissions/roles/${id}`)).status()).toBe(404);
  await page.getByLabel('Filter roles').fill(name);
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('link', { name })).toHaveCount(0);
});

test('deleting a role users still hold is refused with how many hold it, from the palette too', async ({ page }) => {
  const holder = await freshRoleHolder(page, 'Held role', { '/permissions/accesspolicy': { GET: true } });
  await page.goto(`/system/roles/${holder.roleId}`);
  await expect(page.getByRole('heading', { level: 1, name: holder.roleName })).toBeVisible();

  // The palette's "Delete role" (only on a role's page) asks as the Delete button does.
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await page.keyboard.type('delete role');
  await expect(palette(page).getByRole('option', { name: /Delete role/ })).toBeVisible();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete role “${holder.roleName}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete role' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(roleStillHeld(1));
  await expect(dialog.getByRole('alert')).toHaveText('This role is held by 1 user; give that user another role before deleting it.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/system/roles/${holder.roleId}$`));
  expect((await holder.api.send('GET', `/permissions/roles/${holder.roleId}`)).status()).toBe(200);
});

test('a role that may edit roles but not delete them sees Delete disabled, naming the grant; Read Only sees no Delete', async ({ page, browser }) => {
  const holder = await freshRoleHolder(page, 'Role editor', {
    '/permissions/accesspolicy': { GET: true },
    '/permissions/roles': { GET: true },
    '/permissions/roles/{id}': { GET: true, PATCH: true },
  });
  const user = await signInAs(browser, holder);
  await user.goto(`/system/roles/${holder.roleId}`);
  await expect(user.getByRole('heading', { level: 1, name: holder.roleName })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();
  const remove = user.getByRole('button', { name: 'Delete', exact: true });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('Needs DELETE on Individual role');
  await expect(user.locator('[data-slot="permitted"]')).toHaveAttribute('title', 'Needs DELETE on Individual role');
  // Nor does the palette offer it.
  await user.keyboard.press('Control+k');
  await user.keyboard.type('delete role');
  await expect(palette(user).getByRole('option', { name: /Delete role/ })).toHaveCount(0);
  await user.context().close();

  const viewer = await browser.newContext({ storageState: storageState('viewer') });
  const viewerPage = await viewer.newPage();
  await viewerPage.goto('/system/roles');
  await viewerPage.getByRole('row', { name: /Read Only/ }).getByRole('link').first().click();
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Read Only' })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await viewer.close();
});

test('a role whose permissions exceed mine shows locked, saying why; my own role stays editable (issue 24)', async ({ page, browser }) => {
  const holder = await freshRoleHolder(page, 'Role manager', {
    '/permissions/accesspolicy': { GET: true },
    '/permissions/roles': { GET: true },
    '/permissions/roles/{id}': { GET: true, PATCH: true, DELETE: true },
  });
  const list = (await (await holder.api.send('GET', '/permissions/roles?limit=100')).json()) as { items: { id: string; name: string }[] };
  const administrator = list.items.find((r) => r.name === 'Administrator')!;
  const user = await signInAs(browser, holder);
  await user.goto(`/system/roles/${administrator.id}`);
  await expect(user.getByRole('heading', { level: 1, name: 'Administrator' })).toBeVisible();
  const reason = messages.roleLocked;
  await expect(user.getByText(reason)).toBeVisible();
  const edit = user.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeDisabled();
  await expect(edit).toHaveAccessibleDescription(reason);
  const remove = user.getByRole('button', { name: 'Delete', exact: true });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(reason);
  // Their own role grants nothing theirs lacks: Edit and Delete as usual.
  await user.goto(`/system/roles/${holder.roleId}`);
  await expect(user.getByRole('heading', { level: 1, name: holder.roleName })).toBeVisible();
  await expect(user.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();
  await expect(user.getByText(reason)).toHaveCount(0);
  await user.context().close();
});
