import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

/**
 * Keyboard-first in fact (issue 8): these tests type as a fast typist does, without waiting for
 * anything to appear between the keys, also right after a page load.
 */
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

/** Holds the answers to requests for one API path until the returned function is called. */
async function holdAnswers(page: Page, pathname: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await gate;
      await route.fallback();
    },
  );
  return release;
}

test.describe('keystrokes are never lost (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('Ctrl+K then typing at once, right after a fresh page load, puts every character in the query', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('persons');
    await expect(paletteInput(page)).toHaveValue('persons');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('on later opens too, and with "/"', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('abc');
    await expect(paletteInput(page)).toHaveValue('abc');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('users');
    await expect(paletteInput(page)).toHaveValue('users');
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('roles');
    await expect(paletteInput(page)).toHaveValue('roles');
  });

  test('"Ctrl+K, switch, Enter, account name, Enter" switches the account in one motion', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('switch');
    await page.keyboard.press('Enter');
    await page.keyboard.type('lake');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText('you are acting in Lakeside Pediatrics');
    await expect(palette(page)).toBeHidden();
  });

  test('a key typed the moment the palette takes its held keys comes after them, not before', async ({ page }) => {
    // The race seen as "ercently deleted": keys held while the palette opened are handed over when
    // its input gets focus, and a key arriving before React has rendered that hand-over must wait
    // behind them. A focus listener's microtask runs exactly in that gap, every time.
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await page.evaluate(() => {
      const press = (to: EventTarget, key: string, ctrlKey = false) =>
        to.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true, cancelable: true }));
      document.addEventListener(
        'focusin',
        (event) => {
          const input = event.target as HTMLElement;
          if (!input.matches('[cmdk-input]')) return;
          queueMicrotask(() => {
            // Not a trusted key, so the browser would not type it: one the palette let through is lost.
            press(input, 'c');
          });
        },
        { capture: true, once: true },
      );
      press(document.body, 'k', true);
      press(document.body, 'r');
      press(document.body, 'e');
    });
    await expect(paletteInput(page)).toHaveValue('rec');
    await page.keyboard.type('ently deleted');
    await expect(paletteInput(page)).toHaveValue('recently deleted');
  });

  test('a focus that leaves the open palette and comes back keeps the caret: the next key adds to the query, not replaces it (issue 24, "ersons")', async ({ page }) => {
    // The palette's focus trap brings focus back with the whole query selected, so the key after
    // such an excursion (a screen focusing its field as it mounts, behind the palette) replaced
    // what was typed. Here the excursion comes from a script, between the first key and the rest.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('p');
    await expect(paletteInput(page)).toHaveValue('p');
    await page.evaluate(() => document.querySelector<HTMLElement>('header button')!.focus());
    await page.keyboard.type('ersons');
    await expect(paletteInput(page)).toHaveValue('persons');
  });

  for (const { name, keys } of [
    { name: 'Ctrl+K three times, then the query', keys: ['Control+k', 'Control+k', 'Control+k', 'persons'] },
    { name: 'Ctrl+K, a query, Escape, Ctrl+K, another query', keys: ['Control+k', 'ab', 'Escape', 'Control+k', 'persons'] },
    { name: 'Ctrl+K, a query, Ctrl+K, Ctrl+K, another query', keys: ['Control+k', 'ab', 'Control+k', 'Control+k', 'persons'] },
  ]) {
    test(`${name}, all typed while a navigation holds the keys: the palette opens with every character of the last query`, async ({ page }) => {
      // Held keys are played into the palette as a queue; a key in it that closed the palette
      // (Escape, Ctrl+K) dropped every key after it, and Escape, not held, ran ahead of them.
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const open = await holdAnswers(page, '/api/person/persons');
      await page.keyboard.type('gp');
      for (const key of keys) {
        if (key === 'Escape' || key.includes('+')) await page.keyboard.press(key);
        else await page.keyboard.type(key);
      }
      await expect(page).toHaveURL(/\/practice\/persons$/);
      open();
      await expect(paletteInput(page)).toHaveValue('persons', { timeout: 20_000 });
      await expect(paletteInput(page)).toBeFocused();
    });
  }

  test('Ctrl+K typed while the palette still has keys waiting (an Enter waiting for the search) waits behind them: the Enter opens the record, then the palette opens anew with every character', async ({ page }) => {
    // The path of the throttled stress test below: the palette queued the Ctrl+K behind its
    // waiting keys, and the shell's toggle closed the palette on the same key press, dropping the
    // Ctrl+K and the keys after it. A held search answer keeps the Enter waiting as long as needed.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const answer = await holdAnswers(page, '/api/search');
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('petrov');
    await expect(paletteInput(page)).toHaveValue('petrov');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('persons');
    await expect(paletteInput(page)).toHaveValue('petrov');
    answer();
    await expect(page).toHaveURL(/\/practice\/(persons|users)\/[0-9a-f-]{36}$/);
    await expect(paletteInput(page)).toHaveValue('persons');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('an Enter typed the moment the palette has put its held keys in the field waits for their results: "users, Enter" opens Users, not the first entry of the empty query', async ({ page }) => {
    // The other path of the throttled stress test below: the held keys are put in the field at
    // once, their results come with the next render, and an Enter in between chose the first
    // entry of the list still shown (the empty query's: Home, from Recent). Here the Enter comes
    // from a script exactly in that gap, every time: right after the field's text is set.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const press = (to: EventTarget, key: string, ctrlKey = false) =>
        to.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true, cancelable: true }));
      const hook = (event: FocusEvent) => {
        const input = event.target as HTMLInputElement;
        if (!input.matches('[cmdk-input]')) return;
        document.removeEventListener('focusin', hook, true);
        // React keeps its own value tracker on the field: the hook wraps it rather than replace it.
        const own = Object.getOwnPropertyDescriptor(input, 'value') ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
        Object.defineProperty(input, 'value', {
          configurable: true,
          get() {
            return own.get!.call(this);
          },
          set(value: string) {
            own.set!.call(this, value);
            if (value !== 'users' || document.documentElement.dataset.enter) return;
            document.documentElement.dataset.enter = 'pressed';
            queueMicrotask(() => press(input, 'Enter'));
          },
        });
      };
      document.addEventListener('focusin', hook, true);
      press(document.body, 'k', true);
      for (const key of 'users') press(document.body, key);
    });
    await expect(page.locator('html')).toHaveAttribute('data-enter', 'pressed');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('persons');
    await expect(page).toHaveURL(/\/users$/);
    await expect(paletteInput(page)).toHaveValue('persons');
    await expect(paletteInput(page)).toBeFocused();
  });

  // Round 1's "users, Enter, Ctrl+K, persons" once failed about one run in eight on a loaded
  // machine, by the two paths the two tests above pin down: the Ctrl+K queued behind waiting keys
  // also toggled the palette shut, and an Enter typed before the held query's results rendered
  // chose from the empty query's list.
  test('under 4× CPU throttling, a second Ctrl+K right after the palette navigated, closed or toggled keeps every key typed after it', async ({ page }) => {
    // The sequences at a typist's pace (no delay between keys), a few rounds each; the
    // deterministic tests above pin down each way a key was lost.
    test.setTimeout(240_000);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const closed = async () => {
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    };
    for (const [round, screen] of ['users', 'roles', 'users'].entries()) {
      // Enter navigates, Ctrl+K again at once.
      await page.keyboard.press('Control+k');
      await page.keyboard.type(screen);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('persons');
      await expect(page, `round ${round + 1}`).toHaveURL(new RegExp(`/${screen}$`));
      await expect(paletteInput(page), `round ${round + 1}, after Enter`).toHaveValue('persons');
      await closed();
      // Toggled three times.
      await page.keyboard.press('Control+k');
      await page.keyboard.press('Control+k');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('persons');
      await expect(paletteInput(page), `round ${round + 1}, toggled`).toHaveValue('persons');
      await closed();
      // Closed by Escape and opened again at once.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('ab');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('persons');
      await expect(paletteInput(page), `round ${round + 1}, after Escape`).toHaveValue('persons');
      await closed();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('typing into the header search box opens the palette with every character, the first included', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    await page.getByRole('searchbox', { name: 'Search Astera' }).or(page.getByPlaceholder('Search Astera')).first().focus();
    await page.keyboard.type('users');
    await expect(paletteInput(page)).toHaveValue('users');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('…and so does typing into it while the access policy still loads', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/permissions/accesspolicy*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home');
    await page.getByPlaceholder('Search Astera').first().focus();
    await page.keyboard.type('users');
    release();
    await expect(paletteInput(page)).toHaveValue('users');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('G shortcuts and "?" work from the moment the page loads', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/practice\/persons$/);
    await page.goto('/home');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
});

test.describe('focus lands somewhere useful (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('after G P focus is in the table: J moves the active row at once, Enter opens it, the title is announced', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.keyboard.press('j');
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody')).toBeFocused();
    const second = table.locator('tbody tr').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Row 2 of \d+: /)).toBeAttached();
    const name = (await second.locator('td').nth(1).textContent())!.trim();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    // The person's heading, not the list's: the screen being left holds focus on its own heading
    // while the next one loads.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(name);
    await expect(heading).toBeFocused();
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText((await heading.textContent())!.trim());
    expect(name.length).toBeGreaterThan(0);
  });

  test('keys typed while a slow screen loads (longer than the key buffer once held them, under 4× CPU throttling) all reach it, none the old one', async ({ page }) => {
    // Throttled, and the data 5 s late: slower than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The list's data answers late: longer than the 3 s the buffer used to hold keys from the navigation's start.
    let answered = false;
    await page.route(
      (url) => url.pathname === '/api/person/persons',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        answered = true;
        await route.fallback();
      },
    );
    // G P, then J J at once: all typed before the list is there.
    await page.keyboard.type('gpjj');
    await expect(page).toHaveURL(/\/practice\/persons$/);
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody')).toBeFocused({ timeout: 30_000 });
    expect(answered).toBe(true);
    // Both J reached the list: the third row is active (the first J of a fresh list selects the second row).
    await expect(table.locator('tbody tr').nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Row 3 of \d+: /)).toBeAttached();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a click on the header search while keys wait for the next screen opens the palette after them: the keys reach the new list, what is typed after the click the palette (issue 24)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const open = await holdAnswers(page, '/api/person/persons');
    // G P, then J for the list that is not there yet; then the mouse asks for the search, and typing goes on.
    await page.keyboard.type('gpj');
    await expect(page).toHaveURL(/\/practice\/persons$/);
    await page.getByPlaceholder('Search Astera').click();
    await page.keyboard.type('ab');
    // The palette waits behind the J (opening it at once dropped the J).
    await expect(palette(page)).toBeHidden();
    open();
    await expect(paletteInput(page)).toHaveValue('ab');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    // The J reached the new list: its second row is active, and focus is back in it.
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
  });

  test('the screen being left takes no click while the next one loads, says that it loads, and the new screen then has the focus (issue 24)', async ({ page }) => {
    await page.goto('/practice/persons');
    const persons = page.getByRole('table', { name: 'Persons' });
    await expect(persons.locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('j');
    await expect(persons.locator('tbody')).toBeFocused();
    // A person's link in the old list, where a fast click lands while the next screen loads.
    const link = persons.locator('tbody tr').first().getByRole('link').first();
    await expect(link).toBeVisible();
    const open = await holdAnswers(page, '/api/person/practitioners');
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page).toHaveURL(/\/practice\/practitioners$/);
    await expect(page.getByRole('progressbar', { name: 'Loading the next screen' })).toBeVisible();
    // Focus left the old list for its heading, not for <body>; Tab finds nothing of the old content.
    await expect(page.getByRole('heading', { level: 1, name: 'Persons' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#main') !== null && document.activeElement?.tagName !== 'H1')).toBe(false);
    // A real click where the old list's link shows (force: past Playwright's own check, which finds
    // it covered) opens nothing: it would have left for that person's page.
    await link.click({ force: true });
    // The old screen keeps its main landmark and heading meanwhile: axe finds the page whole.
    await expectNoAxeViolations(page, { whileLoading: true });
    open();
    const practitioners = page.getByRole('table', { name: 'Practitioners' });
    await expect(practitioners.locator('tbody')).toBeFocused();
    await expect(page).toHaveURL(/\/practice\/practitioners$/);
    await expect(page.locator('#main [inert]')).toHaveCount(0);
  });

  test('a palette entry moves focus into the new screen, keys typed at once included', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Users');
    await page.keyboard.press('Enter');
    await page.keyboard.press('j');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText('Users');
  });

  test('characters typed at once after a palette command opens a form go into its first field', async ({ page }) => {
    await page.goto('/practice/users');
    const id = (await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link').getAttribute('href'))!.split('/').at(-1)!;
    await page.goto(`/practice/users/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('edit user');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Qz');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveValue(/Qz/);
  });

  test('on a phone, the palette opened from the Menu to switch account gives focus back to the Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('menuitem', { name: /Switch account/ }).click();
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('J/K work on a list shown by a reload, without tabbing into the table', async ({ page }) => {
    await page.goto('/practice/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // Shown by its address, the list takes the focus on its first row (issue 40); a J pressed
    // before that lands would make the first row active instead, so wait for it: one outcome.
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('j');
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('k');
    await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  });

  test('a form screen focuses its first field; Cancel goes back to the list with focus in its table', async ({ page }) => {
    await page.goto('/practice/persons');
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/person\/create$/);
    await expect(page.getByRole('button', { name: 'Add Name' })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody')).toBeFocused();
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText('Persons');
  });

  test('closing Add Name returns focus to the Add Name button; the side panel returns it to its row', async ({ page }) => {
    await page.goto('/practice/person/create');
    const addName = page.getByRole('button', { name: 'Add Name' });
    await addName.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add Name' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addName).toBeFocused();

    await page.goto('/practice/persons');
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The list has the focus once shown, on its first row (issue 40): J moves to the second.
    await expect(table.locator('tbody')).toBeFocused();
    await page.keyboard.press('j');
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+Enter');
    const panel = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Open full page' }) });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
  });

  test('closing the palette gives focus back to what had it', async ({ page }) => {
    await page.goto('/practice/persons');
    const filter = page.getByRole('searchbox', { name: 'Filter persons' });
    await filter.focus();
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(filter).toBeFocused();
  });
});

test.describe('the workspace tab strip is a tab list (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('tabs have tab semantics, arrow keys and Home/End, scroll when they overflow, and no product suffix', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    // Many tabs, more than fit: seeded as the app keeps them.
    const tabs = Array.from({ length: 14 }, (_, i) => ({ path: `/practice/persons?q=tab${i}`, title: `Persons filtered ${i}` }));
    await page.addInitScript((seeded) => localStorage.setItem('astera.tabs', JSON.stringify({ own: seeded })), tabs);
    await page.goto('/practice/persons?q=tab13');
    const list = page.getByRole('tablist', { name: 'Workspace tabs' });
    await expect(list.getByRole('tab')).toHaveCount(14);
    const last = list.getByRole('tab', { name: 'Persons filtered 13', exact: true });
    await expect(last).toHaveAttribute('aria-selected', 'true');
    // It overflows and scrolls: the shown tab (the last) is scrolled into view.
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(last).toBeInViewport({ ratio: 1 });

    await last.focus();
    await page.keyboard.press('Home');
    const first = list.getByRole('tab', { name: 'Persons filtered 0', exact: true });
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('tab', { name: 'Persons filtered 1', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowLeft');
    await expect(list.getByRole('tab', { name: 'Persons filtered 12', exact: true })).toBeFocused();
    // Only one tab is in the Tab order.
    await expect(list.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  });

  test('a screen opened as a tab by "T then T" is labelled without " · Astera"', async ({ page }) => {
    await page.goto('/practice/users');
    await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    await expect(page.getByRole('tablist', { name: 'Workspace tabs' }).getByRole('tab')).toHaveText(['Users']);
  });
});

test.describe('the palette offers only real destinations (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('routes that only show the home content are not listed, but stay routable', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    for (const name of ['Data Management', 'Identity Providers', 'Amazon Connect', 'Phone Numbers', 'Endpoints', 'Logs']) {
      await paletteInput(page).fill(name);
      await expect(palette(page).getByRole('option', { name: new RegExp(`^${name}`) })).toHaveCount(0);
    }
    await paletteInput(page).fill('Persons');
    await expect(palette(page).getByRole('option', { name: /^Persons/ })).toBeVisible();
    await page.goto('/system/datamanagement');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });

  test('Recent never records a 404 page', async ({ page }) => {
    await page.goto('/practice/persons/00000000-0000-4000-8000-000000000000');
    await expect(page.locator('[data-not-found] h1')).toBeVisible();
    const notFoundTitle = (await page.locator('[data-not-found] h1').textContent())!.trim();
    await page.goto('/practice/users');
    const id = (await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link').getAttribute('href'))!.split('/').at(-1)!;
    await page.goto(`/practice/users/${id}`);
    const recent = () => page.evaluate(() => JSON.stringify(JSON.parse(localStorage.getItem('astera.recent') ?? '{}')));
    await expect.poll(recent).toContain(`/practice/users/${id}`);
    expect(await recent()).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(await recent()).not.toContain(notFoundTitle);
  });

  test('the theme commands offer the themes not in use, "Use system theme" included', async ({ page }) => {
    await page.goto('/home');
    const themes = async () => {
      await page.keyboard.press('Control+k');
      await page.keyboard.type('theme');
      await expect(palette(page).getByRole('option', { name: /^Use \w+ theme/ }).first()).toBeVisible();
      const names = (await palette(page).getByRole('option', { name: /^Use \w+ theme/ }).allTextContents()).map((t) => t.trim()).sort();
      return names;
    };
    expect(await themes()).toEqual(['Use dark theme', 'Use light theme']);
    await palette(page).getByRole('option', { name: 'Use dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await themes()).toEqual(['Use light theme', 'Use system theme']);
    await palette(page).getByRole('option', { name: 'Use system theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await themes()).toEqual(['Use dark theme', 'Use light theme']);
  });
});

test.describe('create person (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('"At Least One Name is required" is a hint, not an error, until a save is tried; chips show the usage as "Usual"', async ({ page }) => {
    await page.goto('/practice/person/create');
    const hint = page.getByText('At Least One Name is required');
    await expect(hint).toBeVisible();
    const red = (el: HTMLElement) => getComputedStyle(el).color;
    const errorColor = await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.className = 'text-red-700';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    expect(await hint.evaluate(red)).not.toBe(errorColor);
    // Ctrl+Enter tries to save: now it is an error.
    await page.getByRole('button', { name: 'Add Name' }).focus();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => hint.evaluate(red)).toBe(errorColor);

    await page.getByRole('button', { name: 'Add Name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Name' });
    await dialog.getByLabel('First Name').fill('Una');
    await dialog.getByLabel('Last Name').fill('Usual');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Usage').selectOption('usual');
    await dialog.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByRole('list', { name: 'Names' })).toContainText('Una Usual · Usual');
  });
});

test.describe('create a person by keyboard alone (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('G P, C, Enter, name, Enter, name, Enter, Ctrl+Enter, G P: a person is created and the list is back, without one Tab', async ({ page }) => {
    await page.goto('/home');
    const family = `Tabless${Date.now()}`;
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.keyboard.press('c');
    await expect(page.getByRole('button', { name: 'Add Name' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Name' });
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await page.keyboard.type('Tia');
    await page.keyboard.press('Enter');
    // Enter saves (issue 24): the name refused, focus goes to the field to mend, with its message.
    await expect(dialog.getByLabel('Last Name')).toBeFocused();
    await expect(dialog.getByText(/last name is required/i)).toBeVisible();
    await page.keyboard.type(family);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Name' })).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(family);
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody')).toBeFocused();
  });
});

test.describe('home (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('"Recent changes" entries name their records and link to them', async ({ page }) => {
    // A change of its own, so the entry is among the newest whatever else the seed and other tests did.
    const api = await signedInApi(page);
    const family = `Recent${Date.now().toString(36)}`;
    const created = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: ['Rita'], family, prefix: [], suffix: [] }], communication: [] });
    expect(created.status()).toBe(201);
    await page.goto('/home');
    const changes = page.getByRole('region', { name: 'Recent changes' });
    await expect(changes.getByRole('listitem').first()).toBeVisible();
    for (const text of await changes.getByRole('listitem').allTextContents()) expect(text).toMatch(/“.+”/);
    const change = changes.getByRole('link', { name: new RegExp(`created person “Rita ${family}”`) });
    await change.click();
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(family);
  });
});

test.describe('axe on the header popups (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('the Ghost Mode account popover has a name; the avatar menu leaves no focusable element in an aria-hidden page', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: /Ghost Mode account:/ }).click();
    await expect(page.getByRole('dialog', { name: 'Ghost Mode: act in account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /Ghost Mode account:/ })).toBeFocused();

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeFocused();
  });
});
