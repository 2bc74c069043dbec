// `npm test`: installs what is missing, then typecheck, lint and the build side by side; unit + API
// tests (vitest, on a real PostgreSQL of their own) beside the product started once under the
// current Node LTS (from the npm registry's `node` package) and signed in; then end-to-end tests
// (Playwright in Debian's Chromium, against the product started on ports and a data folder of its own).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Debian's Chromium (the bench, the Node LTS check) and its headless shell (the end-to-end tests:
 * playwright.config.ts), installed with apt-get, through sudo when not root, when missing. Without
 * the shell (its install failed) the tests drive Chromium itself, only slower.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return;
  const missing = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/lib/chromium/chromium-headless-shell', 'chromium-headless-shell'],
  ].filter(([file]) => !existsSync(file));
  if (missing.length === 0) return;
  console.log(`Installing ${missing.map(([, pkg]) => pkg).join(' and ')} from Debian's packages (apt-get)…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => execFileSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', ...missing.map(([, pkg]) => pkg)]);
  } catch (error) {
    if (!existsSync('/usr/bin/chromium')) throw error;
    console.log('The headless shell could not be installed: the end-to-end tests drive Chromium itself.');
  }
}

const steps = [];
function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/**
 * Steps that need nothing from each other, run side by side on the machine's two cores (typecheck,
 * lint and the build each keep one core busy); each step's output is printed whole when it ends.
 */
async function together(...defs) {
  const done = await Promise.all(
    defs.map(
      ([name, cmd, args, env = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            console.log(`\n▶ ${name}`);
            const printed = Buffer.concat(output);
            process.stdout.write(printed);
            resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, printed: printed.toString() });
          });
        }),
    ),
  );
  steps.push(...done);
}

function counts(file, read, fallback = { passed: 0, failed: 0, skipped: 0 }) {
  try {
    return read(JSON.parse(readFileSync(path.join(root, file), 'utf8')));
  } catch {
    return fallback;
  }
}

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** A failure's first lines, indented, without terminal colours. */
const excerpt = (message) =>
  String(message ?? '')
    .replace(ansi, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 14)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join('\n');

function failedUnitTests() {
  return counts('reports/vitest.json', (r) =>
    r.testResults.flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => ({ title: `${name} › ${t.fullName}`, message: t.failureMessages.join('\n') }));
      return tests.length > 0 || file.status !== 'failed' ? tests : [{ title: name, message: file.message }];
    }),
    [],
  );
}

function failedE2eTests() {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map((t) => ({ title: `${spec.file}:${spec.line} › ${spec.title}`, message: t.results.flatMap((r) => r.errors.map((e) => [e.location ? `at ${path.relative(root, e.location.file)}:${e.location.line}` : '', e.message].join('\n'))).join('\n') })),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return counts('reports/e2e.json', (r) => r.suites.flatMap(walk), []);
}

ensureDependencies();
ensureChromium();
rmSync(path.join(root, 'reports'), { recursive: true, force: true });

// Built once, beside the typecheck and lint: the first screen's budget test reads this build
// (ASTERA_TEST_BUILT) instead of making its own, and the end-to-end tests serve it.
await together(
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['build (when its inputs changed: scripts/ensure.mjs)', process.execPath, [path.join(root, 'scripts', 'ensure.mjs')]],
);
// The Node LTS check beside the API tests, which mostly wait on their PostgreSQL (they kept 1.65 of
// the two cores busy): it starts the product on free ports with a throwaway data folder of its own.
await together(
  [
    'unit and API tests (vitest)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json', '--reporter=./scripts/vitest-run-errors.mjs'],
    { ASTERA_TEST_BUILT: '1' },
  ],
  ['current Node LTS: starts and signs in (scripts/node-lts.mjs)', process.execPath, [path.join(root, 'scripts', 'node-lts.mjs')]],
);
step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], { E2E_WHOLE_RUN: '1' });

const unit = counts('reports/vitest.json', (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrors ?? 0), skipped: r.numPendingTests + r.numTodoTests }));
const e2e = counts('reports/e2e.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped }));

/** What failed a vitest run besides its tests (scripts/vitest-run-errors.mjs): unhandled errors, an interrupted run. */
function unitRunErrors() {
  return counts('reports/vitest-errors.json', (r) => [
    ...r.errors.map((e) => ({ title: `vitest: unhandled ${e.name}${e.during ? ` during ${e.during}` : ''}`, message: e.stack || e.message })),
    ...(r.reason && r.reason !== 'passed' ? [{ title: `vitest: the run ended ${r.reason}`, message: '' }] : []),
  ], []);
}

/** The end of what a failed step printed, when no failure above explains it (a crash, a failed teardown). */
const lastLines = (printed) => String(printed ?? '').replace(ansi, '').split('\n').filter((line) => line.trim() !== '').slice(-14).join('\n');

const runErrors = unitRunErrors();
const unitFailures = [...failedUnitTests(), ...runErrors];
const failures = [...unitFailures, ...failedE2eTests()];
const unexplained = steps.filter((s) => !s.ok && s.printed !== undefined && (!s.name.includes('vitest') || unitFailures.length === 0));
for (const s of unexplained) failures.push({ title: `${s.name} failed; the end of what it printed:`, message: lastLines(s.printed) });
if (failures.length > 0) {
  // CI keeps only the end of what a run prints: each failure's first lines are repeated here.
  console.log('\nFailures');
  for (const { title, message } of failures.slice(0, 10)) console.log(`  ✗ ${title}\n${excerpt(message)}`);
  if (failures.length > 10) console.log(`  … and ${failures.length - 10} more`);
}

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + runErrors.length + steps.filter((s) => !s.ok && !s.name.includes('tests')).length;
console.log(`tests: ${passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
