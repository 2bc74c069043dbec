import { expect, test, type Page } from './fixtures.ts';
import { maskingMessages } from '../domain/masking.ts';
import { brokenWords, expectNoAxeViolations, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const numbers = (page: Page) => page.getByRole('list', { name: 'Practice numbers' });
/** The value shown next to a label. */
const shown = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('practice administrator: telephony settings', () => {
  test.use({ storageState: storageState('manager') });

  test('by keyboard: the palette opens them; a bad limit is mended in place; the chosen number and a default are saved and reach the masked call form; emptied, they return to the built-in ones', async ({ page }) => {
    await page.goto('/home');
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Telephony settings');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /^Telephony settings/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/telephony$/);
    await expect(h1(page)).toHaveText('Telephony settings');

    // The practice's Twilio numbers, each name a link to its contact point; one calls and texts.
    const items = numbers(page).getByRole('listitem');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    await expect(items.filter({ hasText: 'Calls and texts patients from' })).toHaveCount(1);
    const secondName = (await items.nth(1).getByRole('link').textContent())!;
    await expect(shown(page, 'Calls allowed')).toHaveText('3 calls (built-in default)');

    await test.step('Edit: the calling number takes the focus; bad limits are said under their fields, the first takes the focus, what was typed stays', async () => {
      await tabTo(page, page.getByRole('button', { name: 'Edit', exact: true }));
      await page.keyboard.press('Enter');
      const caller = page.getByLabel('Call and text patients from');
      await expect(caller).toBeFocused();
      await caller.selectOption((await caller.locator('option', { hasText: `${secondName}, ` }).first().getAttribute('value'))!);
      await tabTo(page, page.getByLabel('Calls allowed'));
      await page.keyboard.type('11');
      await tabTo(page, page.getByLabel('Ring time (seconds)'));
      await page.keyboard.type('soon');
      await page.keyboard.press('Enter');
      await expect(page.getByText(maskingMessages.boundMessage('Calls allowed', 1, 10))).toBeVisible();
      await expect(page.getByText(maskingMessages.boundMessage('Ring time (seconds)', 10, 60))).toBeVisible();
      await expect(page.getByLabel('Calls allowed')).toBeFocused();
      await expect(page.getByLabel('Ring time (seconds)')).toHaveValue('soon');
    });

    await test.step('mended and saved: the page shows them, and Edit has the focus again', async () => {
      await page.keyboard.press('Control+a');
      await page.keyboard.type('5');
      await page.getByLabel('Ring time (seconds)').fill('');
      await page.keyboard.press('Enter');
      await expect(shown(page, 'Calls allowed')).toHaveText('5 calls');
      await expect(shown(page, 'Ring time (seconds)')).toHaveText('30 seconds (built-in default)');
      await expect(items.filter({ hasText: 'Calls and texts patients from' })).toContainText(secondName);
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
    });

    await test.step('calling hours (issue 43): an hour past the legal limit is said under its field, which takes the focus; mended, with holidays, they are saved', async () => {
      await expect(shown(page, 'From')).toHaveText('08:00');
      await expect(shown(page, 'Holidays')).toHaveText('None');
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByLabel('Call patients from'));
      await page.keyboard.press('Control+a');
      await page.keyboard.type('7:00');
      await tabTo(page, page.getByLabel('Holidays'));
      await page.keyboard.type('2027-01-01, 2026-12-25');
      await page.keyboard.press('Control+Enter');
      await expect(page.getByText('Calls start at 8:00 at the earliest (the legal limit), as HH:MM')).toBeVisible();
      await expect(page.getByLabel('Call patients from')).toBeFocused();
      await expect(page.getByLabel('Holidays')).toHaveValue('2027-01-01, 2026-12-25');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('9:00');
      await page.keyboard.press('Enter');
      await expect(shown(page, 'From')).toHaveText('09:00');
      await expect(shown(page, 'Holidays')).toHaveText('Dec 25, 2026, Jan 1, 2027');
    });

    await test.step('the masked call form offers the practice’s own default', async () => {
      await page.goto('/practice/masked-calls/create');
      await expect(page.getByLabel('Calls allowed')).toHaveAttribute('placeholder', '5');
      await expect(page.getByText("1 to 10 calls. Empty: the practice's default (5).")).toBeVisible();
    });

    await test.step('emptied: back to the first number by rank and the built-in limit', async () => {
      await page.goto('/practice/telephony');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel('Call and text patients from').selectOption('');
      await page.getByLabel('Calls allowed').fill('');
      await page.getByLabel('Call patients from').fill('08:00');
      await page.getByLabel('Holidays').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(shown(page, 'Calls allowed')).toHaveText('3 calls (built-in default)');
      await expect(shown(page, 'From')).toHaveText('08:00');
      await expect(shown(page, 'Holidays')).toHaveText('None');
      await expect(items.first()).toContainText('Calls and texts patients from');
    });
  });

  test('at phone size every number and limit is readable whole, and axe finds nothing, read and edited', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/practice/telephony');
    await expect(numbers(page)).toBeVisible();
    const main = page.getByRole('main');
    expect(await brokenWords(numbers(page))).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await main.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Call and text patients from')).toBeFocused();
    await page.getByLabel('Calls per day, all links').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });
});

test.describe('Read Only: telephony settings', () => {
  test.use({ storageState: storageState('viewer') });

  test('reads the numbers and defaults, and is offered no Edit', async ({ page }) => {
    await page.goto('/practice/telephony');
    await expect(h1(page)).toHaveText('Telephony settings');
    await expect(numbers(page).getByRole('listitem').first()).toBeVisible();
    await expect(shown(page, 'Calls allowed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  });
});
