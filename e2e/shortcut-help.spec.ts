import { expect, test } from './fixtures.ts';
import { storageState } from './support.ts';
import { registeredScreens } from './screens-registry.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 40: the shortcut help (`?`) lacked Ctrl+Z, the tab keys (T then N/P/X), the recording
 * player's and the schedule's keys; practice teams had no G shortcut. Every G shortcut of the
 * screens registry (src/features/*\/screens.ts), which the key handler binds, is listed.
 */
test.use({ storageState: storageState('admin') });

const screens = registeredScreens;

const spoken = (keys: string) => keys.split(' ').map((part) => part.replace(/\b\w/g, (c) => c.toUpperCase())).join(' then ');

test('the ? help lists every bound key: each screen\'s G shortcut, Ctrl+Z, the tab keys, the recording\'s and the schedule\'s', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  const row = (label: string | RegExp) => dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
  const expected: [string, string | RegExp][] = [
    ...screens.filter((screen) => screen.shortcut).map((screen) => [screen.shortcut!, `Go to ${screen.title}`] as [string, string]),
    ['ctrl+z', /^Undo a delete/],
    ['t n', 'Next workspace tab'],
    ['t p', 'Previous workspace tab'],
    ['t x', 'Close this workspace tab'],
    ['space', 'Recording: play or pause'],
    ['←/→', /^Recording: back or forward/],
    ['[/]', /^Schedule: previous or next week/],
  ];
  expect(expected.map(([keys]) => keys)).toContain('g d');
  for (const [keys, label] of expected) {
    await expect(row(label), `${keys}: ${label}`).toHaveCount(1);
    await expect(row(label)).toContainText(`Shortcut: ${spoken(keys)}`);
  }
});

test('G D goes to Practice Teams (G M is Microsoft Teams)', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/practice\/teams$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Teams' })).toBeVisible();
});
