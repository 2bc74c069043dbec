import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { getFreePort } from '../server/db/postgres.ts';
import { signInAsManager } from './sign-in.ts';
import { timeStart } from './startup.ts';
import type { Figure } from './util.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 100_000;

/**
 * A workflow's CSV import in Chromium against the started product (issue 43): a file of 100,000
 * rows (1 in 50 refused, 1 in 50 a duplicate of an earlier row) dropped on the workflow's page,
 * timed from the drop to the column step (read and parsed in the worker), from Check rows to the
 * preview (every row checked), and from Import to the server's counts (100 batches of 1,000 rows
 * written, each with its items' jobs queued). The page's longest frame while the file is read and
 * checked says whether the page froze.
 */
export async function workflowImportFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-import-'));
  chmodSync(dataDir, 0o755);
  const ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
  const figures: Figure[] = [];
  try {
    await timeStart(dataDir, ports, async () => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        // gc exposed: the garbage of the file the bench makes in the page is collected before the frames are timed.
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--js-flags=--expose-gc'],
      });
      try {
        const page = await browser.newPage();
        const base = `http://localhost:${ports.port}`;
        await signInAsManager(page, base);
        // A workflow that runs (its items' jobs are queued) with its first task two days away, so nothing is called meanwhile.
        const workflowId = await page.evaluate(async () => {
          const entry = Object.keys(localStorage).find((key) => key.startsWith('@@auth0spajs@@::') && !key.endsWith('::@@user@@'))!;
          const token = (JSON.parse(localStorage.getItem(entry)!) as { body: { access_token: string } }).body.access_token;
          const res = await fetch('/api/task-workflows/workflows', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: 'Bench import', description: 'A call two days after', tasks: [{ name: 'outboundCall', delay: { amount: 2, unit: 'days' } }] }),
          });
          return ((await res.json()) as { id: string }).id;
        });
        await page.goto(`${base}/workflows/${workflowId}`);
        const area = page.getByRole('region', { name: 'Upload items' });
        const zone = area.getByTestId('csv-drop-zone');
        await zone.waitFor();

        // The file is made in the page (sending 15 MB through the DevTools protocol would be timed too).
        await zone.evaluate((element, rows) => {
          const parts = ['Patient Name,Phone Number,MRN,Date of Birth,Email,Address,Balance\n'];
          for (let n = 0; n < rows; n++) {
            const bad = n % 50 === 7;
            const mrn = n % 50 === 13 ? `MRN-${n - 1}` : `MRN-${n}`;
            const dob = n % 50 === 13 ? '1950-04-02' : `19${50 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`;
            parts.push(`Patient ${n},${bad ? '555' : '(503) 555-0142'},${mrn},${n % 50 === 12 ? '1950-04-02' : dob},p${n}@example.test,"${n} Main Street, Portland, OR",${n % 1000}.50\n`);
          }
          const file = new File(parts, 'bench.csv', { type: 'text/csv' });
          (window as unknown as { benchFile: File }).benchFile = file;
        }, ROWS);
        const fileBytes = await page.evaluate(() => (window as unknown as { benchFile: File }).benchFile.size);

        await page.evaluate('window.gc?.()');
        await page.waitForTimeout(500);
        // The longest gap between two frames while the worker reads and checks the file.
        // A string, not a function: tsx's helpers (`__name`) would not exist in the page.
        await page.evaluate(`(() => {
          window.longestFrame = 0;
          window.framing = true;
          let last = performance.now();
          const tick = (now) => {
            window.longestFrame = Math.max(window.longestFrame, now - last);
            last = now;
            if (window.framing) requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        })()`);
        let t = Date.now();
        await zone.evaluate((element) => {
          const data = new DataTransfer();
          data.items.add((window as unknown as { benchFile: File }).benchFile);
          element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await area.getByRole('heading', { name: 'Match columns' }).waitFor({ timeout: 300_000 });
        const parsed = Date.now() - t;
        t = Date.now();
        await area.getByRole('button', { name: 'Check rows' }).click();
        await area.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: 300_000 });
        const checked = Date.now() - t;
        const longestFrame = await page.evaluate(() => {
          const w = window as unknown as { longestFrame: number; framing: boolean };
          w.framing = false;
          return w.longestFrame;
        });
        const preview = await area.locator('dd[data-count="Would be created"]').textContent();

        t = Date.now();
        await area.getByRole('button', { name: /^Import / }).click();
        await area.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 900_000 });
        const imported = Date.now() - t;
        const created = await area.locator('dd[data-count="Created"]').textContent();
        const skipped = await area.locator('dd[data-count="Skipped as duplicates"]').textContent();
        const refused = await area.locator('dd[data-count="Refused"]').textContent();

        const k = `${ROWS / 1000}k-row`;
        figures.push(
          { name: `CSV import, ${k} file (${(fileBytes / 1024 / 1024).toFixed(1)} MB): drop → columns (read, parsed in a worker)`, value: parsed, unit: 'ms' },
          { name: '  Check rows → preview (every row checked, duplicates found)', value: checked, unit: 'ms' },
          { name: '  parsed and checked in the browser, together', value: parsed + checked, unit: 'ms' },
          { name: '  longest frame of the page meanwhile', value: longestFrame, unit: 'ms' },
          { name: `  Import → server's counts (created ${created}, skipped ${skipped}, refused ${refused}; preview said ${preview} created)`, value: imported, unit: 'ms' },
          { name: '  rows imported per second, end to end', value: ROWS / (imported / 1000), unit: 'rows/s' },
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
