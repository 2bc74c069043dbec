import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { expectNoAxeViolations, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const table = (page: Page) => page.getByRole('table', { name: 'Call Center Queues' });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Opens the seeded BasicQueue of the acting account (every instance has it; no refresh removes it). */
async function openBasicQueue(page: Page) {
  await page.goto('/system/call-center/queues?q=BasicQueue');
  const row = table(page).locator('tbody tr').filter({ hasText: 'BasicQueue' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/system\/call-center\/queues\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'BasicQueue' })).toBeVisible();
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('a queue edit round trip by keyboard: Edit, a greeting, add and remove a disposition, Save, the reloaded values', async ({ page }) => {
    const greeting = unique('Hello, this is {{agentName}}');
    const disposition = unique('Callback booked');
    await openBasicQueue(page);
    const inbound = page.getByRole('textbox', { name: 'Inbound' });
    // Read-only until Edit.
    await expect(inbound).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Image Path' })).toBeFocused();
    await expect(inbound).not.toHaveAttribute('readonly', '');
    await page.keyboard.press('Tab');
    await expect(inbound).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(greeting);
    // Remove every disposition there was, then add one.
    const removes = page.getByRole('button', { name: /^Remove disposition / });
    while ((await removes.count()) > 0) {
      await removes.first().focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText(messages.noQueueDispositions)).toBeVisible();
    await page.getByRole('button', { name: 'Add Disposition' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Disposition 1' })).toBeFocused();
    await page.keyboard.type(disposition);
    // A second, empty box is refused under itself and keeps what was typed.
    await page.getByRole('button', { name: 'Add Disposition' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(messages.dispositionRequired)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Disposition 1' })).toHaveValue(disposition);
    await page.getByRole('button', { name: 'Remove disposition 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(messages.queueSaved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(inbound).toHaveValue(greeting);
    await expect(page.getByRole('list', { name: 'Dispositions' }).getByRole('listitem')).toHaveText([disposition]);
    // The saved values are the server's: a reload shows them.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Inbound' })).toHaveValue(greeting);
    await expect(page.getByRole('list', { name: 'Dispositions' }).getByRole('listitem')).toHaveText([disposition]);
  });

  test('the info popover explains {{value}} placeholders with an agent-name example', async ({ page }) => {
    await openBasicQueue(page);
    const trigger = page.getByRole('button', { name: 'About placeholders in greetings' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Placeholders in greetings' });
    await expect(popover).toContainText('replaced at runtime by the consumer');
    await expect(popover).toContainText('{{agentName}}');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the palette command "Refresh queues" and the Refresh button say what changed; G Q opens the list', async ({ page }) => {
    const changed = /^\d+ added(, \d+ removed)?$|^\d+ removed$/;
    await page.goto('/home');
    await ready(page);
    // From anywhere: the command opens the list, which refreshes and says what changed.
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.type('Refresh queues');
    await page.keyboard.press('Enter');
    await expect(page.getByText(changed)).toBeVisible();
    await expect(page).toHaveURL(/\/system\/call-center\/queues$/);
    await expect(table(page).getByRole('columnheader')).toHaveText([/^Id/, /^Name/, /^Dispositions/]);
    const refreshed = page.waitForResponse((res) => res.url().includes('/callcenter/queues?') && res.url().includes('refresh=1') && res.status() === 200);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await refreshed;
    await expect(page.getByText(changed).last()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('g');
    await page.keyboard.press('q');
    await expect(page).toHaveURL(/\/system\/call-center\/queues$/);
  });

  test('at phone size the list and a queue page fit without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBasicQueue(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Disposition' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.goto('/system/call-center/queues');
    await expect(table(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the queues and a queue page, but no Edit', async ({ page }) => {
    await openBasicQueue(page);
    await expect(page.getByRole('textbox', { name: 'Inbound' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
