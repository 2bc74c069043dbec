import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { getFreePort } from '../server/db/postgres.ts';
import { timeStart } from './startup.ts';
import type { Figure } from './util.ts';
import { signInAsManager } from './sign-in.ts';

/**
 * Keyboard-first, measured (issue 8): from "G P" to a created person and back to the list, by
 * keyboard alone, as a person would do it. Each step uses its own key (G P, C, Enter on Add Name,
 * Enter from First Name to Last Name, Enter to save the name, Ctrl+Enter to save the person, G P back); where focus is not already
 * where the next key must go, Tab is pressed until it is, and counted. Aim: 0.
 */
export async function keyboardFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-keys-'));
  chmodSync(dataDir, 0o755);
  const ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
  let figures: Figure[] = [];
  try {
    await timeStart(dataDir, ports, async () => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
      try {
        const page = await browser.newPage();
        const base = `http://localhost:${ports.port}`;
        await signInAsManager(page, base);
        figures = await createPersonByKeyboard(page);
      } finally {
        await browser.close();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function createPersonByKeyboard(page: Page): Promise<Figure[]> {
  let tabs = 0;
  const steps: string[] = [];
  /** Presses Tab until `target` has focus (at most 40 times), counting the presses. */
  async function reach(target: Locator, step: string) {
    await target.waitFor();
    for (let i = 0; i < 40 && !(await isFocused(target)); i++) {
      await page.keyboard.press('Tab');
      tabs++;
      steps.push(step);
    }
    if (!(await isFocused(target))) throw new Error(`keyboard bench: could not reach ${step}`);
  }

  await page.keyboard.press('g');
  await page.keyboard.press('p');
  const table = page.getByRole('table', { name: 'Persons' });
  await table.locator('tbody tr').first().waitFor();
  await page.keyboard.press('c');
  await page.waitForURL(/\/practice\/person\/create$/);
  await reach(page.getByRole('button', { name: 'Add Name' }), 'Add Name');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Name' });
  await reach(dialog.getByLabel('First Name'), 'First Name');
  await page.keyboard.type('Kim');
  // Enter goes on to the next required field.
  await page.keyboard.press('Enter');
  await reach(dialog.getByLabel('Last Name'), 'Last Name');
  const family = `Keyboard${Date.now()}`;
  await page.keyboard.type(family);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.keyboard.press('Control+Enter');
  await page.waitForURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: new RegExp(family) }).waitFor();
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await page.waitForURL(/\/practice\/persons(\?.*)?$/);
  await reach(table.locator('tbody'), 'list');

  return [{ name: `keyboard: G P → create a person → back to the list, Tab presses${steps.length ? ` (${[...new Set(steps)].join(', ')})` : ''}`, value: tabs, unit: 'Tabs', aim: '0' }];
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
