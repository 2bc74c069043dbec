import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { publicPages } from './domain/public-pages.ts';

const auth0SdkDir = fileURLToPath(new URL('node_modules/@auth0/auth0-spa-js/src/', import.meta.url));
const auth0Stub = (file: string) => fileURLToPath(new URL(`src/lib/auth0-core/${file}`, import.meta.url));

/**
 * The Auth0 SDK built from the TypeScript sources it ships (same version) instead of its
 * prebuilt bundle, with what the portal never uses left out: `@auth0/auth0-auth-js` (the MFA API,
 * passkeys, anonymous sessions, domain discovery — openid-client, jose and oauth4webapi inside)
 * and the token worker (only for an in-memory token cache; the portal keeps tokens in local
 * storage), and the clients of the My Account API, MFA API, passkeys, anonymous sessions and DPoP,
 * which its constructor builds (src/lib/auth0-core/unused-clients-stub.ts). Sign-in, tokens,
 * refresh, revocation and logout are the SDK's own code. The SDK goes
 * from 60 KB to 22 KB gzip on the first screen (bench: JavaScript loaded to show /home).
 */
function auth0WithoutUnusedFeatures(): Plugin {
  // A later SDK that stops shipping its sources must not silently fall back to the full bundle.
  if (!existsSync(`${auth0SdkDir}index.ts`)) throw new Error(`@auth0/auth0-spa-js no longer ships src/index.ts: update auth0WithoutUnusedFeatures in vite.config.ts`);
  // The bundler names modules by their real path: with node_modules a symlink (a git worktree
  // sharing another checkout's), the SDK's own imports would not be recognised as the SDK's.
  const auth0Sdk = `${realpathSync(auth0SdkDir)}${path.sep}`;
  return {
    name: 'auth0-without-unused-features',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@auth0/auth0-spa-js') return `${auth0Sdk}index.ts`;
      if (!importer?.startsWith(auth0Sdk)) return null;
      if (source === '@auth0/auth0-auth-js') return auth0Stub('auth-js-stub.ts');
      if (/\/token\.worker(\.ts)?$/.test(source)) return auth0Stub('worker-stub.ts');
      if (/^\.\/(myaccount|mfa|passkey|anonymous|dpop\/dpop)$/.test(source)) return auth0Stub('unused-clients-stub.ts');
      return null;
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Each built asset (scripts, styles, images in text) also written as `.br` and `.gz`, at the
 * strongest settings, once at build time: the server sends the copy the browser accepts
 * (server/portal.ts) instead of compressing on every request. Files under 1 KB stay as they are.
 */
export function precompressedAssets(): Plugin {
  return {
    name: 'precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => file.startsWith('assets/') && /\.(js|css|svg|json)$/.test(file));
      // All at once: zlib works on its own threads.
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * What each chunk of a build written to disk holds and imports, in `.cache/build-chunks.json`:
 * the first screen's budget test (src/first-screen-size.test.ts) reads it with the files in dist
 * when `npm test` has just built for the end-to-end tests, instead of building a second time. Not
 * in dist: it names the source files, and the portal serves what is at the top of dist.
 */
function chunkMap(): Plugin {
  const file = fileURLToPath(new URL('.cache/build-chunks.json', import.meta.url));
  return {
    name: 'chunk-map',
    apply: 'build',
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ fileName: item.fileName, facadeModuleId: item.facadeModuleId, moduleIds: item.moduleIds, imports: item.imports }] : [],
      );
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ dir: path.resolve(options.dir ?? 'dist'), chunks }));
    },
  };
}

/**
 * A lazy chunk's preload list (`__vite__mapDeps`, Vite's `<link rel="modulepreload">` of each
 * dependency, fetched in parallel with the chunk) without the chunks every page that can reach it
 * has already run: the entry's static imports. Preloading those did nothing but cost bytes on the
 * first screen (the lists are 6.5 KB gzip in all; leaving these out saves 1.3 KB) and a `<link>`
 * appended per entry when the import ran. The lists keep every chunk that may still be missing,
 * so nothing loads later than before.
 */
function preloadListsWithoutLoadedChunks() {
  /** Per chunk: the chunks certainly loaded whenever it can run (the static closure of every entry that reaches it, intersected). */
  let loadedWith = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'preload-lists-without-loaded-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
        const closure = (start: string, withDynamic: boolean) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            const chunk = chunks.get(file);
            if (!chunk || seen.has(file)) return;
            seen.add(file);
            chunk.imports.forEach(visit);
            if (withDynamic) chunk.dynamicImports.forEach(visit);
          };
          visit(start);
          return seen;
        };
        loadedWith = new Map();
        for (const entry of [...chunks.values()].filter((chunk) => chunk.isEntry)) {
          const loaded = closure(entry.fileName, false);
          for (const file of closure(entry.fileName, true)) {
            const before = loadedWith.get(file);
            loadedWith.set(file, before ? new Set([...before].filter((f) => loaded.has(f))) : new Set(loaded));
          }
        }
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) => {
    if (hostType === 'html') return deps;
    const loaded = loadedWith.get(hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };
  return { plugin, resolveDependencies };
}
const preloadLists = preloadListsWithoutLoadedChunks();

/**
 * The first screen in one chunk. Rolldown's automatic splitting gives every module that the entry
 * and some lazy chunk share a chunk of its own: the first screen was 41 files (155 KB gzip), each
 * compressed apart, and each lazy chunk's preload list named a dozen of them. Here the modules
 * that a signed-in page runs before it shows anything (the entry's static imports, the `_app`
 * layout, the home screen: routes split by TanStack's plugin, `?tsr-split`) form one group, which
 * Rolldown merges into the entry chunk (React and the other packages
 * apart: `firstScreenParts`). Modules that a public page (domain/public-pages.ts: the patients'
 * survey…) also runs are left out (and not pulled in as dependencies), so that page still loads
 * only its own small bundle.
 */
function firstScreenInOneChunk() {
  let firstScreen = new Set<string>();
  let publicPageModules = new Set<string>();
  const publicEntries = new Set(publicPages.map((page) => `/${page.entry}`));
  const plugin: Plugin = {
    name: 'first-screen-in-one-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        roots.forEach(visit);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      firstScreen = closure(ids.filter((id) => /\/index\.html$/.test(id) || /\/src\/routes\/(_app|_app\/home)\.tsx\?tsr-split=/.test(id)));
      publicPageModules = closure(ids.filter((id) => publicEntries.has(id.slice(id.lastIndexOf('/')))));
    },
  };
  // `debugName`: the label of a group whose name is a function in Rolldown's timing report.
  const group = {
    debugName: 'first-screen',
    name: (id: string) => (firstScreen.has(id) && !publicPageModules.has(id) ? 'first-screen' : null),
    includeDependenciesRecursively: false,
  };
  /** Part of the first screen in a chunk of its own (`firstScreenParts`). */
  const part = (name: string, modules: RegExp) => ({
    debugName: name,
    name: (id: string) => (firstScreen.has(id) && !publicPageModules.has(id) && modules.test(id) ? name : null),
    includeDependenciesRecursively: false,
  });
  /** A group of the modules `modules` matches, leaving out the public pages' (each keeps its own bundle). */
  const kit = (name: string, modules: RegExp, { withPublicPages = false } = {}) => ({
    debugName: name,
    name: (id: string) => (modules.test(id) && (withPublicPages || !publicPageModules.has(id)) ? name : null),
    includeDependenciesRecursively: false,
  });
  return { plugin, group, kit, part };
}
const firstScreenChunk = firstScreenInOneChunk();

/**
 * The first screen in three files rather than one: React, the other packages, the portal's own
 * code. The browser compiles each script in a task of its own, as it arrives; one 460 KB file was
 * one compile task of 40–60 ms on this machine (the main thread waiting for the background parse),
 * which Lighthouse's phone counts four times over as blocking (issue 25). Each part is under
 * 220 KB; they are listed in index.html and fetched in parallel. The packages' part also holds the
 * Auth0 stand-ins the SDK imports (src/lib/auth0-core), so that no part imports the portal's.
 */
const firstScreenParts = [
  firstScreenChunk.part('react', /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/),
  firstScreenChunk.part('vendor', /[\\/]node_modules[\\/]|[\\/]src[\\/]lib[\\/]auth0-core[\\/]/),
];

/**
 * What (nearly) every screen runs, in two chunks rather than one per module. Automatic splitting
 * gives each module the chunk of the set of screens that share it: the persons list needed 15
 * files, most under 2 KB, and over HTTP/1.1 (six connections per server) they queued in three
 * rounds before the list's data could be asked for (Lighthouse: largest paint). The domain kit is
 * the rules every screen and the public pages (the patients' survey) check (messages, text and
 * field rules, valibot);
 * the screen kit is what lists, forms and records share (field, page header, record queries, the
 * load states, a description list's parts, the select; none of them brings Radix); the
 * list kit is the table (TanStack Table) and the list around it. A form does not load the list
 * kit; the persons list loads 8 files instead of 15; the survey loads the domain kit only.
 */
const domainKit = firstScreenChunk.kit('domain-kit', /[\\/]domain[\\/](records|fields|text|query|list-query|messages)\.ts$|[\\/]node_modules[\\/]valibot[\\/]/, { withPublicPages: true });
const screenKit = firstScreenChunk.kit(
  'screen-kit',
  /[\\/]src[\\/]components[\\/]ui[\\/](field|page-header|record-path|description-list|load-state|select)\.tsx?$|[\\/]src[\\/]lib[\\/](record-queries|search-keys)\.ts$/,
);
const listKit = firstScreenChunk.kit('list-kit', /[\\/]src[\\/]components[\\/]ui[\\/](data-table|pagination|record-list|filter-input)\.tsx$|[\\/]node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]/);
/**
 * The same for forms and record pages: a create screen loaded 20–26 files (a person's 26: one per
 * form control, Radix's packages one by one), in five rounds over six connections, and Lighthouse
 * put its largest paint at 3.2–3.5 s. The form kit is the form and record page controls (TanStack
 * Form stays apart: half the forms do not use it); the Radix kit is Radix with Floating UI and the
 * scroll lock its dialogs use, apart because the menus and popovers that every screen loads after
 * its first paint use it too.
 */
const formKit = firstScreenChunk.kit(
  'form-kit',
  /[\\/]src[\\/]components[\\/]ui[\\/](form|form-fields|checkbox|chip|multi-select|leave-guard|dialog|create-screen|edit-form|record-page|conflict-notice|delete|token|record-stamps|versioned-save|permitted)\.tsx?$|[\\/]src[\\/]lib[\\/](form|return-focus)\.ts$/,
);
const radixKit = firstScreenChunk.kit('radix-kit', /[\\/]node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/);
/** The charts' code (chart.js and the drawing queue), one file for Insights and a campaign's page, named for what it is. */
const chartKit = firstScreenChunk.kit('chart', /[\\/]node_modules[\\/](chart\.js|@kurkle[\\/]color)[\\/]|[\\/]src[\\/]lib[\\/]draw-when-near\.ts$/);

export default defineConfig({
  plugins: [
    auth0WithoutUnusedFeatures(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders split too: a route's queries (and what they import) load with the route, not with
      // the first screen (bench: JavaScript loaded to show /home). Loader and component are one
      // chunk: a navigation needs both, and each lazy import costs the entry a preload list.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['notFoundComponent']] },
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    precompressedAssets(),
    chunkMap(),
    preloadLists.plugin,
    firstScreenChunk.plugin,
  ],
  resolve: {
    alias: [
      // TanStack Store's selector hook imports the shim for React < 18; React 19 has
      // useSyncExternalStore, so the same hook without the shim (same package) is enough.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    // No polyfill: every browser the portal supports knows modulepreload (one without it only preloads less), and a
    // polyfill module shared by the portal and the public pages became a chunk of its own on the first screen.
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The portal, and each public page (its own small bundle, no sign-in code: domain/public-pages.ts).
    rolldownOptions: {
      // Quiet unless something needs attention: Rolldown's report of slow plugins and chunk groups
      // is printed on every build (the build's plugins are slow by nature: Tailwind, the router's
      // code splitting, compression), so it says nothing a newcomer can act on. Its other checks stay on.
      checks: { bundlerTimings: false },
      output: { codeSplitting: { groups: [...firstScreenParts, firstScreenChunk.group, domainKit, screenKit, listKit, formKit, radixKit, chartKit] } },
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        ...Object.fromEntries(publicPages.map((page) => [page.name, fileURLToPath(new URL(page.entry, import.meta.url))])),
      },
    },
  },
  server: { port: 5173 },
});
