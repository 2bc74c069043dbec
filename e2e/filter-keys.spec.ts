import { expect, test, type Page } from './fixtures.ts';
import { unnamedPartyLabels } from '../domain/interaction-kinds.ts';
import { storageState } from './support.ts';

/**
 * Issue 40: from a list's filter box to its results there was no key (↓ and Enter stayed in the
 * box, 18 Tabs from the Interactions search to the table); the Disposition filter applied only on
 * Enter while the others apply as you type; with a slow API the filter row moved as the Queue,
 * Agent and Team choices arrived. Keys are typed at a fast typist's pace, without waits.
 */
test.use({ storageState: storageState('manager') });

const table = (page: Page) => page.getByRole('table', { name: 'Interactions' });

test('Interactions: a name typed in the search, ↓ and Enter at once open that patient\'s call, not the first row shown before', async ({ page }) => {
  await page.goto('/interactions');
  const rows = table(page).locator('tbody tr');
  await expect(rows.nth(5)).toBeVisible();
  const first = (await rows.first().getByRole('link').first().innerText()).trim();
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('a')?.textContent?.trim() ?? ''));
  // A patient's name: not a number, and not what a call or web chat naming no one is called ('Unknown caller', 'Web chat visitor': no name, found by no search).
  const unnamed: string[] = Object.values(unnamedPartyLabels);
  const name = names.find((candidate) => candidate && candidate !== first && !unnamed.includes(candidate) && !candidate.startsWith('+') && !candidate.startsWith('('))!;
  expect(name).toBeTruthy();
  await page.getByRole('searchbox', { name: 'Find by patient or number' }).click();
  await page.keyboard.type(name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/interactions\/[^/?]+$/);
  await expect(page.getByRole('main')).toContainText(name);
});

test('every list: Enter in its filter box applies it and goes to the results, their first row active', async ({ page }) => {
  await page.goto('/practice/persons');
  const persons = page.getByRole('table', { name: 'Persons' });
  await expect(persons.locator('tbody tr').first()).toBeVisible();
  const name = (await persons.locator('tbody tr').nth(2).getByRole('link').first().innerText()).trim();
  await page.getByRole('searchbox', { name: 'Filter persons' }).click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(persons.locator('tbody')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`[?&]q=`));
  await expect(persons.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  await expect(persons.locator('tbody tr').first()).toContainText(name);
});

test('Interactions: the Disposition filter applies as you type, as the others do', async ({ page }) => {
  await page.goto('/interactions');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Disposition' }).fill('Resolved');
  await expect(page).toHaveURL(/[?&]disposition=Resolved/);
});

test('Interactions with a slow API: the filter row keeps its place while the Queue, Agent and Team choices come', async ({ page }) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => ['/api/callcenter/queues', '/api/person/users', '/api/teams/teams'].includes(url.pathname),
    async (route) => {
      await gate;
      if (!route.request().url().includes('/api/person/users')) return route.fallback();
      // Among the agents one with a long name: the widest choice of all must not widen its filter either.
      const response = await route.fetch();
      const users = (await response.json()) as { Items: { id: string; name: string }[] };
      users.Items.push({ ...users.Items[0]!, id: 'long-named-agent', name: 'Bartholomew Alexander Featherstonehaugh-Wolfeschlegel' });
      await route.fulfill({ response, json: users });
    },
  );
  await page.goto('/interactions');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  const direction = page.getByRole('combobox', { name: 'Direction' });
  const before = await direction.boundingBox();
  release();
  await expect.poll(() => page.getByRole('combobox', { name: 'Queue' }).locator('option').count()).toBeGreaterThan(1);
  await expect.poll(() => page.getByRole('combobox', { name: 'Agent' }).locator('option').count()).toBeGreaterThan(1);
  await expect.poll(() => page.getByRole('combobox', { name: 'Team' }).locator('option').count()).toBeGreaterThan(1);
  expect(await direction.boundingBox()).toEqual(before);
});
