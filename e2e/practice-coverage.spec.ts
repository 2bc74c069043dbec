import { messages } from '../domain/messages.ts';
import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations, freshPhone, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 9 requirements that worked without a test that would notice their loss: the 3 s
 * snackbar, the G-shortcuts of every practice list, the Tags section on every taggable record's
 * screen, and the schedule forms at phone size.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The shell is ready for the keyboard once the access policy has loaded (the avatar shows). */
async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** Every visible field and button of the screen lies wholly inside the viewport's width (none cut off at the edge). */
async function expectControlsInside(page: Page) {
  const outside = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('input, select, textarea, button')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.left < 0 || box.right > window.innerWidth))
      .map(({ element, box }) => `${element.outerHTML.slice(0, 80)} (${Math.round(box.left)}–${Math.round(box.right)})`),
  );
  expect(outside, 'controls cut off at the edge').toEqual([]);
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('the create contact point snackbar "Successfully Added Contact Point" shows for 3 seconds, no more, no less (fake clock)', async ({ page }) => {
    // The page's clock is Playwright's: it runs normally while the page loads, then stands still
    // from just before Save, so the snackbar's time passes only when the test says so.
    await page.clock.install();
    await page.goto('/practice/contact-points/create');
    await ready(page);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(unique('Snackbar line'));
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill(freshPhone());
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A line of the practice');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const snackbar = page.getByRole('status').filter({ hasText: 'Successfully Added Contact Point' });
    await expect(snackbar).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await page.clock.runFor(2_990);
    await expect(snackbar).toBeVisible();
    await page.clock.runFor(20);
    await expect(snackbar).toBeHidden();
  });

  /** The practice lists and their G-shortcuts: one test each, so one list's slow load under a busy machine never eats another's time. */
  const lists = [
    ['c', 'contact-points', 'Contact Points'],
    ['l', 'locations', 'Locations'],
    ['s', 'schedules', 'Schedules'],
    ['e', 'issues', 'Issues'],
    ['b', 'insurances', 'Insurances'],
  ] as const;
  for (const [key, area, title] of lists) {
    test(`G ${key.toUpperCase()} from Home opens ${title} with focus in the table; J moves in its table at once`, async ({ page }) => {
      await page.goto('/home');
      await ready(page);
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect(page).toHaveURL(new RegExp(`/practice/${area}(\\?.*)?$`));
      const table = page.getByRole('table', { name: title });
      await expect(table.locator('tbody tr').nth(1)).toBeVisible();
      await expect(table.locator('tbody')).toBeFocused();
      // The first row is the active one; J moves to the second.
      await page.keyboard.press('j');
      await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    });
  }

  test('"?" lists every practice list as "Go to <list>", G then <key>', async ({ page }) => {
    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    for (const [key, , title] of lists) {
      const row = dialog.getByRole('row', { name: new RegExp(`Go to ${title}$`) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`Shortcut: G then ${key.toUpperCase()}`);
    }
  });
});

/** The taggable records besides the practitioner (tested in tags.spec.ts), each made through the API with a unique name. */
const taggable = [
  { kind: 'contact point', path: '/practice/contact-points', api: '/contactpoints/contact-points', body: (name: string) => ({ name, value: freshPhone(), description: 'A line of the practice' }) },
  { kind: 'location', path: '/practice/locations', api: '/locations/locations', body: (name: string) => ({ name }) },
  { kind: 'issue', path: '/practice/issues', api: '/issues', body: (name: string) => ({ name, category: 'Other' }) },
  { kind: 'insurance', path: '/practice/insurances', api: '/insurances', body: (name: string) => ({ insurancePlanName: name }) },
] as const;

test.describe('the Tags section on every taggable record', () => {
  test.use({ storageState: storageState('manager') });

  for (const t of taggable) {
    test(`${t.kind}: the manager adds a tag, sees its chip and removes it; Read Only sees the chips without add or remove`, async ({ page, browser }) => {
      const api = await signedInApi(page);
      const name = unique(`Tagged ${t.kind}`);
      const created = await api.send('POST', t.api, t.body(name));
      expect(created.status(), await created.text()).toBe(201);
      const url = `${t.path}/${((await created.json()) as { id: string }).id}`;
      const key = unique('desk').replace(' ', '');

      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const section = page.getByRole('region', { name: 'Tags' });
      const chips = section.getByRole('list', { name: 'Tags' }).getByRole('listitem');
      for (const value of ['North wing', 'South wing']) {
        await section.getByLabel('Tag key').fill(key);
        await section.getByLabel('Tag value').fill(value);
        await section.getByRole('button', { name: 'Add tag' }).click();
        await expect(chips.filter({ hasText: `${key}: ${value}` })).toHaveCount(1);
      }
      await section.getByRole('button', { name: `Remove tag ${key}: South wing` }).click();
      await expect(chips.filter({ hasText: `${key}: South wing` })).toHaveCount(0);
      await expect(chips.filter({ hasText: `${key}: North wing` })).toHaveCount(1);
      // Saved, not only shown: a fresh load has the one that stayed.
      await page.reload();
      await expect(chips.filter({ hasText: key })).toHaveText([new RegExp(`${key}: North wing`)]);

      const viewer = await browser.newContext({ storageState: storageState('viewer') });
      try {
        const viewerPage = await viewer.newPage();
        await viewerPage.goto(url);
        await expect(viewerPage.getByRole('heading', { level: 1, name })).toBeVisible();
        const viewerSection = viewerPage.getByRole('region', { name: 'Tags' });
        await expect(viewerSection.getByRole('list', { name: 'Tags' }).getByRole('listitem').filter({ hasText: `${key}: North wing` })).toHaveCount(1);
        await expect(viewerSection.getByLabel('Tag key')).toHaveCount(0);
        await expect(viewerSection.getByLabel('Tag value')).toHaveCount(0);
        await expect(viewerSection.getByRole('button', { name: 'Add tag' })).toHaveCount(0);
        await expect(viewerSection.getByRole('button', { name: /^Remove tag / })).toHaveCount(0);
      } finally {
        await viewer.close();
      }
    });
  }
});

test.describe('phone (390×844): the schedule forms', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 } });

  test('Create schedule, Add task and Update task fit the width, every field inside it, and work', async ({ page }) => {
    const check = async () => {
      await expectNoHorizontalOverflow(page);
      await expectControlsInside(page);
      await expectNoAxeViolations(page);
    };
    const name = unique('Phone rota');

    await test.step('Create schedule, with its errors showing, then saved', async () => {
      await page.goto('/practice/schedules/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Create schedule' })).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('name must be more than 1 characters')).toBeVisible();
      await page.getByLabel('For').selectOption('Location');
      await check();
      await page.getByLabel('For').selectOption('');
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    await test.step('Add task, weekly with its days and an end, then saved', async () => {
      await page.getByRole('link', { name: 'Add task' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add task' })).toBeVisible();
      await page.getByLabel('Title').fill('Phone huddle');
      await page.getByLabel('Date').fill('2027-03-01');
      await page.getByLabel('Start time').fill('09:00');
      await page.getByLabel('End time').fill('09:30');
      await page.getByLabel('Repeats').selectOption('WEEKLY');
      await page.getByLabel('Ends').selectOption('count');
      await page.getByLabel('Times').fill('3');
      await check();
      await page.getByRole('button', { name: 'Save task' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /^Week of/ })).toHaveText(/Week of Feb 28\s*–\s*Mar 6, 2027/);
    });

    await test.step('Update task (one occurrence or the series), then saved', async () => {
      await page.locator('a[data-occurrence]').filter({ hasText: 'Phone huddle' }).first().click();
      await expect(page).toHaveURL(/updateTask\//);
      await expect(page.getByRole('radio', { name: 'This occurrence only' })).toBeChecked();
      await check();
      await page.getByRole('radio', { name: 'All occurrences (the series)' }).check();
      await expect(page.getByLabel('Repeats')).toBeVisible();
      await check();
      await page.getByLabel('Notes').fill('Bring the rota');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: /^Week of/ })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: messages.taskSaved })).toBeVisible();
    });
  });
});
