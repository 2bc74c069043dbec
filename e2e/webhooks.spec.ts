import { expect, test, type Page } from './fixtures.ts';
import { webhookMessages } from '../domain/webhooks.ts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique URL per run, so the tests find their own endpoint among others. */
const uniqueUrl = () => `https://10.0.0.1/hooks/${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const detailUrl = /\/system\/webhooks\/[0-9a-f-]{36}$/;
const eventsGroup = (page: Page) => page.getByRole('group', { name: /Events/ });

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('creates an endpoint (bad input, then good), sees its secret once, opens it from the list and reads its delivery log', async ({ page }) => {
    test.setTimeout(120_000);
    const url = uniqueUrl();

    await test.step('the list, from the System menu, offers Create webhook endpoint', async () => {
      await page.goto('/home');
      await page.getByRole('button', { name: 'System' }).click();
      await page.getByRole('menuitem', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL(/\/system\/webhooks$/);
      await expect(h1(page, 'Webhooks')).toBeVisible();
      await page.getByRole('link', { name: /Create webhook endpoint/ }).first().click();
      await expect(page).toHaveURL(/\/system\/webhooks\/create$/);
      await expect(page.getByLabel('URL')).toBeFocused();
      await expectNoAxeViolations(page);
    });

    await test.step('bad input: each field says what is wrong, and the focus goes to the first to mend', async () => {
      await page.getByLabel('URL').fill('http://hooks.example.com/astera');
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      await expect(page.getByText(webhookMessages.urlInvalid)).toBeVisible();
      await expect(page.getByText(webhookMessages.eventsRequired)).toBeVisible();
      await expect(page.getByLabel('URL')).toBeFocused();
      await expect(page.getByLabel('URL')).toHaveValue('http://hooks.example.com/astera');
      await expectNoAxeViolations(page);
      // The URL mended: the events are next.
      await page.getByLabel('URL').fill(url);
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      await expect(page.getByText(webhookMessages.urlInvalid)).toHaveCount(0);
      await expect(eventsGroup(page).getByRole('checkbox').first()).toBeFocused();
    });

    let secret = '';
    await test.step('good input: created, the secret shown once', async () => {
      await eventsGroup(page).getByRole('checkbox', { name: 'Person created' }).check();
      await page.getByLabel('Description').fill('EHR sync');
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      await expect(page.getByRole('heading', { name: 'Webhook endpoint created' })).toBeFocused();
      await expect(page.getByText("Copy the signing secret now: you won't see it again.")).toBeVisible();
      secret = await page.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Done' }).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(h1(page, url)).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
    });

    await test.step('the list links it by its URL, and a row click opens it', async () => {
      await page.goto('/system/webhooks');
      const table = page.getByRole('table', { name: 'Webhooks' });
      await expect(table.getByRole('link', { name: url })).toBeVisible();
      await table.getByRole('row', { name: new RegExp(url.replace(/[/.]/g, '\\$&')) }).getByText('EHR sync').click();
      await expect(page).toHaveURL(detailUrl);
      await expect(h1(page, url)).toBeVisible();
    });

    await test.step('a change sends an event: the log shows its attempt (a private address, refused) and offers Resend', async () => {
      const api = await signedInApi(page);
      const person = await api.send('POST', '/person/persons', { name: [{ use: 'official', family: 'Hookfield', given: ['Pat'] }] });
      expect(person.status(), await person.text()).toBe(201);
      // The log is read again by Refresh (and on its own while an attempt is due within a minute).
      await page.getByRole('button', { name: 'Refresh' }).click();
      const log = page.getByRole('list', { name: 'Delivery log' });
      await expect(log.getByText('Person created')).toBeVisible();
      await expect(log.getByRole('cell', { name: 'The address is not allowed (loopback, private, link-local or metadata)' }).first()).toBeVisible();
      await expect(log.getByRole('button', { name: /^Resend Person created/ }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('at phone size the list and the page fit the screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(h1(page, url)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await page.goto('/system/webhooks');
      await expect(h1(page, 'Webhooks')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('reads the endpoints but may not create, change or resend', async ({ page, browser }) => {
    // An endpoint of the practice, made by its administrator.
    const url = uniqueUrl();
    const manager = await browser.newContext({ storageState: storageState('manager') });
    const made = await (await signedInApi(await manager.newPage())).send('POST', '/webhooks/endpoints', { url, events: ['person.updated'] });
    expect(made.status(), await made.text()).toBe(201);
    await manager.close();

    await page.goto('/system/webhooks');
    await expect(h1(page, 'Webhooks')).toBeVisible();
    await expect(page.getByRole('link', { name: /Create webhook endpoint/ })).toHaveCount(0);
    await page.getByRole('table', { name: 'Webhooks' }).getByRole('link', { name: url }).click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rotate secret' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend a time range' })).toHaveCount(0);
  });
});
