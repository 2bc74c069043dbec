import { expect, test, type Page } from './fixtures.ts';
import { localTime } from '../domain/calling-hours.ts';
import { signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * The workflow runner seen from the screens (issue 43), on the e2e server's demo time scale
 * (WORKFLOW_SECONDS_PER_DAY=48: an hour's delay passes in 2 s) and its simulated carrier (an
 * outcome 200 ms after each send). Waits are bounded generously: they stop a hung test, they do
 * not measure anything.
 */
const RUN = 60_000;

/** US states by zone, and whether it is inside calling hours there now (with a margin either side). */
const states: [string, string][] = [
  ['NY', 'America/New_York'],
  ['IL', 'America/Chicago'],
  ['CO', 'America/Denver'],
  ['CA', 'America/Los_Angeles'],
  ['AK', 'America/Anchorage'],
  ['HI', 'Pacific/Honolulu'],
  ['GU', 'Pacific/Guam'],
];
const insideNow = (zone: string, margin: number) => {
  const { minute } = localTime(new Date(), zone);
  return minute >= 8 * 60 + margin && minute < 21 * 60 - margin;
};
const openState = () => states.find(([, zone]) => insideNow(zone, 20))?.[0] ?? null;
const closedState = () => states.find(([, zone]) => !insideNow(zone, -20))?.[0] ?? null;

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
let phoneSeq = Math.floor(Math.random() * 9000);
const phone = () => `(628) 555-${String(1000 + (phoneSeq++ % 9000)).padStart(4, '0')}`;

async function makeWorkflow(page: Page, tasks: unknown[]) {
  const helper = await page.context().newPage();
  const api = await signedInApi(helper);
  const made = await api.send('POST', '/task-workflows/workflows', { title: unique('Runner'), description: 'An e2e run', tasks });
  expect(made.status(), await made.text()).toBe(201);
  const workflow = (await made.json()) as { id: string; title: string };
  const add = async (state: string) => {
    const res = await api.send('POST', `/task-workflows/workflows/${workflow.id}/items`, { generalInfo: { patientName: unique('Pat'), phone: phone(), address: `1 Main St, Town, ${state} 00000` } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; generalInfo: { patientName: string } };
  };
  const read = async (itemId: string) => (await (await api.send('GET', `/task-workflows/items/${itemId}`)).json()) as { nextAttemptAt: string | null; status: string };
  return { workflow, add, read, close: () => helper.close() };
}

const heldShown = (page: Page) => page.locator('dt', { hasText: /^Held back$/ }).locator('xpath=following-sibling::dd[1]');
const statusShown = (page: Page) => page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');

test.describe('practice administrator: workflows that run', () => {
  test.use({ storageState: storageState('manager') });

  test('an item goes from Running to Succeeded: a text, then a call an hour later (2 s at demo speed); its timeline shows each send and links the call', async ({ page }) => {
    const state = openState();
    test.skip(state === null, 'For half an hour a day no North American patient may be called');
    const made = await makeWorkflow(page, [
      { name: 'sendSMS', delay: { amount: 0, unit: 'days' }, variables: { text: 'Hello {{patientName}}, your check-up is due.' } },
      { name: 'outboundCall', delay: { amount: 1, unit: 'hours' } },
    ]);
    const item = await made.add(state!);
    await made.close();
    await page.goto(`/workflows/${made.workflow.id}/items/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.generalInfo.patientName })).toBeVisible();
    await expect(statusShown(page)).toHaveText(/Succeeded/, { timeout: RUN });
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('Sent to the carrier')).toHaveCount(2);
    await expect(timeline.getByText('Delivered')).toBeVisible();
    await expect(timeline.getByText('Answered')).toBeVisible();
    await timeline.getByRole('link', { name: 'The interaction it made' }).first().click();
    await expect(page).toHaveURL(/\/interactions\/[0-9a-f-]{36}$/);
  });

  test('a task outside the patient’s calling hours is held until they open, and says so', async ({ page }) => {
    const state = closedState();
    test.skip(state === null, 'every US zone is inside calling hours now');
    const made = await makeWorkflow(page, [{ name: 'outboundCall', delay: { amount: 0, unit: 'days' } }]);
    const item = await made.add(state!);
    await made.close();
    await page.goto(`/workflows/${made.workflow.id}/items/${item.id}`);
    await expect(heldShown(page)).toHaveText(/^Outside calling hours \(8:00 to 21:00 in the patient's time/, { timeout: RUN });
    await expect(statusShown(page)).toHaveText(/Running/);
  });

  test('paused, an item that falls due waits and says why; resumed, it runs: nothing is lost', async ({ page }) => {
    const state = openState();
    test.skip(state === null, 'For half an hour a day no North American patient may be called');
    const made = await makeWorkflow(page, [{ name: 'sendSMS', delay: { amount: 1, unit: 'hours' }, variables: { text: 'Your results are ready, {{patientName}}.' } }]);
    await page.goto(`/workflows/${made.workflow.id}`);
    const actions = page.getByRole('group', { name: 'Change status' });
    await actions.getByRole('button', { name: 'Pause' }).click();
    await expect(actions.getByRole('button', { name: 'Resume' })).toBeVisible();
    const item = await made.add(state!);
    await page.goto(`/workflows/${made.workflow.id}/items/${item.id}`);
    await expect(heldShown(page)).toHaveText('The workflow is paused: the item runs when it is resumed');
    // Its task falls due (an hour: 2 s at demo speed) while the workflow is paused: nothing is sent.
    const due = new Date((await made.read(item.id)).nextAttemptAt!).getTime();
    await expect.poll(() => Date.now() > due + 1_000, { timeout: RUN }).toBe(true);
    await made.close();
    await page.reload();
    await expect(statusShown(page)).toHaveText(/Running/);
    await page.goto(`/workflows/${made.workflow.id}`);
    await page.getByRole('group', { name: 'Change status' }).getByRole('button', { name: 'Resume' }).click();
    await page.goto(`/workflows/${made.workflow.id}/items/${item.id}`);
    await expect(statusShown(page)).toHaveText(/Succeeded/, { timeout: RUN });
  });
});
