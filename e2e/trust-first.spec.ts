import { createHash } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { expectNoAxeViolations, freshPhone, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** Issue 24 "Trust first": tasks offered are tasks that can be finished, and messages say what to do. */

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The demo seed's ids (server/seed/seed.ts `seedId`), without loading the seed and its database code here. */
function seedId(name: string): string {
  const hex = createHash('sha1').update(`astera-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

for (const size of sizes) {
  test.describe(`${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test.describe('as a practice administrator', () => {
      test.use({ storageState: storageState('manager') });

      test(`a practice administrator manages a Read Only user: email, active state and role (issue 40, ${size.name})`, async ({ page }) => {
        const api = await signedInApi(page);
        const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const person = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: ['Rhea'], family: `Reader${stamp}` }] });
        expect(person.status()).toBe(201);
        const personId = ((await person.json()) as { id: string }).id;
        const made = await api.send('POST', `/person/users/${personId}`, { email: `rhea.${stamp}@riverside.test`, principalId: `e2e|rhea-${stamp}`, roleId: seedId('role:riverside:Read Only') });
        expect(made.status()).toBe(201);

        await page.goto(`/practice/users/edit/${personId}`);
        const role = page.getByRole('combobox', { name: 'Role' });
        await expect(role).toHaveValue(seedId('role:riverside:Read Only'));
        await expect(page.getByText(messages.userSignInLocked)).toHaveCount(0);
        // Only the roles the editor may give are offered.
        await expect(role.getByRole('option', { name: 'Practice Administrator' })).toHaveCount(1);
        await expect(role.getByRole('option', { name: 'Administrator', exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.getByRole('textbox', { name: 'Email' }).fill(`rhea.r.${stamp}@riverside.test`);
        await page.getByRole('checkbox', { name: 'Active' }).uncheck();
        await role.selectOption({ label: 'Practice Administrator' });
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(page).toHaveURL(new RegExp(`/practice/users/${personId}$`));
        await expect(page.getByText('You can only grant a role')).toHaveCount(0);
        const saved = (await (await api.send('GET', `/person/users/${personId}`)).json()) as { email: string; active: boolean; roleId: string };
        expect(saved).toMatchObject({ email: `rhea.r.${stamp}@riverside.test`, active: false, roleId: seedId('role:riverside:Practice Administrator') });
      });

      test(`user edit does not offer to change the sign-in of a user whose role grants more than yours (${size.name})`, async ({ page, browser }) => {
        // The demo seed has no Administrator user in Riverside: the instance administrator makes one.
        const adminContext = await browser.newContext({ storageState: storageState('admin') });
        const api = await signedInApi(await adminContext.newPage());
        const riverside = seedId('account:riverside');
        const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const person = await api.send('POST', `/person/persons?accountId=${riverside}`, { name: [{ use: 'official', given: ['Ada'], family: `Admin${stamp}` }] });
        expect(person.status()).toBe(201);
        const personId = ((await person.json()) as { id: string }).id;
        const user = await api.send('POST', `/person/users/${personId}?accountId=${riverside}`, {
          email: `ada.${stamp}@riverside.test`,
          principalId: `e2e|ada-${stamp}`,
          roleId: seedId('role:riverside:Administrator'),
        });
        expect(user.status()).toBe(201);
        await adminContext.close();

        await page.goto(`/practice/users/edit/${personId}`);
        await expect(page.getByText(messages.userSignInLocked)).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
        await expect(page.getByRole('textbox', { name: 'Principal Id' })).toBeDisabled();
        await expect(page.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
        const role = page.getByRole('textbox', { name: 'Role' });
        await expect(role).toHaveValue('Administrator');
        await expect(role).toHaveAttribute('readonly', '');
        await expect(page.getByRole('textbox', { name: 'Name' })).toBeEditable();
        await expectNoAxeViolations(page);
        // A user whose role is the editor's own is theirs to change.
        await page.goto(`/practice/users/edit/${seedId('person:manager')}`);
        await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
        await expect(page.getByRole('textbox', { name: 'Principal Id' })).toBeEditable();
        await expect(page.getByRole('checkbox', { name: 'Active' })).toBeEnabled();
        await expect(page.getByText(messages.userSignInLocked)).toHaveCount(0);
      });
    });
  });
}

for (const size of sizes) {
  test.describe(`contact point description (${size.name})`, () => {
    test.use({ storageState: storageState('manager'), viewport: size.viewport });

    test(`the description is required, as spec §5 gives it a minimum length of 1 (${size.name})`, async ({ page }) => {
      await page.goto('/practice/contact-points/create');
      const description = page.getByRole('textbox', { name: 'Description', exact: true });
      await expect(description).toHaveAttribute('aria-required', 'true');
      await expect(page.getByText(/^Optional/)).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`No description ${size.name}`);
      await page.getByRole('textbox', { name: 'Value', exact: true }).fill(freshPhone());
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(description).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[data-slot="field"]').filter({ has: description }).locator('[data-slot="field-error"]')).toHaveText(messages.contactPointDescriptionMin);
      await expect(page.getByText('Successfully Added Contact Point')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await description.fill('Front desk');
      // Issue 24 #3: a fraction is told a whole number is needed, not that it is out of range.
      const rank = page.getByRole('textbox', { name: 'Rank', exact: true });
      await rank.fill('3.5');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(rank).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[data-slot="field"]').filter({ has: rank }).locator('[data-slot="field-error"]')).toHaveText(messages.contactPointRankWhole);
      await expect(page.getByText(messages.contactPointRank)).toHaveCount(0);
      await rank.fill('3');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Successfully Added Contact Point')).toBeVisible();
    });
  });
}

for (const size of sizes) {
  test.describe(`screens opened without permission (${size.name})`, () => {
    test.use({ storageState: storageState('admin'), viewport: size.viewport });

    test(`roles and API keys, list and record, say the role does not allow it and offer no Retry (${size.name})`, async ({ page: adminPage, browser }) => {
      // The practice's administrator reads roles and API keys (issue 40): a role of the test's own that does not.
      const holder = await freshRoleHolder(adminPage, 'No roles', { '/permissions/accesspolicy': { GET: true }, '/person/persons': { GET: true } });
      const page = await signInAs(browser, holder);
      await page.setViewportSize(size.viewport);
      const screens = [
        { path: '/system/roles', title: "You don't have permission to see roles.", grant: 'Needs GET on Roles' },
        { path: `/system/roles/${seedId('role:riverside:Administrator')}`, title: "You don't have permission to see roles.", grant: 'Needs GET on Individual role' },
        { path: '/system/apikeys', title: "You don't have permission to see API keys.", grant: 'Needs GET on API keys' },
        { path: `/system/apikeys/${seedId('role:riverside:Administrator')}`, title: "You don't have permission to see API keys.", grant: 'Needs GET on Individual API key' },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { name: screen.title })).toBeVisible();
        await expect(page.getByText(`${screen.grant}, which your role “${holder.roleName}” does not grant`)).toBeVisible();
        await expect(page.getByText(messages.tryAgain)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
      await page.context().close();
    });
  });
}

for (const size of sizes) {
  test.describe(`a refusal after the screen was shown (${size.name})`, () => {
    test.use({ storageState: storageState('manager'), viewport: size.viewport });

    test(`a list's or a record's refetch answered 403 shows the no-permission screen, not a Retry that cannot work (${size.name})`, async ({ page }) => {
      // The role loses the grant while the screens are open: their next read is refused as the API refuses it.
      const refuse = (path: RegExp) =>
        page.route(
          (url) => path.test(url.pathname),
          (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 403, contentType: 'application/json', json: { error: { code: 'forbidden', message: messages.forbidden } } }) : route.fallback()),
        );
      const refused = async (grant: string) => {
        await expect(page.getByRole('heading', { level: 1, name: "You don't have permission to see persons." })).toBeVisible();
        await expect(page.getByText(`${grant}, which your role “Practice Administrator” does not grant`)).toBeVisible();
        await expect(page.getByText(messages.tryAgain)).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^(Try again|Retry)$/ })).toHaveCount(0);
      };
      await page.goto(`/practice/persons/${seedId('person:viewer')}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Victor Chen' })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Persons', exact: true }).click();
      await expect(page.getByRole('table', { name: 'Persons' })).toBeVisible();

      // Back to the record: its loader finds it cached, and the screen's background refetch is refused.
      await refuse(/\/api\/person\/persons\/[0-9a-f-]{36}$/);
      await page.goBack();
      await refused('Needs GET on Individual person');
      await expectNoAxeViolations(page);

      // Forward to the list: the same for the list's refetch.
      await page.unrouteAll({ behavior: 'wait' });
      await refuse(/\/api\/person\/persons$/);
      await page.goForward();
      await refused('Needs GET on Persons');
    });
  });
}

for (const size of sizes) {
  test.describe(`a section refused (${size.name})`, () => {
    test.use({ storageState: storageState('manager'), viewport: size.viewport });

    test(`a section that loads its own data answered 403 says the role does not allow it, in place, with no Retry (${size.name})`, async ({ page }) => {
      const api = await signedInApi(page);
      const first = async (path: string) => {
        const body = (await (await api.send('GET', path)).json()) as { items?: { id: string }[]; Items?: { id: string }[] };
        return (body.items ?? body.Items)![0]!.id;
      };
      const sections = [
        { screen: `/practice/practitioners/${await first('/person/practitioners?limit=1')}`, api: /^\/api\/tag$/, what: 'tags', grant: 'Needs GET on Tags' },
        { screen: `/practice/schedules/${await first('/schedule/schedule?limit=1')}`, api: /^\/api\/schedule\/schedule\/[0-9a-f-]{36}\/task$/, what: "this schedule's tasks", grant: 'Needs GET on Individual schedule' },
        { screen: `/campaigns/campaign/${await first('/surveys/campaigns?limit=1')}`, api: /\/timeline$/, what: "this campaign's answers", grant: 'Needs GET on Individual campaign' },
      ];
      for (const section of sections) {
        // The role lost the section's grant (only the section's read is refused): the screen stays, the section says why.
        await page.route(
          (url) => section.api.test(url.pathname),
          (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 403, contentType: 'application/json', json: { error: { code: 'forbidden', message: messages.forbidden } } }) : route.fallback()),
        );
        await page.goto(section.screen);
        await expect(page.getByText(`You don't have permission to see ${section.what}.`), section.screen).toBeVisible();
        await expect(page.getByText(`${section.grant}, which your role “Practice Administrator” does not grant. An administrator of your account can change your role.`)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByText(messages.tryAgain)).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^(Try again|Retry)$/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.unrouteAll({ behavior: 'wait' });
      }
    });
  });
}

for (const size of sizes) {
  test.describe(`person names (${size.name})`, () => {
    test.use({ storageState: storageState('manager'), viewport: size.viewport });

    test(`removing every name shows the spec's message as the field's error, announced, with focus on the field (${size.name})`, async ({ page }) => {
      await page.goto(`/practice/persons/edit/${seedId('person:viewer')}`);
      await page.getByRole('button', { name: 'Remove name Victor Chen' }).click();
      const error = page.getByRole('alert').filter({ hasText: messages.atLeastOneName });
      await expect(error).toHaveText(messages.atLeastOneName);
      await expect(error).toHaveAttribute('data-slot', 'field-error');
      const addName = page.getByRole('button', { name: 'Add Name' });
      await expect(addName).toBeFocused();
      await expect(addName).toHaveAccessibleDescription(messages.atLeastOneName);
      await expectNoAxeViolations(page);
    });
  });
}

for (const size of sizes) {
  test.describe(`switching account (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test.describe('as a user with an assumed account', () => {
      test.use({ storageState: storageState('manager') });

      test(`keeps the list, drops the old account's record id and filters (${size.name})`, async ({ page }) => {
        await page.goto(`/practice/persons/${seedId('person:viewer')}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Victor Chen' })).toBeVisible();
        if (size.name === 'desktop') {
          await page.getByRole('button', { name: /^Account: / }).click();
          await page.getByRole('dialog', { name: 'Switch account' }).getByRole('option', { name: /Lakeside Pediatrics/ }).click();
        } else {
          // At phone size the header's selector is behind Menu, which opens the palette on its accounts.
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('menuitem', { name: /Switch account/ }).click();
          await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: 'Lakeside Pediatrics', exact: true }).click();
        }
        await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText('Lakeside Pediatrics');
        await expect(page).toHaveURL(/\/practice\/persons$/);
        await expect(page.getByRole('table', { name: 'Persons' })).toBeVisible();

        await page.goto('/practice/contact-points?page=2');
        await expect(page.getByRole('table', { name: 'Contact Points' })).toBeVisible();
        await page.getByRole('button', { name: 'Leave Lakeside Pediatrics' }).click();
        await expect(page.getByRole('region', { name: 'Ghost Mode' })).toHaveCount(0);
        await expect(page).toHaveURL(/\/practice\/contact-points$/);
        await expect(page.getByRole('table', { name: 'Contact Points' })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });

    test.describe('as an instance administrator', () => {
      test.use({ storageState: storageState('admin') });

      test(`person create starts with the header's account selected (${size.name})`, async ({ page }) => {
        await page.goto('/practice/person/create');
        await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(seedId('account:astera'));
        await expectNoAxeViolations(page);
      });
    });
  });
}
