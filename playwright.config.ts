import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/** The product runs on ports and a data folder of its own, so a running demo is untouched. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eIdpPort = e2ePort + 1;
export const baseURL = `http://localhost:${e2ePort}`;
/** Its data folder, one per port: two runs on two ports (two checkouts' worth of work) never wipe each other's. */
export const e2eDataDir = `.data-test/e2e-${e2ePort}`;

/**
 * The browser the tests drive: Debian's Chromium headless shell (package `chromium-headless-shell`,
 * which `npm test` installs; Playwright's own default for headless runs), else Debian's Chromium, or
 * `CHROMIUM_PATH`. The full browser's headless mode runs its browser UI as well: over the same 24
 * tests (persons and lists specs, 7 December 2026) its processes took 173 CPU s against the shell's
 * 104, and the run 161 s against 131.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';

/** The specs that run alone, after the rest (the `alone` project below). */
const alone = [/filter-keys\.spec\.ts/];

export default defineConfig({
  testDir: 'e2e',
  // Two spec files at a time (a worker each), the tests of a file in order. With the headless shell
  // and no trace the browser's share of the CPU halved, and two workers pay: a whole run took 682–799 s
  // against 1,157 s for one (7 December 2026, nothing else running); in a fresh clone's npm test 727–781 s. (With the full browser and a
  // trace per test they did not: 26.3 min at load 16 and 21.6 nearly idle, against 19.6 for one.)
  // `E2E_WORKERS=1` runs one file at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Budgets against a hung test, not measures of speed: on a busy 2-core machine (load 9–13, or
  // E2E_CPU_THROTTLE=4) whole flows took 30–40 s and a cold screen over 10 s to show. A lost key
  // or a wrong screen fails whatever the wait; a slow one is not a failure.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    // No trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one for
    // every test, kept or not, made Chromium stream a screencast throughout. Over the same 24 tests
    // (headless shell, 7 December 2026) the run took 131 s with it, 94 s with its DOM snapshots
    // alone, and 81 s without, Chromium's processes 104, 74 and 64 CPU s. A failure still leaves its screen shot.
    trace: 'off',
    // axe is injected as a script; the provider's page forbids that by CSP (rightly).
    bypassCSP: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: alone, dependencies: ['setup'] },
    // One file at a time, and in the whole run (`npm test` sets E2E_WHOLE_RUN) after all the others:
    // their tests read lists the other specs add to (new calls, chats, workflow attempts), which the
    // other worker would change under them. Only in the whole run: Playwright runs every test of a
    // project another depends on whatever the command line names, so `playwright test <a spec>` would run them all.
    { name: 'alone', use: { ...devices['Desktop Chrome'] }, testMatch: alone, dependencies: process.env.E2E_WHOLE_RUN ? ['setup', 'chromium'] : ['setup'], workers: 1 },
  ],
  webServer: {
    command: `rm -rf ${e2eDataDir} && node --import tsx server/main.ts`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(e2ePort),
      IDP_PORT: String(e2eIdpPort),
      PG_PORT: String(e2ePort + 7),
      DATA_DIR: e2eDataDir,
      REPORTING_URL: 'https://reports.example.test/astera',
      // No simulated calls arrive during the tests: lists stay as the seed left them.
      SIMULATED_CALLS_PER_HOUR: '0',
      // The call-ingestion job runs once an hour rather than every 5 s through the whole run: the one test
      // that needs a run (interactions.spec, "a call the contact center reports…") adds it to the queue.
      INTERACTIONS_SYNC_SECONDS: '3600',
      // The simulated carrier never fails by chance (a test that wants a failure calls a number the carrier refuses), and reports at once.
      TELEPHONY_SIMULATOR_FAILURE_RATE: '0',
      TELEPHONY_SIMULATOR_OUTCOME_MS: '200',
      // Workflow delays at demo speed (issue 43): a day passes in 48 s, an hour in 2 s.
      WORKFLOW_SECONDS_PER_DAY: '48',
    },
  },
});
