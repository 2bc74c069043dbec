import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations, freshPhone, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

/** A unique name per run. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('restores a deleted contact point from the palette\'s "Recently deleted" page, by keyboard', async ({ page }) => {
    await page.goto('/home');
    const api = await signedInApi(page);
    const name = `Trash line ${unique()}`;
    const created = await api.send('POST', '/contactpoints/contact-points', { name, value: freshPhone(), description: 'Deleted line' });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await api.send('DELETE', `/contactpoints/contact-points/${id}`)).status()).toBe(204);
    const listed = async () => ((await (await api.send('GET', `/contactpoints/contact-points?q=${encodeURIComponent(name)}`)).json()) as { items: { id: string }[] }).items.map((i) => i.id);
    expect(await listed()).toEqual([]);

    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('recently deleted');
    await expect(palette(page).getByRole('option', { name: 'Recently deleted' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette(page).getByRole('button', { name: '← Recently deleted' })).toBeVisible();
    await expect(paletteInput(page)).toBeFocused();
    const entry = palette(page).getByRole('option', { name: new RegExp(name) });
    await expect(entry).toContainText('Contact point');
    await expect(entry).toContainText('Maria Lopez');
    await expectNoAxeViolations(page);

    await page.keyboard.type(name.slice(-8));
    await expect(palette(page).getByRole('option').first()).toContainText(name);
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Restored contact point “${name}”` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/practice/contact-points/${id}$`));
    expect(await listed()).toEqual([id]);
    expect((await api.send('GET', `/contactpoints/contact-points/${id}`)).status()).toBe(200);

    // Gone from the page once restored.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('recently deleted');
    await page.keyboard.press('Enter');
    await expect(palette(page).getByRole('button', { name: '← Recently deleted' })).toBeVisible();
    await expect(palette(page).getByRole('option', { name: new RegExp(name) })).toHaveCount(0);
    // Backspace on the empty query goes back to the palette's root.
    await page.keyboard.press('Backspace');
    await expect(palette(page).getByRole('button', { name: '← Recently deleted' })).toBeHidden();
  });

  test('lists a deleted schedule task and restores it into its schedule', async ({ page }) => {
    await page.goto('/home');
    const api = await signedInApi(page);
    const schedule = await api.send('POST', '/schedule/schedule', { name: `Trash calendar ${unique()}` });
    expect(schedule.status(), await schedule.text()).toBe(201);
    const { id: scheduleId } = (await schedule.json()) as { id: string };
    const title = `Trash block ${unique()}`;
    const task = await api.send('POST', `/schedule/schedule/${scheduleId}/task`, { title, start: '2026-05-04T09:00:00-04:00', end: '2026-05-04T10:00:00-04:00' });
    expect(task.status(), await task.text()).toBe(201);
    const { id } = (await task.json()) as { id: string };
    expect((await api.send('DELETE', `/schedule/schedule/${scheduleId}/task/${id}`)).status()).toBe(204);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('recently deleted');
    await page.keyboard.press('Enter');
    await expect(palette(page).getByRole('button', { name: '← Recently deleted' })).toBeVisible();
    await expect(palette(page).getByRole('option', { name: new RegExp(title) })).toContainText('Schedule task');
    await page.keyboard.type(title.slice(-8));
    await expect(palette(page).getByRole('option').first()).toContainText(title);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Restored schedule task “${title}”` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/practice/schedules/${scheduleId}$`));
    expect((await api.send('GET', `/schedule/schedule/${scheduleId}/task/${id}`)).status()).toBe(200);
  });

  test("a restore the server refuses shows its message: the number was taken meanwhile", async ({ page }) => {
    await page.goto('/home');
    const api = await signedInApi(page);
    const value = freshPhone();
    const name = `Old holder ${unique()}`;
    const old = (await (await api.send('POST', '/contactpoints/contact-points', { name, value, description: 'Deleted line' })).json()) as { id: string };
    expect((await api.send('DELETE', `/contactpoints/contact-points/${old.id}`)).status()).toBe(204);
    const holderName = `New holder ${unique()}`;
    const holder = await api.send('POST', '/contactpoints/contact-points', { name: holderName, value, description: 'Holder line' });
    expect(holder.status()).toBe(201);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('recently deleted');
    await page.keyboard.press('Enter');
    await page.keyboard.type(name);
    await expect(palette(page).getByRole('option').first()).toContainText(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: holderName })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect((await api.send('GET', `/contactpoints/contact-points/${old.id}`)).status()).toBe(404);
  });

  test('nothing deleted: the page says so without a stray group title, passes axe, and its footer says Enter restores', async ({ page }) => {
    // An account where nothing was deleted in the last 30 days (other tests delete in this one).
    await page.route(/\/api\/deleted(\?|$)/, (route) => route.fulfill({ json: { items: [] } }));
    await page.goto('/home');
    await expect(page.locator('#main h1')).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('recently deleted');
    await expect(palette(page).getByRole('option', { name: 'Recently deleted' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette(page).getByRole('button', { name: '← Recently deleted' })).toBeVisible();
    await expect(palette(page).getByText('Nothing deleted in the last 30 days.')).toBeVisible();
    // No heading over no entries (the back button says "← Recently deleted", not this).
    await expect(palette(page).getByText('Recently deleted', { exact: true })).toHaveCount(0);
    await expect(palette(page).getByText('Enter restore', { exact: true })).toBeVisible();
    await expect(palette(page).getByText('Enter open', { exact: true })).toHaveCount(0);
    // The listbox holds no text without options (axe aria-required-children, critical).
    await expectNoAxeViolations(page);
    // The same once a query finds nothing.
    await page.keyboard.type('zq no such record');
    await expect(palette(page).getByText('No results.')).toBeVisible();
    await expect(palette(page).getByText('Recently deleted', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('practice administrator on a phone', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 } });

  test('the "Recently deleted" page fits the screen', async ({ page }) => {
    await page.goto('/home');
    const api = await signedInApi(page);
    const name = `A rather long contact point name to truncate ${unique()}`;
    const { id } = (await (await api.send('POST', '/contactpoints/contact-points', { name, value: freshPhone(), description: 'Deleted line' })).json()) as { id: string };
    expect((await api.send('DELETE', `/contactpoints/contact-points/${id}`)).status()).toBe(204);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('recently deleted');
    await page.keyboard.press('Enter');
    const entry = palette(page).getByRole('option', { name: new RegExp(name) });
    await expect(entry).toBeVisible();
    const box = (await entry.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    expect((await api.send('POST', `/contactpoints/contact-points/${id}/restore`)).status()).toBe(200);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees no "Recently deleted" command, and GET /deleted shows it nothing', async ({ page }) => {
    await page.goto('/home');
    const api = await signedInApi(page);
    const deleted = await api.send('GET', '/deleted');
    expect(deleted.status()).toBe(200);
    expect(((await deleted.json()) as { items: unknown[] }).items).toEqual([]);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('recently deleted');
    await expect(paletteInput(page)).toHaveValue('recently deleted');
    await expect(palette(page).getByRole('option').first().or(palette(page).getByText('No results.'))).toBeVisible();
    await expect(palette(page).getByRole('option', { name: 'Recently deleted' })).toHaveCount(0);
  });
});
