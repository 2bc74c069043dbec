import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { messages } from '../domain/messages.ts';
import { expect, test, type Browser, type Locator, type Page } from './fixtures.ts';
import { brokenWords, expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique title per run, so the tests find their own workflows among the others. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A workflow made through the API as the practice administrator (manual: nothing runs while the test looks), with one item already in it. */
async function workflowWithItem(browser: Browser, mrn: string) {
  const context = await browser.newContext({ storageState: storageState('manager') });
  const page = await context.newPage();
  const api = await signedInApi(page);
  const res = await api.send('POST', '/task-workflows/workflows', {
    title: unique('Import'),
    description: 'Calls patients about their balance.',
    tasks: [{ name: 'outboundCall', delay: { amount: 2, unit: 'days' } }],
    status: 'MANUAL',
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const item = await api.send('POST', `/task-workflows/workflows/${id}/items`, { generalInfo: { patientName: 'Already There', phone: '(503) 555-0199', mrn, dob: '1970-01-01' } });
  expect(item.status(), await item.text()).toBe(201);
  await context.close();
  return id;
}

async function itemsOf(page: Page, workflowId: string) {
  const api = await signedInApi(page);
  const res = await api.send('GET', `/task-workflows/workflows/${workflowId}/items?limit=50`);
  return (await res.json()) as { total: number; items: { source: string; generalInfo: { patientName: string; mrn: string | null; dob: string | null } }[] };
}

/**
 * Good, bad and duplicate rows (row numbers under the header): 1, 2 and 7 are created; 3 repeats
 * the workflow's item (its MRN in another case); 4 has no patient name; 5 a short phone and a
 * 30 February; 6 repeats row 1 (its MRN in another case, its birth date written M/D/YYYY).
 */
const csvOf = (mrn: string) =>
  [
    'Pateint name,Phone number,MRN,DOB,Email address,Balance,Guarantor',
    `Ann Good,(503) 555-0101,${mrn}-1,04/02/1950,ann@example.test,12.50,1 Main St`,
    `Bob Good,5035550102,${mrn}-2,1960-01-01,,,`,
    `Dup Existing,5035550103,${mrn.toLowerCase()}-x,1970-01-01,,,`,
    `,5035550104,${mrn}-4,1970-01-01,,,2 Oak Ave`,
    `Cat Bad,555,${mrn}-5,1970-02-30,,,`,
    `"Good, Ann",5035550106,${mrn.toLowerCase()}-1,1950-04-02,,,`,
    'Dan Good,5035550107,,,,"$1,200",',
  ].join('\r\n');

const upload = (page: Page) => page.getByRole('region', { name: 'Upload items' });
const count = (scope: Locator, label: string) => scope.locator(`dd[data-count="${label}"]`);

async function chooseByKeyboard(page: Page, name: string, text: string | Buffer) {
  const button = upload(page).getByRole('button', { name: 'Choose CSV file' });
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: typeof text === 'string' ? Buffer.from(text) : text });
}

test.describe('CSV import on a workflow’s page', () => {
  test.use({ storageState: storageState('manager') });
  // File choosers are intercepted from the test's start: Playwright turns interception on when a
  // listener is added, without waiting for the browser, so a fast key press right after
  // `waitForEvent('filechooser')` opened a chooser that nothing intercepted (the headless shell
  // then cancels it): no event, and the test waited out its time.
  test.beforeEach(({ page }) => {
    page.on('filechooser', () => undefined);
  });

  test('good, bad and duplicate rows at phone size, by keyboard: columns matched, the preview’s counts, the server’s counts and row errors, the refused rows as CSV; axe clean', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const mrn = `E2E${Date.now().toString(36).toUpperCase()}`;
    const workflowId = await workflowWithItem(browser, `${mrn}-X`);
    const batches: { body: { source: string; rowOffset: number; items: unknown[] }; key: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/items/batch')) batches.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] });
    });
    await page.goto(`/workflows/${workflowId}`);
    await expect(upload(page).getByRole('heading', { name: 'Upload items' })).toBeVisible();
    await chooseByKeyboard(page, 'patients.csv', csvOf(mrn));

    const area = upload(page);
    await expect(area.getByRole('heading', { name: 'Match columns' })).toBeFocused();
    await expect(area.getByText('7 rows in patients.csv')).toBeVisible();
    await expect(area.getByLabel('Patient name (required)')).toHaveValue('0');
    await expect(area.getByLabel('Phone (required)')).toHaveValue('1');
    await expect(area.getByLabel('MRN')).toHaveValue('2');
    await expect(area.getByLabel('Date of birth')).toHaveValue('3');
    await expect(area.getByLabel('Email')).toHaveValue('4');
    await expect(area.getByLabel('Balance')).toHaveValue('5');
    await expect(area.getByLabel('Address')).toHaveValue('');
    await area.getByLabel('Address').selectOption('6'); // "Guarantor": no name matches it, the coordinator picks it
    await expect(area.getByText('For example: Ann Good')).toBeVisible();

    // A required field left out is refused at once, on its select.
    await area.getByLabel('Phone (required)').selectOption('');
    await area.getByRole('button', { name: 'Check rows' }).press('Enter');
    await expect(area.getByRole('alert')).toHaveText('Choose the file’s column for Phone: every item needs one.');
    await expect(area.getByLabel('Phone (required)')).toBeFocused();
    await area.getByLabel('Phone (required)').selectOption('1');
    await area.getByRole('button', { name: 'Check rows' }).focus();
    await page.keyboard.press('Enter');

    await expect(area.getByRole('heading', { name: 'Preview' })).toBeFocused();
    expect(batches).toEqual([]); // nothing is sent before Import
    await expect(count(area, 'Would be created')).toHaveText('3');
    await expect(count(area, 'Skipped as duplicates')).toHaveText('2');
    await expect(area.getByText('1 already in the workflow, 1 repeated in the file (same MRN and date of birth)')).toBeVisible();
    await expect(count(area, 'Refused')).toHaveText('2');
    const firstRefused = area.getByRole('table', { name: 'First refused rows' });
    await expect(firstRefused.getByRole('row')).toHaveText([
      'RowFieldMessage',
      '4Patient namePatient name is required',
      '5PhonePhone number must be a US number of 10 digits, for example (555) 123-4567',
      '5Date of birthDate must be YYYY-MM-DD',
    ]);
    await expect(area.getByText('Row 1 is the first row under the header row (the header is not counted; blank lines are not counted either).')).toBeVisible();
    expect(await brokenWords(area)).toEqual([]);
    await expectNoAxeViolations(page);

    await area.getByRole('button', { name: 'Import 7 rows' }).focus();
    await page.keyboard.press('Enter');
    await expect(area.getByRole('heading', { name: 'Import finished' })).toBeFocused();
    await expect(count(area, 'Created')).toHaveText('3');
    await expect(count(area, 'Skipped as duplicates')).toHaveText('2');
    await expect(count(area, 'Refused')).toHaveText('2');
    await expect(area.getByRole('table', { name: 'Refused rows' }).getByRole('row')).toHaveText([
      'RowFieldMessage',
      '4Patient namePatient name is required',
      '5PhonePhone number must be a US number of 10 digits, for example (555) 123-4567',
      '5Date of birthDate must be YYYY-MM-DD',
    ]);
    // One batch, numbered from the file's first row, keyed for retries, every row sent as read.
    expect(batches).toHaveLength(1);
    expect(batches[0]!.body).toMatchObject({ source: 'csv', rowOffset: 0 });
    expect(batches[0]!.body.items).toHaveLength(7);
    expect(batches[0]!.key).toMatch(/^csv-import-[0-9a-f]{32}-batch-0$/);

    // What was written, as the API reads it: the item there before, and rows 1, 2 and 7.
    const items = await itemsOf(page, workflowId);
    expect(items.total).toBe(4);
    expect(items.items.filter((item) => item.source === 'csv').map((item) => item.generalInfo.patientName).sort()).toEqual(['Ann Good', 'Bob Good', 'Dan Good']);
    expect(items.items.find((item) => item.generalInfo.patientName === 'Ann Good')!.generalInfo.dob).toBe('1950-04-02');

    // The table scrolls inside its box; the page never scrolls sideways; no word broken.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await brokenWords(area)).toEqual([]);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await area.getByRole('link', { name: 'Download refused rows (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('patients-refused-rows.csv');
    const csv = Papa.parse<string[]>(await readFile((await file.path())!, 'utf8')).data;
    expect(csv).toEqual([
      ['Pateint name', 'Phone number', 'MRN', 'DOB', 'Email address', 'Balance', 'Guarantor', 'error'],
      ['', '5035550104', `${mrn}-4`, '1970-01-01', '', '', '2 Oak Ave', 'Patient name: Patient name is required'],
      ['Cat Bad', '555', `${mrn}-5`, '1970-02-30', '', '', '', 'Phone: Phone number must be a US number of 10 digits, for example (555) 123-4567; Date of birth: Date must be YYYY-MM-DD'],
    ]);

    // The columns are remembered for the practice's next file, also one no name matches.
    await area.getByRole('button', { name: 'Upload another file' }).press('Enter');
    await expect(area.getByRole('button', { name: 'Choose CSV file' })).toBeFocused();
    await chooseByKeyboard(page, 'next.csv', 'GUARANTOR,Patient Name,Cell\r\n3 Elm St,Eve,5035550108\r\n');
    await expect(area.getByRole('heading', { name: 'Match columns' })).toBeFocused();
    await expect(area.getByLabel('Address')).toHaveValue('0');
    await expect(area.getByLabel('Patient name (required)')).toHaveValue('1');
    await expect(area.getByLabel('Phone (required)')).toHaveValue('2');
    // Escape cancels the step: nothing more was sent.
    await page.keyboard.press('Escape');
    await expect(area.getByRole('button', { name: 'Choose CSV file' })).toBeFocused();
    expect(batches).toHaveLength(1);
  });

  test('Cancel (and Escape) stops reading a large file, ending its worker; nothing is sent; the not-loaded message when the workflow’s items cannot be read', async ({ page, browser }) => {
    const workflowId = await workflowWithItem(browser, `C${Date.now().toString(36)}`);
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/items/batch')) posted++;
    });
    await page.goto(`/workflows/${workflowId}`);
    const area = upload(page);
    await expect(area.getByRole('button', { name: 'Choose CSV file' })).toBeVisible();

    // About 40 MB, made in the page and dropped on the upload area: long enough to read that Escape comes first.
    const worker = page.waitForEvent('worker');
    await area.getByTestId('csv-drop-zone').evaluate((zone) => {
      const line = (n: number) => `Patient ${n},5035550142,BIG-${n},1950-04-02,1 Main Street Portland Oregon 1 Main Street Portland Oregon 1 Main Street Portland Oregon\n`;
      const parts = ['Patient Name,Phone,MRN,DOB,Address\n'];
      for (let n = 0; n < 320_000; n++) parts.push(line(n));
      const data = new DataTransfer();
      data.items.add(new File(parts, 'big.csv', { type: 'text/csv' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const reading = await worker;
    const ended = reading.waitForEvent('close');
    await expect(area.getByRole('heading', { name: 'Reading the file' })).toBeFocused();
    await expect(area.getByRole('progressbar', { name: 'Reading the file' })).toBeVisible();
    await page.keyboard.press('Escape');
    await ended;
    await expect(area.getByRole('button', { name: 'Choose CSV file' })).toBeFocused();
    await expect(area.getByRole('status')).toHaveText('Import cancelled: nothing was sent.');
    // The reading never ends in the mapping step: its worker was ended.
    await page.waitForTimeout(1500);
    await expect(area.getByRole('heading', { name: 'Match columns' })).toHaveCount(0);

    // Cancel at the preview, by its button: nothing sent.
    const small = 'Patient Name,Phone,MRN,DOB\nAnn,5035550142,S-1,1950-04-02\n';
    await chooseByKeyboard(page, 'small.csv', small);
    await area.getByRole('button', { name: 'Check rows' }).click();
    await expect(area.getByRole('heading', { name: 'Preview' })).toBeFocused();
    await area.getByRole('button', { name: 'Cancel' }).click();
    await expect(area.getByRole('button', { name: 'Choose CSV file' })).toBeFocused();
    expect(posted).toBe(0);

    // The workflow's items cannot be read: the spec's words, and Try again once they can.
    await page.route('**/items/keys*', (route) => route.abort());
    await chooseByKeyboard(page, 'small.csv', small);
    await area.getByRole('button', { name: 'Check rows' }).click();
    await expect(area.getByRole('alert')).toHaveText(messages.workflowNotLoaded);
    await expect(area.getByRole('alert')).toHaveText('We could not load our own necessary information. Try again and contact support if issue persists');
    await page.unroute('**/items/keys*');
    await area.getByRole('button', { name: 'Try again' }).click();
    await expect(area.getByRole('heading', { name: 'Preview' })).toBeFocused();
    await expect(count(area, 'Would be created')).toHaveText('1');
    expect(posted).toBe(0);
  });

  test('the palette’s Upload items opens the upload step, from elsewhere (choosing the workflow) and on the workflow’s page; Read Only sees no upload', async ({ page, browser }) => {
    const workflowId = await workflowWithItem(browser, `P${Date.now().toString(36)}`);
    const { title } = (await (await (await signedInApi(page)).send('GET', `/task-workflows/workflows/${workflowId}`)).json()) as { title: string };
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Upload items');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /^Upload items/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox')).toHaveAttribute('placeholder', 'Upload items to which workflow?');
    await page.keyboard.type(title);
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: new RegExp(title) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}#upload$`));
    await expect(upload(page).getByRole('button', { name: 'Choose CSV file' })).toBeFocused();

    await page.goto(`/workflows/${workflowId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Upload items');
    await expect(palette.getByRole('option', { name: /^Upload items/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflowId}#upload$`));
    await expect(upload(page).getByRole('button', { name: 'Choose CSV file' })).toBeFocused();
    await expect(upload(page).getByRole('button', { name: 'Choose CSV file' })).toBeInViewport();
    // A palette merely opened and closed there gives the focus back where it was, not to the upload.
    await page.keyboard.press('Shift+Tab');
    const before = await page.evaluate(() => document.activeElement?.outerHTML);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(before);

    const viewer = await browser.newContext({ storageState: storageState('viewer') });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`/workflows/${workflowId}`);
    await expect(viewerPage.getByRole('heading', { name: 'Task Workflow Items' })).toBeVisible();
    await expect(viewerPage.getByRole('heading', { name: 'Upload items' })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: 'Choose CSV file' })).toHaveCount(0);
    await viewer.close();
  });
});
