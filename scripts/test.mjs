// `npm test`: installs what is missing, then typecheck, lint, unit + API tests (vitest, on a real
// PostgreSQL of their own) and end-to-end tests (Playwright in Debian's Chromium, against the
// product started on ports and a data folder of its own), then the product started once under the
// current Node LTS (from the npm registry's `node` package) and signed in.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function ensureChromium() {
  if (process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium')) return;
  console.log("Installing Chromium from Debian's packages (apt-get)…");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => execFileSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
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

step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
step('lint', bin('eslint'), ['.', '--max-warnings=0']);
// Built once, before the unit tests: the first screen's budget test reads this build
// (ASTERA_TEST_BUILT) instead of making its own, and the end-to-end tests serve it.
ensureBuild();
step('unit and API tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile=reports/vitest.json'], { ASTERA_TEST_BUILT: '1' });
step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']);
step('current Node LTS: starts and signs in (scripts/node-lts.mjs)', process.execPath, [path.join(root, 'scripts', 'node-lts.mjs')]);

const unit = counts('reports/vitest.json', (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrors ?? 0), skipped: r.numPendingTests + r.numTodoTests }));
const e2e = counts('reports/e2e.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped }));

const failures = [...failedUnitTests(), ...failedE2eTests()];
if (failures.length > 0) {
  // CI keeps only the end of what a run prints: each failure's first lines are repeated here.
  console.log('\nFailures');
  for (const { title, message } of failures.slice(0, 10)) console.log(`  ✗ ${title}\n${excerpt(message)}`);
  if (failures.length > 10) console.log(`  … and ${failures.length - 10} more`);
}

console.log('\nSummary');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + steps.filter((s) => !s.ok && !s.name.includes('tests')).length;
console.log(`tests: ${passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
