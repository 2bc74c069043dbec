import { expect, test, type Page } from './fixtures.ts';
import { tagMessages } from '../domain/tags.ts';
import { demoIssues } from '../server/seed/demo-catalogue.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A tag key of this run only, so the tests find their own tags among the seed's. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const tagsSection = (page: Page) => page.getByRole('region', { name: 'Tags' });
const chips = (page: Page) => tagsSection(page).getByRole('list', { name: 'Tags' }).getByRole('listitem');

/** Opens the practitioner in row `index` of the practitioners list (by name order); answers its name. */
async function openPractitioner(page: Page, index: number, list = '/practice/practitioners'): Promise<string> {
  await page.goto(list);
  const rows = page.getByRole('table', { name: 'Practitioners' }).getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toBeVisible();
  // The name is the row's link (first on a phone, where the name column leads).
  const link = rows.nth(index).getByRole('link').first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(tagsSection(page)).toBeVisible();
  return name;
}

async function addTag(page: Page, key: string, value: string) {
  await tagsSection(page).getByLabel('Tag key').fill(key);
  await tagsSection(page).getByLabel('Tag value').fill(value);
  await tagsSection(page).getByRole('button', { name: 'Add tag' }).click();
  await expect(chips(page).filter({ hasText: `${key}: ${value}` })).toHaveCount(1);
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('adds and removes tags on a practitioner by keyboard and by mouse, with errors under the fields', async ({ page }) => {
    const key = unique('desk');
    await openPractitioner(page, 0);
    const section = tagsSection(page);
    const keyField = section.getByLabel('Tag key');
    const valueField = section.getByLabel('Tag value');

    await test.step('by keyboard: type the key, Tab, the value, Enter adds it and focus goes back to the key for the next one', async () => {
      await keyField.focus();
      await page.keyboard.type(key);
      await page.keyboard.press('Tab');
      await expect(valueField).toBeFocused();
      await page.keyboard.type('North wing');
      await page.keyboard.press('Enter');
      await expect(chips(page).filter({ hasText: `${key}: North wing` })).toHaveCount(1);
      await expect(keyField).toBeFocused();
      await expect(keyField).toHaveValue('');
      await expect(valueField).toHaveValue('');
      // Enter in the key field adds too.
      await page.keyboard.type(key);
      await page.keyboard.press('Tab');
      await page.keyboard.type('South wing');
      await keyField.focus();
      await page.keyboard.press('Enter');
      await expect(chips(page).filter({ hasText: `${key}: South wing` })).toHaveCount(1);
    });

    await test.step('errors show in red under their field and what was typed stays', async () => {
      await keyField.fill(key);
      await keyField.press('Enter');
      await expect(section.getByText(tagMessages.valueRequired)).toBeVisible();
      await expect(section.getByText(tagMessages.valueRequired)).toHaveClass(/text-red-700/);
      await expect(valueField).toBeFocused();
      await expect(valueField).toHaveAttribute('aria-invalid', 'true');
      await expect(keyField).toHaveValue(key);

      await keyField.fill(`${key}:x`);
      await valueField.fill('Anything');
      await valueField.press('Enter');
      await expect(section.getByText(tagMessages.keyColon)).toBeVisible();
      await expect(keyField).toBeFocused();
      await expect(valueField).toHaveValue('Anything');

      // The server's refusal: the same tag again (any case).
      await keyField.fill(key.toUpperCase());
      await valueField.fill('north WING');
      await valueField.press('Enter');
      await expect(section.getByText(`This record already has the tag ${key}: North wing`)).toBeVisible();
      await expect(valueField).toHaveValue('north WING');
      await expect(keyField).toHaveValue(key.toUpperCase());
      await expectNoAxeViolations(page);
    });

    await test.step('by mouse: fill both fields and click Add tag', async () => {
      await keyField.fill(key);
      await valueField.fill('East wing');
      await section.getByRole('button', { name: 'Add tag' }).click();
      await expect(chips(page).filter({ hasText: `${key}: East wing` })).toHaveCount(1);
      await expect(section.getByText(/already has the tag/)).toHaveCount(0);
    });

    await test.step('remove by mouse: the chip goes and focus moves to the next chip', async () => {
      const before = await chips(page).count();
      const removeEast = section.getByRole('button', { name: `Remove tag ${key}: East wing` });
      await removeEast.click();
      await expect(removeEast).toHaveCount(0);
      await expect(chips(page)).toHaveCount(before - 1);
      // Tags are in key then value order: North wing took East wing's place.
      await expect(section.getByRole('button', { name: `Remove tag ${key}: North wing` })).toBeFocused();
    });

    await test.step('remove by keyboard: Enter on a remove button, focus lands on its neighbour', async () => {
      const removeNorth = section.getByRole('button', { name: `Remove tag ${key}: North wing` });
      const removeSouth = section.getByRole('button', { name: `Remove tag ${key}: South wing` });
      await removeNorth.focus();
      await page.keyboard.press('Enter');
      await expect(removeNorth).toHaveCount(0);
      await expect(removeSouth).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(removeSouth).toHaveCount(0);
      await expect(chips(page).filter({ hasText: key })).toHaveCount(0);
      // Focus stays in the section (the next chip, or the key field when none is left after it).
      await expect(section.locator(':focus')).toHaveCount(1);
    });
  });

  test('the practitioners list filters by tag (key or key:value), from the URL too', async ({ page }) => {
    const key = unique('team');
    const first = await openPractitioner(page, 1);
    await addTag(page, key, 'Blue');
    const second = await openPractitioner(page, 2);
    await addTag(page, key, 'Green');

    await page.goto('/practice/practitioners');
    const table = page.getByRole('table', { name: 'Practitioners' });
    const names = table.getByRole('rowgroup').nth(1).getByRole('row').getByRole('cell').nth(1);
    await expect(names.first()).toBeVisible();
    const filter = page.getByLabel('Filter practitioners by tag');
    await filter.fill(key);
    await filter.press('Enter');
    await expect(page).toHaveURL(new RegExp(`tag=${key}`));
    await expect(table.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('rowgroup').nth(1)).toContainText(first);
    await expect(table.getByRole('rowgroup').nth(1)).toContainText(second);

    await filter.fill(`${key}:green`);
    await filter.press('Enter');
    await expect(table.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(1);
    await expect(table.getByRole('rowgroup').nth(1)).toContainText(second);
    await expectNoAxeViolations(page);

    await filter.fill(`${key}:Purple`);
    await filter.press('Enter');
    await expect(page.getByText(`No practitioners match tagged “${key}:Purple”.`)).toBeVisible();

    // The filter is the URL's: opening it shows the filtered list.
    await page.goto(`/practice/practitioners?tag=${encodeURIComponent(`${key}:Blue`)}`);
    await expect(page.getByLabel('Filter practitioners by tag')).toHaveValue(`${key}:Blue`);
    await expect(table.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(1);
    await expect(table.getByRole('rowgroup').nth(1)).toContainText(first);
  });

  test('the issues list filters by a seeded tag from the tag filter box, and the URL keeps it', async ({ page }) => {
    // The seed tags each demo issue with its category's team: clinical and medication issues go to Nursing.
    const nursing = demoIssues.filter((issue) => issue.category === 'Clinical' || issue.category === 'Medication').map((issue) => issue.name);
    await page.goto('/practice/issues');
    const rows = page.getByRole('table', { name: 'Issues' }).getByRole('rowgroup').nth(1).getByRole('row');
    await expect(rows.first()).toBeVisible();
    await expect(rows).not.toHaveCount(nursing.length);
    const filter = page.getByLabel('Filter issues by tag');
    await filter.fill('team:Nursing');
    await filter.press('Enter');
    await expect(page).toHaveURL(/[?&]tag=team(%3A|:)Nursing/);
    await expect(rows).toHaveCount(nursing.length);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
    expect(shown.sort()).toEqual([...nursing].sort());
  });

  test('the palette finds a practitioner by its tag and opens it', async ({ page }) => {
    const key = unique('pager');
    const name = await openPractitioner(page, 3);
    await addTag(page, key, 'Cardiology on-call');
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type(`${key}:cardio`);
    const option = palette.getByRole('group', { name: 'Tagged' }).getByRole('option', { name: new RegExp(name) });
    await expect(option).toBeVisible();
    await expect(option).toContainText(`${key}: Cardiology on-call`);
    await expectNoAxeViolations(page);
    await option.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(chips(page).filter({ hasText: `${key}: Cardiology on-call` })).toHaveCount(1);
  });

  test('removing a tag chip offers Undo in its toast; Undo puts the same tag back', async ({ page }) => {
    const api = await signedInApi(page);
    const key = unique('room');
    await openPractitioner(page, 2);
    await addTag(page, key, 'Four');
    const idsOf = async () => ((await (await api.send('GET', `/tag?key=${key}`)).json()) as { items: { id: string }[] }).items.map((t) => t.id);
    const [id] = await idsOf();
    expect(id).toBeDefined();

    await tagsSection(page).getByRole('button', { name: `Remove tag ${key}: Four` }).click();
    await expect(chips(page).filter({ hasText: `${key}: Four` })).toHaveCount(0);
    const toast = page.getByRole('status').filter({ hasText: `Tag “${key}: Four” deleted` });
    await expect(toast).toBeVisible();
    expect(await idsOf()).toEqual([]);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Restored tag “${key}: Four”` })).toBeVisible();
    await expect(chips(page).filter({ hasText: `${key}: Four` })).toHaveCount(1);
    expect(await idsOf()).toEqual([id]);
  });

  test('a removed tag is listed on the palette\'s "Recently deleted" page as "key: value on <record>" and restored from there', async ({ page }) => {
    const api = await signedInApi(page);
    const key = unique('garden');
    const name = await openPractitioner(page, 3);
    const practitionerId = new URL(page.url()).pathname.split('/').pop()!;
    const created = await api.send('POST', '/tag', { key, value: 'Rose', taggedResourceType: 'Practitioner', taggedResourceId: practitionerId });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await api.send('DELETE', `/tag/${id}`)).status()).toBe(204);

    await page.goto('/home');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('recently deleted');
    await page.keyboard.press('Enter');
    await expect(palette.getByRole('button', { name: '← Recently deleted' })).toBeVisible();
    const entry = palette.getByRole('option', { name: new RegExp(`${key}: Rose on ${name}`) });
    await expect(entry).toContainText('Tag');
    await page.keyboard.type(key);
    await expect(palette.getByRole('option').first()).toContainText(`${key}: Rose on ${name}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Restored tag “${key}: Rose on ${name}”` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/practice/practitioners/${practitionerId}$`));
    await expect(chips(page).filter({ hasText: `${key}: Rose` })).toHaveCount(1);
    expect((await api.send('GET', `/tag/${id}`)).status()).toBe(200);
  });

  test('at phone size (390×844) the Tags section fits and works', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const key = unique('phone');
    await openPractitioner(page, 4);
    await addTag(page, key, 'A rather long value that has to wrap on a phone screen');
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await page.goto('/practice/practitioners');
    await expect(page.getByLabel('Filter practitioners by tag')).toBeVisible();
    const list = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(list.scrollWidth).toBeLessThanOrEqual(list.innerWidth);
  });
});

test.describe('read-only user', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the tags but no way to add or remove them', async ({ page }) => {
    // A practitioner the seed tagged with a language.
    await openPractitioner(page, 0, '/practice/practitioners?tag=language');
    const section = tagsSection(page);
    await expect(chips(page).first()).toBeVisible();
    await expect(section.getByLabel('Tag key')).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
    await expect(section.getByRole('button', { name: /^Remove tag / })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
