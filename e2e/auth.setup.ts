import { expect, test as setup } from './fixtures.ts';
import { demo, signInOnProviderPage, storageState, type DemoUser } from './support.ts';

for (const user of Object.keys(demo) as DemoUser[]) {
  setup(`sign in as ${user}`, async ({ page }) => {
    await page.goto('/home');
    await signInOnProviderPage(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
    await page.context().storageState({ path: storageState(user) });
  });
}
