import { expect, test, type Page } from './fixtures.ts';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../domain/webhooks.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique URL per run, so the test finds its own endpoint among others. */
const uniqueUrl = () => `https://10.0.0.2/hooks/${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const eventsGroup = (page: Page) => page.getByRole('group', { name: /Events/ });
/** A row of the endpoint's description list, by its label. */
const detail = (page: Page, label: string) => page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('edits an endpoint’s events and active state, then rotates its secret: the new one shown once, the old one signing beside it for a day', async ({ page }) => {
    test.setTimeout(120_000);
    const url = uniqueUrl();
    await page.goto('/home');
    const api = await signedInApi(page);
    const made = await api.send('POST', '/webhooks/endpoints', { url, events: ['person.created'], description: 'EHR sync' });
    expect(made.status(), await made.text()).toBe(201);
    const created = (await made.json()) as WebhookEndpointWithSecret;
    const firstSecret = created.secret;

    await test.step('the endpoint’s page, from the System ▸ Webhooks list', async () => {
      await page.goto('/system/webhooks');
      await page.getByRole('table', { name: 'Webhooks' }).getByRole('link', { name: url }).click();
      await expect(h1(page, url)).toBeVisible();
      await expect(detail(page, 'Events')).toHaveText('Person created');
      await expect(detail(page, 'Active')).toHaveText(/Yes/);
    });

    await test.step('Edit: the focus is in the form; events and active changed, saved, the focus back on Edit', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('URL')).toBeFocused();
      await eventsGroup(page).getByRole('checkbox', { name: 'Person updated' }).check();
      await eventsGroup(page).getByRole('checkbox', { name: 'Person created' }).uncheck();
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Webhook endpoint saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(detail(page, 'Events')).toHaveText('Person updated');
      await expect(detail(page, 'Active')).toHaveText(/No/);
      await expect(page.getByText('Inactive: it is sent nothing.')).toBeVisible();
    });

    await test.step('saved: a reload shows the same, and the API answers it', async () => {
      await page.reload();
      await expect(h1(page, url)).toBeVisible();
      await expect(detail(page, 'Events')).toHaveText('Person updated');
      await expect(detail(page, 'Active')).toHaveText(/No/);
      const read = (await (await api.send('GET', `/webhooks/endpoints/${created.id}`)).json()) as WebhookEndpoint;
      expect(read).toMatchObject({ events: ['person.updated'], active: false, description: 'EHR sync', version: created.version + 1 });
    });

    await test.step('Rotate secret, cancelled by Escape: nothing changes, the focus back on its button', async () => {
      const rotate = page.getByRole('button', { name: 'Rotate secret' });
      await rotate.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/the current one keeps signing beside it for 24 hours/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(rotate).toBeFocused();
      await expect(detail(page, 'Signing secret')).toHaveText(`${firstSecret.slice(0, 10)}…`);
    });

    let secret = '';
    await test.step('Rotate secret: the new secret shown once, focused, and the old one said to overlap', async () => {
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
      await dialog.getByRole('button', { name: 'Rotate secret' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Signing secret rotated' })).toBeFocused();
      await expect(page.getByText("Copy the signing secret now: you won't see it again.")).toBeVisible();
      secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(secret).not.toBe(firstSecret);
      await expect(page.getByText('The previous secret keeps signing beside this one for a day, so your receiver can switch without losing an event.')).toBeVisible();
      await expect(detail(page, 'Signing secret')).toHaveText(`${secret.slice(0, 10)}…`);
      await expect(detail(page, 'Previous secret signs until')).toBeVisible();
      const read = (await (await api.send('GET', `/webhooks/endpoints/${created.id}`)).json()) as WebhookEndpoint;
      const overlap = Date.parse(read.previousSecretExpiresAt!) - Date.now();
      expect(overlap).toBeGreaterThan(23 * 3600_000);
      expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
      expect(JSON.stringify(read)).not.toContain(secret);
      await expectNoAxeViolations(page);
    });

    await test.step('Done: the secret is gone from the page for good, the focus back on Rotate secret', async () => {
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Rotate secret' })).toBeFocused();
      await page.reload();
      await expect(h1(page, url)).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(detail(page, 'Previous secret signs until')).toBeVisible();
    });
  });
});
