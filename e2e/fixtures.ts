import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * `E2E_CPU_THROTTLE=4 npx playwright test` runs every test with each page's CPU slowed that many
 * times (Chromium's own throttling, through the DevTools protocol): the suite as a busy machine
 * runs it, where keystrokes get lost and messages come late (issue 24: tests that never flake).
 * Unset (or 1), nothing changes. Tests that throttle on their own (keyboard.spec) set their rate
 * and put back 1 at their end.
 */
const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);

export const test = base.extend<{ cpuThrottle: undefined }>({
  cpuThrottle: [
    async ({ context }, use) => {
      if (rate > 1) {
        const throttle = async (page: Page) => {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        };
        context.on('page', (page) => void throttle(page).catch(() => undefined));
        await Promise.all(context.pages().map(throttle));
      }
      await use(undefined);
    },
    { auto: true },
  ],
});
