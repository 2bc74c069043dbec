import { expect, test, type Browser, type Page } from './fixtures.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { expectNoAxeViolations, signedInApi, storageState, type DemoUser } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** Issue 11 "Notifications": the header's bell, live updates, and the palette page. */

type Api = Awaited<ReturnType<typeof signedInApi>>;
type ListAnswer = { items: { id: string; title: string; message: string; read: boolean; jumpPath: string | null }[]; unread: number };

/** The API as another demo user, from a browser context of their own. */
async function apiAs(browser: Browser, user: DemoUser): Promise<Api> {
  const context = await browser.newContext({ storageState: storageState(user) });
  return signedInApi(await context.newPage());
}

async function policyOf(api: Api) {
  return (await (await api.send('GET', '/permissions/accesspolicy')).json()) as { accountId: string; user: { id: string } };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
/** A notification's own button (its name starts with the title; its delete button's does not). */
const startsWith = (title: string) => new RegExp(`^${title}`);
const unique = (what: string) => `${what} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Sends `title` from the manager to `userId` (the manager's role may POST notifications). */
async function sendFromManager(manager: Api, userId: string, title: string, jumpPath: string | null = null) {
  const res = await manager.send('POST', '/notifications/notifications', { userId, title, message: `About ${title}`, jumpPath });
  expect(res.status()).toBe(201);
}

test.describe('read only user', () => {
  test.use({ storageState: storageState('viewer') });

  test('a role change notifies the holder: it appears in the bell without a reload, opens the role and is then read', async ({ page, browser }) => {
    await page.goto('/home');
    const viewer = await signedInApi(page);
    const { accountId } = await policyOf(viewer);
    expect((await viewer.send('PATCH', '/notifications/notifications', { read: true })).status()).toBe(200);
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // The administrator saves the role the viewer holds ("Read Only"), acting in their account.
    const roles = (await (await viewer.send('GET', '/permissions/roles')).json()) as { items: { id: string; name: string; version: number }[] };
    const readOnly = roles.items.find((r) => r.name === 'Read Only')!;
    const admin = await apiAs(browser, 'admin');
    const saved = await admin.send('PATCH', `/permissions/roles/${readOnly.id}?accountId=${accountId}`, { version: readOnly.version, name: 'Read Only' });
    expect(saved.status()).toBe(200);

    // No reload: the stream tells the page, the bell counts it.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('bell-count').first()).toBeVisible();
    await bell(page).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByRole('button', { name: /Your role changed/ }).first();
    await expect(item).toContainText('Alex Morgan changed the role "Read Only" you hold in Riverside Family Practice.');
    await expect(item).toContainText('just now');
    await expect(item).toContainText('(unread)');
    await expectNoAxeViolations(page);

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/system/roles/${readOnly.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Read Only' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const list = (await (await viewer.send('GET', '/notifications/notifications')).json()) as ListAnswer;
    expect(list.items.find((n) => n.jumpPath === `/system/roles/${readOnly.id}`)?.read).toBe(true);
  });

  test('Mark all read and delete in the popover; Escape gives focus back to the bell', async ({ page, browser }) => {
    await page.goto('/home');
    const viewer = await signedInApi(page);
    const { user } = await policyOf(viewer);
    expect((await viewer.send('PATCH', '/notifications/notifications', { read: true })).status()).toBe(200);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const manager = await apiAs(browser, 'manager');
    const first = unique('Bell first');
    const second = unique('Bell second');
    await sendFromManager(manager, user.id, first);
    await sendFromManager(manager, user.id, second);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    await bell(page).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByRole('button', { name: startsWith(first) })).toContainText('(unread)');
    await popover.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(popover.getByRole('button', { name: startsWith(first) })).not.toContainText('(unread)');
    await expect(popover.getByRole('button', { name: startsWith(second) })).not.toContainText('(unread)');
    // Nothing unread: nothing to mark. Focus stays in the popover, on the newest notification.
    await expect(popover.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await expect(popover.getByRole('button', { name: startsWith(second) })).toBeFocused();

    await popover.getByRole('button', { name: `Delete notification: ${second}` }).click();
    await expect(popover.getByRole('button', { name: startsWith(second) })).toHaveCount(0);
    await expect(popover.getByRole('button', { name: startsWith(first) })).toBeVisible();
    // The list drops it at once; the server has it deleted once the request is answered.
    await expect.poll(async () => ((await (await viewer.send('GET', '/notifications/notifications')).json()) as ListAnswer).items.map((n) => n.title)).not.toContain(second);

    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
  });

  test('by keyboard: Enter on the bell opens it, Tab reaches a notification, Enter marks it read', async ({ page, browser }) => {
    await page.goto('/home');
    const viewer = await signedInApi(page);
    const { user } = await policyOf(viewer);
    const manager = await apiAs(browser, 'manager');
    const title = unique('Keyboard note');
    await sendFromManager(manager, user.id, title);
    await expect(bell(page)).toHaveAccessibleName(/unread/);
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByRole('button', { name: startsWith(title) });
    await expect(item).toContainText('(unread)');
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(item).not.toContainText('(unread)');
  });

  test('at phone size the bell is in the header and its popover fits the screen', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const viewer = await signedInApi(page);
    const { user } = await policyOf(viewer);
    const manager = await apiAs(browser, 'manager');
    const title = unique('Phone note');
    await sendFromManager(manager, user.id, title, '/practice/issues');
    await expect(bell(page)).toHaveAccessibleName(/unread/);
    await bell(page).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByRole('button', { name: startsWith(title) })).toBeVisible();
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await popover.getByRole('button', { name: startsWith(title) }).click();
    await expect(page).toHaveURL(/\/practice\/issues$/);
  });
});

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('the palette page "Notifications" by keyboard: G F opens it, Delete removes one, Enter opens one at its jumpPath', async ({ page }) => {
    await page.goto('/home');
    const manager = await signedInApi(page);
    const { user } = await policyOf(manager);
    const gone = unique('Palette delete');
    const kept = unique('Palette open');
    await sendFromManager(manager, user.id, gone);
    await sendFromManager(manager, user.id, kept, '/practice/locations');
    await expect(bell(page)).toHaveAccessibleName(/unread/);

    await page.locator('body').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('button', { name: '← Notifications' })).toBeVisible();
    await expect(palette.getByRole('option', { name: /Mark all read/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Typing narrows the page; Delete removes the chosen one.
    await page.keyboard.type(gone);
    await expect(palette.getByRole('option', { name: new RegExp(gone) })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Delete');
    await expect(palette.getByRole('option', { name: new RegExp(gone) })).toHaveCount(0);
    await expect.poll(async () => ((await (await manager.send('GET', '/notifications/notifications')).json()) as ListAnswer).items.map((n) => n.title)).not.toContain(gone);

    // From the root of the palette, by its name this time.
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Notifications');
    await expect(palette.getByRole('option', { name: /^Notifications/ }).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette.getByRole('button', { name: '← Notifications' })).toBeVisible();
    await page.keyboard.type(kept);
    await expect(palette.getByRole('option', { name: new RegExp(kept) })).toHaveAttribute('aria-selected', 'true');
    await expect(palette.getByRole('option', { name: new RegExp(kept) })).toContainText('Unread');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/locations$/);
    await expect
      .poll(async () => ((await (await manager.send('GET', '/notifications/notifications')).json()) as ListAnswer).items.find((n) => n.title === kept)?.read)
      .toBe(true);
  });

  test('"Mark all read" on the palette page', async ({ page }) => {
    await page.goto('/home');
    const manager = await signedInApi(page);
    const { user } = await policyOf(manager);
    const title = unique('Palette all');
    await sendFromManager(manager, user.id, title);
    await expect.poll(async () => ((await (await manager.send('GET', '/notifications/notifications')).json()) as ListAnswer).items.find((n) => n.title === title)?.read).toBe(false);
    await expect(bell(page)).toHaveAccessibleName(/unread/);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Notifications');
    await page.keyboard.press('Enter');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('option', { name: /Mark all read/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette.getByRole('option', { name: /Mark all read/ })).toHaveCount(0);
    await expect(palette.getByRole('option', { name: /Unread/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
  });
});

test.describe('a user with no notifications', () => {
  test.use({ storageState: storageState('admin') });

  test('the popover says there are none and offers no "Mark all read" until one is unread', async ({ page, browser }) => {
    const holder = await freshRoleHolder(page, 'Quiet role', {
      '/permissions/accesspolicy': { GET: true },
      '/notifications/notifications': { GET: true },
      '/notifications/notifications/{id}': { PATCH: true },
    });
    const user = await signInAs(browser, holder);
    const { user: me } = await policyOf(await signedInApi(user));
    await bell(user).click();
    const popover = user.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByText('No notifications', { exact: true })).toBeVisible();
    await expect(popover.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await expectNoAxeViolations(user);
    await user.keyboard.press('Escape');

    // One arrives (the stream brings it): now there is something to mark.
    const title = unique('First note');
    const sent = await holder.api.send('POST', '/notifications/notifications', { userId: me.id, title, message: `About ${title}`, jumpPath: null });
    expect(sent.status()).toBe(201);
    await expect(bell(user)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(user).click();
    await expect(popover.getByRole('button', { name: startsWith(title) })).toContainText('(unread)');
    await expect(popover.getByText('No notifications', { exact: true })).toHaveCount(0);
    await popover.getByRole('button', { name: 'Mark all read' }).click();
    await expect(popover.getByRole('button', { name: startsWith(title) })).not.toContainText('(unread)');
    await expect(popover.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await user.context().close();
  });
});
