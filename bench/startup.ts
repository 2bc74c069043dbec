import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { getFreePort } from '../server/db/postgres.ts';
import { root, type Figure } from './util.ts';
import { publicPages } from '../domain/public-pages.ts';

/**
 * The JavaScript a browser really loads to show the first screen (/home, signed in), two ways:
 * a signed-in visit (the stored session of an earlier sign-in, as every visit after the first is:
 * the figure issue 25's aim is for), and the first visit, through the sign-in to /home (it also
 * loads the Auth0 SDK, which a signed-in visit loads only when its token needs renewing). Each
 * counts every script of the portal's origin requested until /home shows (what loads in idle time
 * after it, the palette and the menus made ready for the keyboard, is not counted).
 */
export async function firstScreenJs(baseUrl: string): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const record = (page: Page) => {
    const scripts = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    return scripts;
  };
  const shown = async (page: Page) => {
    await page.getByRole('heading', { name: 'Recent changes' }).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
  };
  const figure = (scripts: Set<string>, what: string, aim: string): Figure => {
    if (process.env.BENCH_VERBOSE) console.log(`/home ${what}:`);
    if (process.env.BENCH_VERBOSE) for (const f of scripts) console.log(gzipSync(readFileSync(path.join(root, 'dist', f)), { level: 9 }).length, f);
    const bytes = [...scripts].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length, 0);
    return { name: `JavaScript loaded to show /home ${what}, gzip (${scripts.size} files)`, value: bytes / 1024, unit: 'KB', aim };
  };
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const firstVisit = record(page);
    await page.goto(`${baseUrl}/home`);
    await page.getByLabel('Email').fill('admin@astera.test');
    await page.getByLabel('Password').fill('astera-admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shown(page);
    // What the first visit had loaded when /home showed (the page goes on loading in idle time).
    const firstVisitShown = new Set(firstVisit);
    // A signed-in visit: a new tab of the same browser (the session is stored), its cache empty.
    const again = await (await browser.newContext({ storageState: await context.storageState() })).newPage();
    const signedIn = record(again);
    await again.goto(`${baseUrl}/home`);
    await shown(again);
    return [figure(signedIn, 'signed in (a stored session)', '≤ 150 KB (issue 25)'), figure(firstVisitShown, 'on the first visit, through the sign-in', 'none: the SDK signs in')];
  } finally {
    await browser.close();
  }
}

/** Time from `npm start` (dependencies and build present) to the "ready" line. */
export async function timeStart(dataDir: string, ports: { port: number; idp: number; pg: number }, whileRunning?: () => Promise<void>): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(ports.port), IDP_PORT: String(ports.idp), PG_PORT: String(ports.pg), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the stop below is what Ctrl+C in a terminal does.
    detached: true,
  });
  const ms = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is ready')) resolve(performance.now() - started);
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`start exited with ${code}: ${out}`)));
  });
  child.removeAllListeners('exit');
  try {
    await whileRunning?.();
  } finally {
    child.removeAllListeners('exit');
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  return ms;
}

/** Only the first-screen JavaScript (`BENCH_ONLY=first-screen`): one start on a fresh data folder. */
export async function firstScreenFigure(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-'));
  chmodSync(dataDir, 0o755);
  try {
    const ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
    let firstScreen: Figure[] = [];
    await timeStart(dataDir, ports, async () => {
      firstScreen = await firstScreenJs(`http://localhost:${ports.port}`);
    });
    return firstScreen;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function startupFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  try {
    // Free ports, so a running demo or test run is not in the way.
    const ports = { port: await getFreePort(), idp: await getFreePort(), pg: await getFreePort() };
    let firstScreen: Figure[] = [];
    const first = await timeStart(dataDir, ports, async () => {
      firstScreen = await firstScreenJs(`http://localhost:${ports.port}`);
    });
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push(await timeStart(dataDir, ports));
    warm.sort((a, b) => a - b);
    return [
      ...firstScreen,
      { name: 'npm start → ready, first start (initdb, migrate, seed)', value: first / 1000, unit: 's', aim: '< 5 s' },
      { name: 'npm start → ready, later start (median of 3)', value: warm[1]! / 1000, unit: 's', aim: '< 5 s' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The scripts a built page names (entry + module preloads) and their gzip size in bytes. */
function pageJs(page: string) {
  const html = readFileSync(path.join(root, 'dist', page), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(root, 'dist', file)), { level: 9 }).length, 0);
  return { files, bytes };
}

/** The gzip size of the entry scripts index.html names (entry + module preloads). */
export function initialJsFigure(): Figure {
  const { files, bytes } = pageJs('index.html');
  return { name: `SPA entry JavaScript named by index.html, gzip (${files.length} files)`, value: bytes / 1024, unit: 'KB', aim: '≤ 150 KB (issue 25)' };
}

/** Each public page (domain/public-pages.ts: the survey, the call-masking page…): all the JavaScript it loads, gzip, against its budget. */
export function publicPagesJsFigures(): Figure[] {
  return publicPages.map((page) => {
    const { files, bytes } = pageJs(page.entry);
    return { name: `Public page ${page.name} (${page.entry}) JavaScript, gzip (${files.length} files)`, value: bytes / 1024, unit: 'KB', aim: `≤ ${page.jsBudgetBytes / 1024} KB` };
  });
}
