// Makes a checkout runnable: installs dependencies when node_modules is missing or older than
// package-lock.json, and builds the SPA when its build is missing or its inputs changed.
// Plain Node (no dependencies), because it runs before anything is installed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.log('Installing dependencies (npm ci)…');
  try {
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  } catch {
    // A fresh install can fail on a race that the next one does not meet: seen here, esbuild's
    // install script ran its binary while the file was still being written (ETXTBSY). npm ci starts
    // from an empty node_modules, so once more is the same install; a real problem fails again.
    console.log('npm ci failed; trying once more…');
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  }
  return true;
}

/**
 * The pages the build makes: the portal's index.html and each public page's entry, all at the top
 * of the checkout (domain/public-pages.ts lists the public ones; this plain script cannot import
 * it, so it takes the files, which are the same).
 */
const pages = readdirSync(root).filter((name) => name.endsWith('.html'));
const buildInputs = [...pages, 'vite.config.ts', 'tailwind.config.ts', 'tsconfig.json', 'package-lock.json', 'src', 'domain', 'public'];

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const info = statSync(full);
    if (info.isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (name === 'routeTree.gen.ts' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(path.join(relative, name));
      }
    } else {
      hash.update(relative).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  buildInputs.forEach(visit);
  return hash.digest('hex');
}

export function ensureBuild() {
  const stamp = path.join(root, 'dist', '.build-hash');
  const current = hashInputs();
  // .cache/build-chunks.json: what the build's chunks hold (vite.config.ts: chunkMap), read by the budget test.
  const built = [...pages.map((page) => path.join('dist', page)), path.join('.cache', 'build-chunks.json')].every((file) => existsSync(path.join(root, file)));
  if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === current) return false;
  console.log('Building the portal (vite build)…');
  run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
  writeFileSync(stamp, current);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  ensureBuild();
}
