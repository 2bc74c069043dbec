import { expect, test, type Browser, type Page } from './fixtures.ts';
import { itemMessages, workflowMessages, type WorkflowPerson } from '../domain/workflows.ts';
import { brokenWords, expectMessageShown, expectNoAxeViolations, expectNoHorizontalOverflow, signedInApi, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique title per run, so the tests find their own workflows among the others. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const workflowUrl = /\/workflows\/[0-9a-f-]{36}$/;
const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });
const table = (page: Page) => page.getByRole('table', { name: 'Task Workflows' });
const itemsTable = (page: Page) => page.getByRole('table', { name: 'Task Workflow Items' });
const task = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Task ${n}\\b`) });
/** The Title box (its label holds the required mark, which getByLabel's exact match would count). */
const titleBox = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const tasksInOrder = (page: Page) => page.getByRole('list', { name: 'Tasks in order' }).getByRole('listitem');

type Created = { id: string; title: string };

/** A workflow made through the API as the practice administrator (a text, then a call two days later). */
async function createWorkflow(browser: Browser, title = unique('Reminder')): Promise<Created> {
  const context = await browser.newContext({ storageState: storageState('manager') });
  const page = await context.newPage();
  const api = await signedInApi(page);
  const res = await api.send('POST', '/task-workflows/workflows', {
    title,
    description: 'Reminds patients of their balance, then calls them.',
    tasks: [
      { name: 'sendSMS', variables: { text: 'Hello {{patientName}}, your balance is {{balance}}.' } },
      { name: 'outboundCall', delay: { amount: 2, unit: 'days' } },
    ],
    status: 'MANUAL',
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await context.close();
  return { id, title };
}

test.describe('practice administrator: task workflows', () => {
  test.use({ storageState: storageState('manager') });

  test('created with bad input then good: each message under its field, the first field to mend takes the focus (a task’s too), what was typed stays', async ({ page }) => {
    const title = unique('Balance outreach');
    await page.goto('/workflows');
    await expect(h1(page, 'Task Workflows')).toBeVisible();
    await expect(page.getByRole('link', { name: /Create New Workflow/ }).first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/workflows\/create$/);
    await expect(titleBox(page)).toBeFocused();

    await test.step('nothing typed: Title required and description required; the focus is on Title', async () => {
      await page.getByRole('button', { name: 'Create Workflow' }).click();
      await expect(page.getByText(workflowMessages.titleRequired, { exact: true })).toBeVisible();
      await expect(page.getByText(workflowMessages.descriptionRequired, { exact: true })).toBeVisible();
      await expect(titleBox(page)).toBeFocused();
    });

    await test.step('no task left: the message, and the focus on Add task', async () => {
      await titleBox(page).fill(title);
      await page.getByLabel('Description').fill('Texts the balance, then calls.');
      await page.getByRole('button', { name: 'Remove task 1' }).click();
      await expect(page.getByRole('button', { name: 'Add task' })).toBeFocused();
      await page.getByRole('button', { name: 'Create Workflow' }).click();
      await expect(page.getByText(workflowMessages.atLeastOneTask)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add task' })).toBeFocused();
    });

    await test.step('a text too short and a bad number inside a task: the text box takes the focus and keeps what was typed', async () => {
      await page.keyboard.press('Enter');
      await expect(task(page, 1).getByRole('combobox', { name: 'Task', exact: true })).toBeFocused();
      await task(page, 1).getByRole('combobox', { name: 'Task', exact: true }).selectOption('Text message');
      await task(page, 1).getByLabel('Text message').fill('Hi there');
      // The hint names the item fields a text may use.
      await expect(task(page, 1).getByText(/Item fields it may use: .*\{\{patientName\}\}.*\{\{phone\}\}/)).toBeVisible();
      await task(page, 1).getByLabel('Source number').fill('555-12');
      await titleBox(page).focus();
      await page.keyboard.press('Control+Enter');
      await expect(task(page, 1).getByText(workflowMessages.smsText)).toBeVisible();
      await expect(task(page, 1).getByText(workflowMessages.phoneInvalid)).toBeVisible();
      await expect(task(page, 1).getByLabel('Text message')).toBeFocused();
      await expect(task(page, 1).getByLabel('Text message')).toHaveValue('Hi there');
      await expect(task(page, 1).getByLabel('Source number')).toHaveValue('555-12');
      await expect(titleBox(page)).toHaveValue(title);
    });

    await test.step('mended; a second task (a call after 2 days) is added and moved first by keyboard, then back by its button', async () => {
      await task(page, 1).getByLabel('Text message').fill('Hi {{patientName}}, your balance is {{balance}}.');
      await task(page, 1).getByLabel('Source number').fill('');
      await page.getByRole('button', { name: 'Add task' }).click();
      await expect(task(page, 2).getByRole('combobox', { name: 'Task', exact: true })).toBeFocused();
      await expect(task(page, 2).getByLabel('Delay')).toHaveValue('0');
      await expect(task(page, 2).getByLabel('Unit')).toHaveValue('days');
      await task(page, 2).getByLabel('Delay').fill('2');
      await page.keyboard.press('Alt+ArrowUp');
      await expect(task(page, 1).getByRole('combobox', { name: 'Task', exact: true })).toHaveValue('outboundCall');
      await expect(task(page, 2).getByRole('combobox', { name: 'Task', exact: true })).toHaveValue('sendSMS');
      await page.getByRole('button', { name: 'Move task 1 down' }).click();
      await expect(task(page, 1).getByRole('combobox', { name: 'Task', exact: true })).toHaveValue('sendSMS');
      // The moved task's button in the same direction does nothing at the bottom: the other one holds the focus.
      await expect(page.getByRole('button', { name: 'Move task 2 up' })).toBeFocused();
    });

    await test.step('saved: the workflow’s page shows the tasks in order with their delay', async () => {
      await page.getByRole('button', { name: 'Create Workflow' }).click();
      await expect(page).toHaveURL(workflowUrl);
      await expect(h1(page, title)).toBeVisible();
      await expectMessageShown(page, `Workflow “${title}” created.`);
      await expect(tasksInOrder(page)).toHaveCount(2);
      await expect(tasksInOrder(page).nth(0)).toContainText('1. Text message at once');
      await expect(tasksInOrder(page).nth(1)).toContainText('2. Outbound call after 2 days');
      await expect(page.getByRole('region', { name: 'Status' })).toContainText('Active');
    });
  });

  test('the list: the title is a link, a row click opens the workflow, J/K and Enter; an edit moves a task by keyboard; Pause, Resume', async ({ page, browser }) => {
    const first = await createWorkflow(browser, unique('AAA Keys one'));
    const second = await createWorkflow(browser, unique('AAA Keys two'));
    await page.goto('/workflows');
    await page.getByLabel('Filter workflows').fill('AAA Keys');
    const rows = table(page).locator('tbody tr');
    await expect(rows.filter({ hasText: first.title })).toHaveCount(1);
    await expect(rows.filter({ hasText: second.title })).toHaveCount(1);

    await test.step('the title links to the workflow', async () => {
      const link = table(page).getByRole('link', { name: first.title });
      await expect(link).toHaveAttribute('href', `/workflows/${first.id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/workflows/${first.id}$`));
      await expect(h1(page, first.title)).toBeVisible();
      await page.goBack();
    });

    await test.step('a click elsewhere on the row opens it too', async () => {
      await rows.filter({ hasText: second.title }).getByRole('cell', { name: 'Manual' }).click();
      await expect(page).toHaveURL(new RegExp(`/workflows/${second.id}$`));
      await expect(h1(page, second.title)).toBeVisible();
      await page.goBack();
    });

    await test.step('J and K move the active row, Enter opens it', async () => {
      await page.getByLabel('Filter workflows').fill(first.title.split(' ').slice(0, 2).join(' '));
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      expect(count).toBeGreaterThanOrEqual(2);
      await table(page).locator('tbody').focus();
      await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('j');
      await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('k');
      await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
      const title = (await rows.nth(0).getByRole('link').textContent())!;
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(workflowUrl);
      await expect(h1(page, title)).toBeVisible();
    });

    await test.step('Edit: the second task is moved up by keyboard alone and saved', async () => {
      await page.goto(`/workflows/${first.id}`);
      await tabTo(page, page.getByRole('link', { name: 'Edit', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/workflows/${first.id}/edit$`));
      await expect(titleBox(page)).toBeFocused();
      await tabTo(page, page.getByRole('button', { name: 'Move task 2 up' }));
      await page.keyboard.press('Enter');
      await expect(task(page, 1).getByRole('combobox', { name: 'Task', exact: true })).toHaveValue('outboundCall');
      await expect(page.getByRole('button', { name: 'Move task 1 down' })).toBeFocused();
      await page.keyboard.press('Control+Enter');
      await expect(page).toHaveURL(new RegExp(`/workflows/${first.id}$`));
      await expect(tasksInOrder(page).nth(0)).toContainText('1. Outbound call after 2 days');
      await expect(tasksInOrder(page).nth(1)).toContainText('2. Text message at once');
    });

    await test.step('status: Activate, then Pause and Resume; the next action takes the focus', async () => {
      const status = page.getByRole('region', { name: 'Status' });
      await expect(status).toContainText('Manual');
      await status.getByRole('button', { name: 'Activate' }).click();
      await expect(status).toContainText('Active');
      await tabTo(page, status.getByRole('button', { name: 'Pause' }));
      await page.keyboard.press('Enter');
      await expect(status).toContainText('Paused');
      await expect(status.getByRole('button', { name: 'Resume' })).toBeVisible();
      await expect(status.getByRole('group', { name: 'Change status' }).getByRole('button').first()).toBeFocused();
      await status.getByRole('button', { name: 'Resume' }).click();
      await expect(status).toContainText('Active');
      await page.goto('/workflows');
      await page.getByLabel('Filter workflows').fill(first.title);
      await expect(table(page).locator('tbody tr').first()).toContainText('Active');
    });
  });

  test('Add Workflow Item: bad input then good; the item shows in the table with its status filter, and opens its page with its timeline; abort, then retry', async ({ page, browser }) => {
    const workflow = await createWorkflow(browser);
    await page.goto(`/workflows/${workflow.id}`);
    await expect(h1(page, workflow.title)).toBeVisible();
    await expect(itemsTable(page).getByText('No items yet')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Add Workflow Item' }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Workflow Item' });
    await expect(dialog.getByLabel('Patient name')).toBeFocused();

    await dialog.getByLabel('Phone').fill('12345');
    await dialog.getByLabel('Balance').fill('lots');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText(itemMessages.patientNameRequired)).toBeVisible();
    await expect(dialog.getByText(itemMessages.phoneInvalid)).toBeVisible();
    await expect(dialog.getByText(itemMessages.balance)).toBeVisible();
    await expect(dialog.getByLabel('Patient name')).toBeFocused();
    await expect(dialog.getByLabel('Phone')).toHaveValue('12345');

    const patient = unique('Dana Whitfield');
    await dialog.getByLabel('Patient name').fill(patient);
    await dialog.getByLabel('Phone').fill('(217) 555-0142');
    await dialog.getByLabel('Balance').fill('125.50');
    await dialog.getByLabel('MRN').fill(`MRN-${Date.now().toString(36)}`);
    await dialog.getByLabel('Patient name').press('Enter');
    await expect(dialog).toBeHidden();
    await expectMessageShown(page, `${patient} added to “${workflow.title}”.`);
    await expect(page.getByRole('button', { name: 'Add Workflow Item' }).first()).toBeFocused();
    const row = itemsTable(page).locator('tbody tr').filter({ hasText: patient });
    await expect(row).toContainText('Running');
    await expect(row).toContainText('1. Text message');
    await expect(row).toContainText('Added by hand');

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Failed');
    await expect(itemsTable(page).getByText('No items match status Failed.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Running');
    await expect(row).toBeVisible();

    await row.getByRole('link', { name: patient }).click();
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflow.id}/items/[0-9a-f-]{36}$`));
    await expect(h1(page, patient)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Added');
    // A manual workflow's item waits to be started by hand.
    await expect(page.getByRole('button', { name: 'Start now' })).toBeVisible();
    await page.getByRole('button', { name: 'Abort' }).click();
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Aborted');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Running');

    // Back on the workflow (the back link names it): every running item matching the filter is aborted, after a question.
    await page.getByRole('link', { name: workflow.title }).click();
    await expect(h1(page, workflow.title)).toBeVisible();
    await page.getByRole('button', { name: 'Abort matching' }).click();
    const confirm = page.getByRole('dialog', { name: 'Abort matching items?' });
    await expect(confirm).toContainText('Stops every running item of this workflow.');
    await confirm.getByRole('button', { name: 'Abort items' }).click();
    await expectMessageShown(page, '1 item aborted.');
    await expect(page.getByRole('button', { name: 'Abort matching' })).toBeFocused();
    await expect(itemsTable(page).locator('tbody tr').filter({ hasText: patient })).toContainText('Aborted');
  });

  test('the palette: Create workflow; Start workflow chooses a workflow and opens Add Workflow Item; G W goes to Workflows', async ({ page, browser }) => {
    const workflow = await createWorkflow(browser, unique('Palette start'));
    await page.goto('/home');
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Start workflow');
    await expect(palette.getByRole('option', { name: /^Start workflow/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette.getByRole('combobox')).toHaveAttribute('placeholder', 'Start which workflow?');
    await page.keyboard.type(workflow.title);
    await expect(palette.getByRole('option', { name: new RegExp(workflow.title) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflow.id}\\?add=palette$`));
    // "Start workflow" asks for the person first (or, Tab, the details typed in).
    await expect(page.getByRole('dialog', { name: 'Add Workflow Item' }).getByRole('button', { name: 'Person' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflow.id}$`));
    // Opened by the palette, the dialog gives the focus to Add Workflow Item when it closes.
    await expect(page.getByRole('button', { name: 'Add Workflow Item' }).first()).toBeFocused();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create workflow');
    await expect(palette.getByRole('option', { name: /^Create workflow/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/workflows\/create$/);
    await expect(titleBox(page)).toBeFocused();

    await page.goto('/home');
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(h1(page, 'Task Workflows')).toBeVisible();
    await page.keyboard.press('Shift+?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Task Workflows');
  });

  test('Start workflow for a person: the palette, then the person by typing their name, whose name and number fill in; a manual workflow’s item is added and started; its page links the person', async ({ page, browser }) => {
    const workflow = await createWorkflow(browser, unique('Person start'));
    const api = await signedInApi(page);
    const people = (await (await api.send('GET', '/task-workflows/people')).json()) as { items: WorkflowPerson[] };
    const person = people.items.find((p) => p.phones.length === 1) ?? people.items[0]!;
    await page.goto('/home');
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Start workflow');
    await expect(palette.getByRole('option', { name: /^Start workflow/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.keyboard.type(workflow.title);
    await expect(palette.getByRole('option', { name: new RegExp(workflow.title) })).toBeVisible();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Workflow Item' });
    // The person takes the focus: typing their name searches at once, no Enter first.
    const chooser = dialog.getByRole('button', { name: 'Person' });
    await expect(chooser).toBeFocused();
    // The search answers slowly: the name and Enter typed at once still take that person (the
    // Enter waits for the answer to what was typed, never acting on an older list or none).
    await page.route('**/api/task-workflows/people**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.keyboard.type(person.name);
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog', { name: 'Choose a person' });
    await expect(box).toBeHidden();
    await page.unroute('**/api/task-workflows/people**');
    await expect(chooser).toContainText(person.name);
    await expect(dialog.getByLabel('Patient name')).toHaveValue(person.name);
    await expect(dialog.getByLabel('Phone')).toHaveValue(person.phones[0]!.value);
    if (person.phones.length > 1) {
      await expect(dialog.getByLabel('Number')).toBeFocused();
      await page.keyboard.press('Tab');
    }
    const add = dialog.getByRole('button', { name: 'Add and Start' });
    if (person.phones.length === 1) await expect(add).toBeFocused();
    else await add.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectMessageShown(page, `${person.name} added to “${workflow.title}” and started.`);
    const row = itemsTable(page).locator('tbody tr').filter({ hasText: person.name });
    await expect(row).toContainText('Palette');
    await row.getByRole('link', { name: person.name }).click();
    await expect(h1(page, person.name)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Started');
    await expect(page.getByRole('button', { name: 'Start now' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Patient' }).getByRole('link', { name: person.name }).click();
    await expect(page).toHaveURL(new RegExp(`/practice/persons/${person.id}$`));
  });

  test('tags (spec §3 Task workflow.tags): added on the workflow’s page by keyboard, kept by a reload, answered by the API on the workflow', async ({ page, browser }) => {
    const workflow = await createWorkflow(browser, unique('Tagged'));
    await page.goto(`/workflows/${workflow.id}`);
    await expect(h1(page, workflow.title)).toBeVisible();
    const section = page.getByRole('region', { name: 'Tags' });
    await section.getByLabel('Tag key').focus();
    await page.keyboard.type('campaign');
    await page.keyboard.press('Tab');
    await page.keyboard.type('balances');
    await page.keyboard.press('Enter');
    const chip = section.getByRole('list', { name: 'Tags' }).getByRole('listitem').filter({ hasText: 'campaign: balances' });
    await expect(chip).toHaveCount(1);
    await expect(section.getByLabel('Tag key')).toBeFocused();
    await page.reload();
    await expect(chip).toHaveCount(1);
    const api = await signedInApi(page);
    const read = await api.send('GET', `/task-workflows/workflows/${workflow.id}`);
    expect(((await read.json()) as { tags: { key: string; value: string }[] }).tags.map(({ key, value }) => `${key}:${value}`)).toEqual(['campaign:balances']);
  });

  test('the Practice menu links to Workflows', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Practice', exact: true }).click();
    const entry = page.getByRole('menuitem', { name: 'Workflows' });
    await expect(entry).toHaveAttribute('href', '/workflows');
    await entry.click();
    await expect(page).toHaveURL(/\/workflows$/);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees workflows and their items but no control that changes them', async ({ page, browser }) => {
    const workflow = await createWorkflow(browser, unique('Read only sees'));
    await page.goto('/workflows');
    await page.getByLabel('Filter workflows').fill(workflow.title);
    await expect(table(page).getByRole('link', { name: workflow.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /Create New Workflow/ })).toHaveCount(0);
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/workflows(\?.*)?$/);

    await table(page).getByRole('link', { name: workflow.title }).click();
    await expect(h1(page, workflow.title)).toBeVisible();
    await expect(itemsTable(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Workflow Item' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Change status' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Manual');
    // Its tags are shown, with no way to add or remove one.
    await expect(page.getByRole('region', { name: 'Tags' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tags' }).getByLabel('Tag key')).toHaveCount(0);

    await page.goto('/workflows/create');
    await expect(h1(page, "You don't have permission to create workflows.")).toBeVisible();
    await page.goto(`/workflows/${workflow.id}/edit`);
    await expect(h1(page, "You don't have permission to edit workflows.")).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create workflow');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /^Create workflow/ })).toHaveCount(0);
  });
});

test.describe('phone size', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 } });

  test('the list, the form (with its messages) and a workflow’s page fit the screen, break no word, and pass axe', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const workflow = await createWorkflow(browser, unique('Phone fits'));
    const check = async () => {
      await expectNoHorizontalOverflow(page);
      expect(await brokenWords(page.locator('main')), 'words broken across lines').toEqual([]);
      await expectNoAxeViolations(page);
    };

    await page.goto('/workflows');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await check();

    await page.goto('/workflows/create');
    await expect(titleBox(page)).toBeFocused();
    await task(page, 1).getByRole('combobox', { name: 'Task', exact: true }).selectOption('Text message');
    await page.getByRole('button', { name: 'Create Workflow' }).click();
    await expect(page.getByText(workflowMessages.titleRequired, { exact: true })).toBeVisible();
    await expect(task(page, 1).getByText(workflowMessages.smsText)).toBeVisible();
    // Every field is reachable: the last task's last field and the form's buttons scroll into view.
    await task(page, 1).getByLabel('Destination number').scrollIntoViewIfNeeded();
    await expect(task(page, 1).getByLabel('Destination number')).toBeInViewport();
    await check();

    await page.goto(`/workflows/${workflow.id}`);
    await expect(h1(page, workflow.title)).toBeVisible();
    await expect(itemsTable(page)).toBeVisible();
    await check();

    await page.getByRole('button', { name: 'Add Workflow Item' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Workflow Item' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText(itemMessages.patientNameRequired)).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Item' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Add Item' })).toBeInViewport();
    await expectNoAxeViolations(page);
    // The person chooser: its search box fits the phone, and a person chosen fills the name.
    await dialog.getByRole('button', { name: 'Person' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('button', { name: 'Person' }).click();
    const people = page.getByRole('dialog', { name: 'Choose a person' });
    await expect(people.getByRole('option').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    const someone = ((await people.getByRole('option').first().locator('span span').first().textContent()) ?? '').trim();
    await people.getByRole('option').first().click();
    await expect(dialog.getByLabel('Patient name')).toHaveValue(someone);
    await expectNoAxeViolations(page);

    // An item's page, with its patient, tasks and timeline.
    const api = await signedInApi(page);
    const added = await api.send('POST', `/task-workflows/workflows/${workflow.id}/items`, { generalInfo: { patientName: 'Mary-Jane Okafor-Lindqvist', phone: '(217) 555-0199', mrn: 'MRN-PHONE-1', balance: 1250.75 }, source: 'manual' });
    expect(added.status(), await added.text()).toBe(201);
    const { id: itemId } = (await added.json()) as { id: string };
    await page.goto(`/workflows/${workflow.id}/items/${itemId}`);
    await expect(h1(page, 'Mary-Jane Okafor-Lindqvist')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Added');
    await check();
  });
});
