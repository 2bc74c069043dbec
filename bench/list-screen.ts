import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { getFreePort } from '../server/db/postgres.ts';
import { timeStart } from './startup.ts';
import { signInAsManager } from './sign-in.ts';
import { root, type Figure } from './util.ts';

const PERSONS = 100_000;
const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!;

/**
 * The persons list screen in Chromium against the running product with 100,000 more persons in
 * the practice administrator's account: time from the navigation (G P from home, a page change,
 * a sort) to the new rows on screen.
 */
export async function listScreenFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-list-'));
  chmodSync(dataDir, 0o755);
  const ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
  const env = { ...process.env, PORT: String(ports.port), IDP_PORT: String(ports.idp), PG_PORT: String(ports.pg), DATA_DIR: dataDir };
  const figures: Figure[] = [];
  try {
    await timeStart(dataDir, ports, async () => {
      execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/seed/seed-cli.ts'), '--persons', String(PERSONS), '--account', 'Riverside'], { cwd: root, env, stdio: 'ignore' });
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
      try {
        const page = await browser.newPage();
        const base = `http://localhost:${ports.port}`;
        await signInAsManager(page, base);
        const table = page.getByRole('table', { name: /Persons/ });

        const open: number[] = [];
        const paging: number[] = [];
        const sorting: number[] = [];
        for (let round = 0; round < 8; round++) {
          await page.goto(`${base}/home`);
          await page.getByRole('button', { name: /^Account menu for / }).waitFor();
          let t = Date.now();
          await page.keyboard.press('g');
          await page.keyboard.press('p');
          await table.locator('tbody tr').nth(9).waitFor();
          open.push(Date.now() - t);

          const firstRow = await table.locator('tbody tr').first().textContent();
          t = Date.now();
          await page.getByRole('button', { name: /next page/i }).click();
          await page.waitForFunction((before) => document.querySelector('table tbody tr')?.textContent !== before, firstRow);
          paging.push(Date.now() - t);

          const pageTwoFirst = await table.locator('tbody tr').first().textContent();
          t = Date.now();
          await table.getByRole('button', { name: /^Name/ }).click();
          await page.waitForFunction((before) => document.querySelector('table tbody tr')?.textContent !== before, pageTwoFirst);
          sorting.push(Date.now() - t);
        }
        figures.push(
          { name: `persons list screen, ${PERSONS / 1000}k persons: G P → 10 rows shown, p50 of ${open.length}`, value: pct(open, 0.5), unit: 'ms' },
          { name: '  next page → new rows shown, p50', value: pct(paging, 0.5), unit: 'ms' },
          { name: '  sort by name → new rows shown, p50', value: pct(sorting, 0.5), unit: 'ms' },
        );
      } finally {
        await browser.close();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
