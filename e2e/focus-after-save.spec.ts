import { expect, test, type Page } from './fixtures.ts';
import { interactionMessages } from '../domain/interaction-messages.ts';
import { messages } from '../domain/messages.ts';
import { expectMessageShown, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 40: focus fell to <body> after "Add Comment" (pressed or clicked: the button was disabled
 * while the comment was added, and a disabled button loses the focus) and after saving a contact
 * point (to an invisible span inside its heading). Focus stays with what the user pressed.
 */
test.use({ storageState: storageState('manager') });

async function openFirst(page: Page, list: string, table: string) {
  await page.goto(list);
  const link = page.getByRole('table', { name: table }).locator('tbody tr').first().getByRole('link').first();
  await expect(link).toBeVisible();
  await page.goto((await link.getAttribute('href'))!);
}

for (const how of ['clicked', 'pressed'] as const) {
  test(`Add Comment ${how}: the comment is added and the focus stays on the button, not on <body>`, async ({ page }) => {
    await openFirst(page, '/interactions', 'Interactions');
    const text = `Focus stays ${how} ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Add a comment' }).fill(text);
    const add = page.getByRole('button', { name: 'Add Comment' });
    if (how === 'clicked') await add.click();
    else {
      await add.focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('main').getByText(text)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    await expect(add).toBeFocused();
  });
}

test('saving a contact point, and cancelling its edit, give the focus back to Edit', async ({ page }) => {
  await openFirst(page, '/practice/contact-points', 'Contact Points');
  const edit = page.getByRole('main').getByRole('button', { name: 'Edit', exact: true });
  await edit.click();
  const description = page.getByRole('main').getByRole('textbox', { name: 'Description', exact: true });
  await description.fill(`Saved at ${Date.now()}`);
  await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  await expectMessageShown(page, messages.contactPointSaved);
  await expect(edit).toBeFocused();
  await edit.click();
  await page.getByRole('main').getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(edit).toBeFocused();
});

test('Insights opened by its address with a range over 366 days: the form says what is wrong, the focus on To, no Try again', async ({ page }) => {
  await page.goto('/insights?range=custom&from=2024-01-01&to=2025-06-30');
  const form = page.getByRole('form', { name: 'Custom date range' });
  await expect(form.getByRole('alert')).toHaveText(interactionMessages.metricsRangeTooLong);
  const to = form.getByLabel('To');
  await expect(to).toBeFocused();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText(messages.tryAgain)).toHaveCount(0);
});
