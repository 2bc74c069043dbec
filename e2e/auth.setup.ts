import { test as setup } from './fixtures.ts';
import { demo, signInAndKeepState, type DemoUser } from './support.ts';

for (const user of Object.keys(demo) as DemoUser[]) {
  setup(`sign in as ${user}`, async ({ page }) => signInAndKeepState(page, user));
}
