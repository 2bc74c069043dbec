import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { expectNoAxeViolations, freshPhone, pressListKey, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const table = (page: Page) => page.getByRole('table', { name: 'Contact Points' });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Add Practitioner' });
const chips = (page: Page) => page.getByRole('list', { name: 'Practitioners' }).getByRole('listitem');

/** A chip's text: the name, then its remove button's ×. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The shell is ready for the keyboard once the access policy has loaded (the avatar shows). */
async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Opens the Add Practitioner picker and chooses the option at `index` (options are sorted by name). */
async function pickPractitioner(page: Page, index: number, filter = '') {
  await page.getByRole('button', { name: 'Add Practitioner' }).click();
  await expect(picker(page)).toBeVisible();
  if (filter) await picker(page).getByRole('combobox', { name: 'Find a practitioner' }).fill(filter);
  const option = picker(page).getByRole('option').nth(index);
  const label = (await option.textContent())!;
  await option.click();
  return label.replace(/added$/, '');
}

async function openContactPoint(page: Page, name: string) {
  await page.goto(`/practice/contact-points?q=${encodeURIComponent(name)}`);
  const row = table(page).locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/practice\/contact-points\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function createContactPoint(page: Page, fields: { name: string; value: string }) {
  await page.goto('/practice/contact-points/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name);
  await page.getByRole('textbox', { name: 'Value', exact: true }).fill(fields.value);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A line of the practice');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully Added Contact Point')).toBeVisible();
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('by mouse: the list, a create with the defaults, the messages, the snackbar and a fresh form, then view, Edit and Save', async ({ page }) => {
    const name = unique('Oncology line');
    const value = freshPhone();

    await test.step('the list: its columns, page sizes and Add Contact Point', async () => {
      await page.goto('/practice/contact-points');
      await expect(table(page).getByRole('columnheader')).toHaveText(['Id', 'Name', 'Value', 'VIP', 'Service Provider', 'System Type', 'Rank'].map((t) => new RegExp(`^${t}`)));
      await expect(table(page).locator('tbody tr')).toHaveCount(10);
      await expect(page.getByLabel('Rows per page')).toHaveValue('10');
      expect(await page.getByLabel('Rows per page').locator('option').allTextContents()).toEqual(['10', '20', '30', '40', '50']);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Add Contact Point' }).click();
      await expect(page).toHaveURL(/\/practice\/contact-points\/create$/);
    });

    await test.step("the spec's defaults", async () => {
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
      await expect(page.getByLabel('System', { exact: true })).toHaveValue('PHONE');
      await expect(page.getByLabel('Service Provider')).toHaveValue('Amazon Connect');
      await expect(page.getByLabel('System Type')).toHaveValue('Main');
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('10');
      await expect(page.getByLabel('VIP', { exact: true })).not.toBeChecked();
      await expect(chips(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('errors in red under each field, in the spec words, keeping what was typed', async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(messages.contactPointNameMin)).toBeVisible();
      await expect(page.getByText(messages.contactPointValueMin)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
      // Under the field, in the red field-error style.
      await expect(page.locator('[data-slot="field"]').filter({ has: page.getByRole('textbox', { name: 'Name', exact: true }) }).locator('[data-slot="field-error"]')).toHaveText(messages.contactPointNameMin);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByLabel('Rank', { exact: true }).fill('11');
      await page.getByRole('textbox', { name: 'Description', exact: true }).fill('   ');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(messages.contactPointRank)).toBeVisible();
      await expect(page.getByText(messages.contactPointDescriptionMin)).toBeVisible();
      await expect(page.getByText(messages.contactPointNameMin)).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Value', exact: true }).fill('12345');
      await expect(page.getByText(messages.contactPointPhoneInvalid)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('11');
      await expect(page).toHaveURL(/\/practice\/contact-points\/create$/);
      await expectNoAxeViolations(page);
    });

    let practitioner = '';
    await test.step('a valid contact point with a practitioner: the snackbar, then a fresh form with focus in Name', async () => {
      await page.getByRole('textbox', { name: 'Value', exact: true }).fill(value);
      await page.getByLabel('Rank', { exact: true }).fill('4');
      await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Chemotherapy nurses, weekdays');
      await page.getByLabel('Service Provider').selectOption('Twilio');
      await page.getByLabel('VIP', { exact: true }).check();
      practitioner = (await pickPractitioner(page, 0)).replace(/ \([0-9a-f-]{36}\)$/, '');
      await expect(chips(page)).toContainText([practitioner]);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const snackbar = page.getByRole('status').filter({ hasText: 'Successfully Added Contact Point' });
      await expect(snackbar).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
      await expect(page.getByRole('textbox', { name: 'Value', exact: true })).toHaveValue('');
      await expect(page.getByLabel('Service Provider')).toHaveValue('Amazon Connect');
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('10');
      await expect(page.getByLabel('VIP', { exact: true })).not.toBeChecked();
      await expect(chips(page)).toHaveCount(0);
      // Spec §9: the snackbar shows for 3 seconds, then goes.
      await expect(snackbar).toBeHidden();
    });

    await test.step('view mode: the saved values in disabled fields, the stamps, the practitioner as a link', async () => {
      await openContactPoint(page, name);
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
      await expect(page.getByRole('textbox', { name: 'Value', exact: true })).toHaveValue(value);
      await expect(page.getByLabel('Service Provider')).toHaveValue('Twilio');
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('4');
      await expect(page.getByLabel('VIP', { exact: true })).toBeChecked();
      await expect(page.getByRole('button', { name: 'Add Practitioner' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Remove practitioner/ })).toHaveCount(0);
      await expect(chips(page).getByRole('link', { name: practitioner })).toBeVisible();
      for (const label of ['Created', 'Created By', 'Modified', 'Modified By']) await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: /^Maria Lopez$/ })).toHaveCount(2);
      await expectNoAxeViolations(page);
    });

    await test.step('Edit enables the fields; chips are removable while editing; Save returns to view', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeEnabled();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
      await page.getByLabel('Rank', { exact: true }).fill('2');
      await page.getByLabel('System Type').selectOption('Priority');
      await page.getByRole('button', { name: `Remove practitioner ${practitioner}` }).click();
      await expect(chips(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(messages.contactPointSaved)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('2');
      await expect(page.getByLabel('System Type')).toHaveValue('Priority');
      await expect(chips(page)).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel('Rank', { exact: true })).toHaveValue('2');
    });

    await test.step('the list shows it, sorted and filtered on the server', async () => {
      await page.goto(`/practice/contact-points?q=${encodeURIComponent(value)}`);
      const row = table(page).locator('tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell')).toHaveText([/[0-9a-f]/, name, value, 'Yes', 'Twilio', 'Priority', '2']);
      await page.goto('/practice/contact-points?sort=rank&order=desc');
      await expect(table(page).getByRole('columnheader', { name: /^Rank/ })).toHaveAttribute('aria-sort', 'descending');
      await expect(table(page).locator('tbody tr').first().getByRole('cell').nth(6)).toHaveText('10');
      await table(page).getByRole('button', { name: /^Name/ }).click();
      // Name ascending is the default, which the URL leaves out.
      await expect(page).not.toHaveURL(/sort=/);
      await expect(table(page).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
    });
  });

  test('a number already held, in another spelling, is a 409 under Value naming the holder, and the typed text stays', async ({ page }) => {
    await page.goto('/practice/contact-points?q=Nurse%20triage');
    const link = table(page).locator('tbody tr').filter({ hasText: 'Nurse triage' }).getByRole('link').first();
    // The name links to the record's page, which ends with its id.
    const id = (await link.getAttribute('href'))!.split('/').pop()!;
    await page.goto('/practice/contact-points/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Second triage');
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('+1 503.555.0104');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A line of the practice');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`This value already belongs to contact point "Nurse triage" (${id})`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Value', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Value', exact: true })).toHaveValue('+1 503.555.0104');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Second triage');
    await expect(page.getByText('Successfully Added Contact Point')).toHaveCount(0);
  });

  test('the Add Practitioner picker: "name (id)" by name, a duplicate ignored, 25 at most with a message, removal while editing', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/practice/contact-points/create');
    await page.getByRole('button', { name: 'Add Practitioner' }).click();
    const options = picker(page).getByRole('option');
    await expect(options.first()).toBeVisible();
    const labels = await options.allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(25);
    for (const label of labels) expect(label).toMatch(/^.+ \([0-9a-f-]{36}\)$/);
    const names = labels.map((l) => l.replace(/ \([0-9a-f-]{36}\)$/, ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await expectNoAxeViolations(page);

    // Searchable: typing narrows the options to the matching names.
    const first = names[0]!;
    const family = first.split(/[ ,]/)[1]!;
    await picker(page).getByRole('combobox', { name: 'Find a practitioner' }).fill(family);
    await expect(options.first()).toContainText(family);
    await options.first().click();
    await expect(chips(page)).toHaveCount(1);

    // The same practitioner again is ignored.
    await pickPractitioner(page, 0, family);
    await expect(page.getByText(/is already associated\.$/)).toBeVisible();
    await expect(chips(page)).toHaveCount(1);
    await expect(picker(page)).toBeHidden();

    // Up to 25, then the picker closes and says why.
    for (let i = 0; (await chips(page).count()) < 25; i++) {
      await pickPractitioner(page, i);
      await expect(picker(page)).toBeHidden();
    }
    await expect(chips(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Add Practitioner' })).toBeDisabled();
    await expect(page.getByText(`Limit reached: ${messages.contactPointTooManyAssociations}.`)).toBeVisible();
    await expectNoAxeViolations(page);

    await chips(page).first().getByRole('button').click();
    await expect(chips(page)).toHaveCount(24);
    await expect(page.getByRole('button', { name: 'Add Practitioner' })).toBeEnabled();
    await expect(page.getByText(`Limit reached: ${messages.contactPointTooManyAssociations}.`)).toHaveCount(0);
  });

  test('the Add Practitioner picker by keyboard: type and Enter adds the first match, arrows move, Delete/Backspace on a chip removes it and focus stays near', async ({ page }) => {
    await page.goto('/practice/contact-points/create');
    const add = page.getByRole('button', { name: 'Add Practitioner' });
    await add.focus();
    await page.keyboard.press('Enter');
    const find = picker(page).getByRole('combobox', { name: 'Find a practitioner' });
    await expect(find).toBeFocused();
    const options = picker(page).getByRole('option');
    await expect(options.nth(2)).toBeVisible();
    const [first, second] = (await options.allTextContents()).map((l) => l.replace(/ \([0-9a-f-]{36}\)$/, ''));
    // Typing narrows; Enter takes the first match without touching the arrows.
    await find.fill(first!);
    await expect(options.first()).toContainText(first!);
    await page.keyboard.press('Enter');
    await expect(chips(page)).toHaveText([startsWith(first!)]);
    await expect(add).toBeFocused();

    // The arrows move the highlight: ArrowDown then Enter takes the second option.
    await page.keyboard.press('Enter');
    await expect(options.nth(1)).toContainText(second!);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(chips(page)).toHaveText([startsWith(first!), startsWith(second!)]);
    await expect(add).toBeFocused();

    // Delete on the first chip removes it; focus moves to the chip now in its place.
    await page.getByRole('button', { name: `Remove practitioner ${first}` }).focus();
    await page.keyboard.press('Delete');
    await expect(chips(page)).toHaveText([startsWith(second!)]);
    await expect(page.getByRole('button', { name: `Remove practitioner ${second}` })).toBeFocused();
    // Backspace on the last one: the list is empty and focus is back on Add Practitioner.
    await page.keyboard.press('Backspace');
    await expect(chips(page)).toHaveCount(0);
    await expect(add).toBeFocused();
  });

  test('by keyboard: J/K and Shift+Enter in the list, C to create, Enter saves, the palette creates and finds contact points', async ({ page }) => {
    const name = unique('Keyboard line');
    await page.goto('/practice/contact-points');
    await ready(page);
    const body = table(page).locator('tbody');
    await expect(body.locator('tr').first()).toBeVisible();
    const selected = body.locator('tr[aria-selected="true"]');
    // The list takes the focus when it shows (its first row active if the rows were there), and
    // answers J and K, each waited for: a J whose row was not yet drawn when the next key was pressed
    // made that key's expected row one short under load.
    await expect(body).toBeFocused();
    for (const key of ['j', 'j', 'k'] as const) await pressListKey(page, body.locator('tr'), key);
    await expect(selected).toHaveCount(1);
    const firstName = (await selected.getByRole('cell').nth(1).textContent())!;
    await page.keyboard.press('Shift+Enter');
    await expect(page).toHaveURL(/[?&]panel=/);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/[?&]panel=/);

    await body.focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/contact-points\/create$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(freshPhone());
    // Spec §5: a description of at least one character.
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Front desk line');
    await page.getByRole('textbox', { name: 'Description', exact: true }).press('Control+Enter');
    await expect(page.getByText('Successfully Added Contact Point')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');

    // The palette: "Create contact point", a name misspelt, a pasted number.
    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create contact point');
    await expect(palette(page).getByRole('option', { name: /^Create contact point/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/contact-points\/create$/);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Nurse triaje');
    const hit = palette(page).getByRole('group', { name: 'Contact Points' }).getByRole('option', { name: /Nurse triage/ });
    await expect(hit).toBeVisible();
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    const input = palette(page).getByRole('combobox');
    await expect(input).toBeFocused();
    await input.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '503.555.0104');
    await input.fill('503.555.0104');
    await expect(page).toHaveURL(/\/practice\/contact-points\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nurse triage' })).toBeVisible();
  });

  test('an edit someone else saved first shows both versions instead of overwriting', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    const name = unique('Conflict line');
    await createContactPoint(page, { name, value: freshPhone() });
    await openContactPoint(page, name);
    const url = page.url();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Mine');

    const other = await context.newPage();
    await other.goto(url);
    await other.getByRole('button', { name: 'Edit' }).click();
    await other.getByRole('textbox', { name: 'Description', exact: true }).fill('Theirs');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByRole('textbox', { name: 'Description', exact: true })).toBeDisabled();
    await other.close();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: messages.conflict });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Mine');
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Theirs');
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Mine');
    await page.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Mine');
  });

  test('Delete removes it from the list and offers Undo', async ({ page }) => {
    const name = unique('Deleted line');
    await createContactPoint(page, { name, value: freshPhone() });
    await openContactPoint(page, name);
    await page.getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('status').filter({ hasText: `Contact point “${name}” deleted` });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page).toHaveURL(/\/practice\/contact-points$/);
    await page.goto(`/practice/contact-points?q=${encodeURIComponent(name)}`);
    await expect(page.getByText(`No contact points match “${name}”.`)).toBeVisible();
  });

  test('Ctrl+Z after Delete on its page brings the contact point back into the list', async ({ page }) => {
    const name = unique('Ctrl Z line');
    await createContactPoint(page, { name, value: freshPhone() });
    await openContactPoint(page, name);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Contact point “${name}” deleted` })).toBeVisible();
    await expect(page).toHaveURL(/\/practice\/contact-points$/);
    // Ctrl+Z undoes only when the focus is not in a field (there it undoes typing).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+z');
    await expect(page.getByRole('status').filter({ hasText: `Restored contact point “${name}”` })).toBeVisible();
    await page.goto(`/practice/contact-points?q=${encodeURIComponent(name)}`);
    await expect(table(page).locator('tbody tr').filter({ hasText: name })).toHaveCount(1);
  });

  test('Undo after Delete brings the contact point back with its practitioners', async ({ page }) => {
    const name = unique('Undone line');
    await page.goto('/practice/contact-points/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill(freshPhone());
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A line of the practice');
    const practitioner = (await pickPractitioner(page, 0)).replace(/ \([0-9a-f-]{36}\)$/, '');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Successfully Added Contact Point')).toBeVisible();
    await openContactPoint(page, name);
    const url = page.url();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: `Contact point “${name}” deleted` }).getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`Restored contact point “${name}”`)).toBeVisible();
    await page.goto(`/practice/contact-points?q=${encodeURIComponent(name)}`);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    await page.goto(url);
    await expect(chips(page).getByRole('link', { name: practitioner })).toBeVisible();
  });

  test("the practitioner's page links its contact points", async ({ page }) => {
    await openContactPoint(page, 'Nurse triage');
    const practitioner = chips(page).getByRole('link').first();
    const practitionerName = (await practitioner.textContent())!;
    await practitioner.click();
    await expect(page).toHaveURL(/\/practice\/practitioners\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: practitionerName })).toBeVisible();
    await page.getByRole('list', { name: 'Contact points' }).getByRole('link', { name: 'Nurse triage' }).click();
    await expect(page).toHaveURL(/\/practice\/contact-points\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nurse triage' })).toBeVisible();
  });

  test("a load failure says 'Error, please try again'; a missing one is the 404 screen", async ({ page }) => {
    await page.route('**/api/contactpoints/contact-points/*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: messages.serverError } }) })
        : route.fallback(),
    );
    await page.goto('/practice/contact-points/00000000-0000-4000-8000-000000000001');
    await expect(page.getByText(messages.tryAgain)).toBeVisible();
    await page.unroute('**/api/contactpoints/contact-points/*');
    await page.goto('/practice/contact-points/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
  });

  test('at phone size (390×844) the list, the create form and a contact point fit the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = async () => {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    };
    await page.goto('/practice/contact-points');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await fits();
    await page.goto('/practice/contact-points/create');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
    await fits();
    await page.getByRole('button', { name: 'Add Practitioner' }).click();
    await expect(picker(page).getByRole('option').first()).toBeVisible();
    await fits();
    await page.keyboard.press('Escape');
    await expect(picker(page)).toBeHidden();
    await openContactPoint(page, 'Hospital transfer line');
    await fits();
    await expectNoAxeViolations(page);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees contact points but no control that changes them', async ({ page }) => {
    await page.goto('/practice/contact-points');
    await ready(page);
    const rows = table(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Contact Point' })).toHaveCount(0);
    await table(page).locator('tbody').focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/contact-points$/);
    await expectNoAxeViolations(page);

    await openContactPoint(page, 'Nurse triage');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Practitioner' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove practitioner/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto('/practice/contact-points/create');
    await expect(page.getByText("You don't have permission to create contact points.")).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);

    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('contact point');
    await expect(palette(page).getByRole('option', { name: /^Contact Points/ }).first()).toBeVisible();
    await expect(palette(page).getByRole('option', { name: /Create contact point/ })).toHaveCount(0);
  });
});
