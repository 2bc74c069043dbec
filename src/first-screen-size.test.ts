import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../domain/public-pages.ts';

/**
 * The first screen's JavaScript budget (issue #8: at most 200 KB gzip to show /home signed in;
 * issue 25 brought it to 180 KB — its aim, 150 KB, is not reached yet; the features' registry
 * loaded lazily beside the first screen (issue 25) lost keys typed into a field at load, and
 * was put back; issue 26's five routes add their entries in the route tree: 183 KB; the registry
 * loaded beside the first screen again, the key buffer giving a focused field its keys: 175 KB;
 * route search read without valibot (src/lib/search-params.ts) and the shell's texts apart from
 * every message (domain/shell-messages.ts): 173 KB; the Auth0 SDK loaded when first needed, a
 * signed-in visit reading its still-good stored token (src/lib/auth.ts): 158 KB; a route's loader
 * and component one lazy chunk instead of two, and the lazy chunks' preload lists without the
 * chunks already run (vite.config.ts): 155.2 KB; the first screen's modules one chunk instead of
 * the 41 that automatic splitting made of them (vite.config.ts: firstScreenInOneChunk), the header's
 * Button without Radix's Slot, the notification stream loaded after the first screen: 142.3 KB,
 * budget 145 KiB, within issue 25's 150 KB),
 * checked on the build itself rather than timed in a browser: the scripts the entry (which also
 * finishes sign-in at /login/callback), the signed-in layout and /home import statically. Whatever they load lazily
 * (palette, menus, side panel, other screens) is not counted, as it is not needed to show /home.
 * `BENCH_ONLY=first-screen npm run bench` measures the same in a browser.
 */
const budget = 145 * 1024;
// A route's component and loader are one lazy chunk (vite.config.ts: codeSplittingOptions); the
// first screen's are merged into the entry's chunk, so a root is the chunk that holds the module.
const firstScreenModules = [/\/index\.html$/, /\/src\/routes\/_app\.tsx\?tsr-split=component---loader$/, /\/src\/routes\/_app\/home\.tsx\?tsr-split=component---loader$/];

/** What the tests below read of a chunk. */
type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'facadeModuleId' | 'moduleIds' | 'imports' | 'code'>;

/**
 * The build `npm test` has just made for the end-to-end tests (scripts/test.mjs sets
 * ASTERA_TEST_BUILT=1 after building): its chunks as vite.config.ts's `chunkMap` listed them,
 * their code read from dist, so the portal is built once per run.
 */
async function writtenChunks(): Promise<Chunk[]> {
  const map = JSON.parse(await readFile(new URL('../.cache/build-chunks.json', import.meta.url), 'utf8')) as { dir: string; chunks: Omit<Chunk, 'code'>[] };
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  if (path.resolve(map.dir) !== dist) throw new Error(`.cache/build-chunks.json describes ${map.dir}, not ${dist}: run \`npx vite build\``);
  return Promise.all(map.chunks.map(async (chunk) => ({ ...chunk, code: await readFile(path.join(dist, chunk.fileName), 'utf8') })));
}

async function builtChunks(): Promise<Chunk[]> {
  if (process.env.ASTERA_TEST_BUILT === '1') return writtenChunks();
  // As `npx vite build` does: vitest's NODE_ENV (test) would otherwise select React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => (process.env.NODE_ENV = nodeEnv));
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

function firstScreen(chunks: Chunk[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = firstScreenModules.map((pattern) => chunks.find((chunk) => chunk.moduleIds.some((id) => pattern.test(id))));
  const seen = new Set<string>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(byFile.get(file));
  };
  roots.forEach(visit);
  return { roots, files: [...seen].map((file) => byFile.get(file)!) };
}

describe('first screen JavaScript', () => {
  let built: ReturnType<typeof firstScreen>;
  let all: Chunk[];
  beforeAll(async () => {
    all = await builtChunks();
    built = firstScreen(all);
  }, 180_000);

  it('to show /home signed in stays within 145 KiB gzip', () => {
    const { roots, files } = built;
    // Each entry point is found (a renamed route would otherwise shrink the sum to nothing).
    expect(roots.every(Boolean)).toBe(true);
    const sizes = files.map((chunk) => ({ file: chunk.fileName, gzip: gzipSync(chunk.code, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, JSON.stringify(sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 8))).toBeLessThanOrEqual(budget);
  });

  it('with what loads beside it as it shows (the features\' registry for the keys, the notification stream), a signed-in /home stays within 150 KB gzip, issue 25\'s aim', () => {
    // `BENCH_ONLY=first-screen npm run bench` measures the same in a browser: 149.6 KB on 7 December
    // 2026, after the registry stopped bringing valibot (8 KB) with three of its commands' imports.
    const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
    const files = new Set(built.files.map((chunk) => chunk.fileName));
    const visit = (chunk: Chunk | undefined) => {
      if (!chunk || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    for (const root of [/\/src\/registry\.ts$/, /\/src\/lib\/notification-stream\.ts$/]) {
      const chunk = all.find((candidate) => candidate.moduleIds.some((id) => root.test(id)));
      expect(chunk, String(root)).toBeDefined();
      visit(chunk);
    }
    const sizes = [...files].map((file) => ({ file, gzip: gzipSync(byFile.get(file)!.code, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, JSON.stringify(sizes.sort((a, b) => b.gzip - a.gzip))).toBeLessThanOrEqual(150 * 1024);
  });

  it('is a few files, not a chunk per module that some lazy screen shares', () => {
    expect(built.files.length, built.files.map((chunk) => chunk.fileName).join(' ')).toBeLessThanOrEqual(5);
  });

  it('is compiled in parts, none a long task: no script of it over 225 KB (vite.config.ts: firstScreenParts)', () => {
    // One 460 KB entry was one compile task of 40–60 ms on the main thread (issue 25).
    const sizes = built.files.map((chunk) => `${chunk.fileName} ${chunk.code.length}`);
    expect(built.files.filter((chunk) => chunk.code.length > 10_000).length, sizes.join(' ')).toBeGreaterThanOrEqual(3);
    for (const chunk of built.files) expect(chunk.code.length, chunk.fileName).toBeLessThanOrEqual(225_000);
  });

  /** The files a lazy route loads besides the first screen's (with what loads beside it: the features' registry). */
  function loadedBeside(route: RegExp) {
    const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
    const first = new Set(built.files.map((chunk) => chunk.fileName));
    const addWithImports = (file: string) => {
      if (first.has(file)) return;
      first.add(file);
      byFile.get(file)?.imports.forEach(addWithImports);
    };
    const registry = all.find((candidate) => candidate.moduleIds.some((id) => /\/src\/registry\.ts$/.test(id)));
    if (registry) addWithImports(registry.fileName);
    const chunk = all.find((candidate) => candidate.moduleIds.some((id) => route.test(id)));
    expect(chunk, String(route)).toBeDefined();
    const loads = new Set<string>();
    const visit = (file: string) => {
      if (loads.has(file) || first.has(file)) return;
      loads.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    visit(chunk!.fileName);
    return [...loads];
  }

  it('leaves a list screen a few files to load besides it: the shared kits, not a chunk per module (vite.config.ts: screenKit, listKit)', () => {
    const loads = loadedBeside(/\/src\/routes\/_app\/practice\/persons\/index\.tsx\?tsr-split=/);
    // 15 files before the kits; six connections per server load 7 in about one round.
    expect(loads.length, loads.join(' ')).toBeLessThanOrEqual(8);
  });

  it('leaves a form or record screen a few files too, not one per control and Radix package (vite.config.ts: formKit, radixKit)', () => {
    // Before the kits: 26, 29 and 24 files.
    for (const [route, most] of [
      [/\/src\/routes\/_app\/practice\/person\/create\.tsx\?tsr-split=/, 12],
      [/\/src\/routes\/_app\/practice\/persons\/edit\/\$personId\.tsx\?tsr-split=/, 12],
      [/\/src\/routes\/_app\/practice\/locations\/\$locationId\.tsx\?tsr-split=/, 10],
    ] as const) {
      const loads = loadedBeside(route);
      expect(loads.length, `${String(route)}: ${loads.join(' ')}`).toBeLessThanOrEqual(most);
    }
  });

  it('leaves the lists and Insights without what they do not run: Radix, the form kit, the phone number rules (issue 25)', () => {
    const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
    // The locations and practitioners lists loaded the form kit and Radix (115 KB) for a description
    // list's `Empty`; Insights loaded them for the select and the load states, and libphonenumber
    // (27 KB gzip) to name six call directions.
    for (const route of [
      /\/src\/routes\/_app\/practice\/locations\/index\.tsx\?tsr-split=/,
      /\/src\/routes\/_app\/practice\/practitioners\/index\.tsx\?tsr-split=/,
      /\/src\/routes\/_app\/practice\/persons\/index\.tsx\?tsr-split=/,
      /\/src\/routes\/_app\/insights\.tsx\?tsr-split=/,
    ]) {
      const modules = loadedBeside(route).flatMap((file) => byFile.get(file)!.moduleIds);
      const unneeded = modules.filter((id) => /\/node_modules\/(@radix-ui|libphonenumber-js)\/|\/src\/components\/ui\/(dialog|form)\.tsx$/.test(id));
      expect(unneeded, String(route)).toEqual([]);
    }
    // Insights' charts load apart, once the screen is shown: chart.js is not among its files either.
    const insights = loadedBeside(/\/src\/routes\/_app\/insights\.tsx\?tsr-split=/).flatMap((file) => byFile.get(file)!.moduleIds);
    expect(insights.some((id) => id.includes('/node_modules/chart.js/'))).toBe(false);
    expect(insights.some((id) => id.endsWith('/src/features/insights/insights-screen.tsx'))).toBe(true);
  });

  // Each public page (domain/public-pages.ts; the patients' survey first) within its own budget.
  it.each(publicPages.map((page) => [page.name, page] as const))('is not loaded by the public page %s, which keeps its own small bundle', (_name, page) => {
    const entry = all.find((chunk) => chunk.facadeModuleId?.endsWith(`/${page.entry}`));
    expect(entry).toBeDefined();
    const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    visit(entry!.fileName);
    const portalEntry = built.roots[0]!.fileName;
    expect([...loaded]).not.toContain(portalEntry);
    const size = [...loaded].reduce((sum, file) => sum + gzipSync(byFile.get(file)!.code, { level: 9 }).length, 0);
    expect(size).toBeLessThan(page.jsBudgetBytes);
  });

  it('leaves the call history’s recording player and the charts (chart.js) to their own screens', () => {
    const modules = built.files.flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => id.includes('/node_modules/chart.js/'))).toBe(false);
    // Their routes' search rules and screen declarations (`search.ts`, `screens.ts`) are in the route tree; no component is.
    expect(modules.filter((id) => /\/src\/features\/(interactions|insights)\/.*\.tsx$/.test(id))).toEqual([]);
  });

  it('leaves the Auth0 SDK to a chunk of its own, loaded when sign-in, renewal or sign-out first needs it', () => {
    const sdkChunks = all.filter((chunk) => chunk.code.includes('auth0-spa-js'));
    expect(sdkChunks.length).toBeGreaterThan(0);
    for (const chunk of sdkChunks) expect(built.files.map((file) => file.fileName)).not.toContain(chunk.fileName);
  });

  it('carries the Auth0 SDK without the library and clients of the features the portal leaves out (MFA API, passkeys, My Account API)', () => {
    const code = all.filter((chunk) => chunk.code.includes('auth0-spa-js')).map((chunk) => chunk.code).join('\n');
    expect(code).toContain('auth0-spa-js');
    // Named in the SDK's prebuilt bundle (vite.config.ts: auth0WithoutUnusedFeatures).
    for (const left of ['oauth4webapi', 'openid-client']) expect(code.includes(left), left).toBe(false);
    // The My Account API's and passkeys' clients (src/lib/auth0-core/unused-clients-stub.ts).
    for (const left of ['connected-accounts', 'passkey_not_supported', 'navigator.credentials']) expect(code.includes(left), left).toBe(false);
  });
});
