import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const auth0Sdk = fileURLToPath(new URL('node_modules/@auth0/auth0-spa-js/src/', import.meta.url));
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
  if (!existsSync(`${auth0Sdk}index.ts`)) throw new Error(`@auth0/auth0-spa-js no longer ships src/index.ts: update auth0WithoutUnusedFeatures in vite.config.ts`);
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

export default defineConfig({
  plugins: [
    auth0WithoutUnusedFeatures(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders split too: a route's queries (and what they import) load with the route, not with
      // the first screen (bench: JavaScript loaded to show /home).
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['notFoundComponent']] },
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    precompressedAssets(),
  ],
  resolve: {
    alias: [
      // TanStack Store's selector hook imports the shim for React < 18; React 19 has
      // useSyncExternalStore, so the same hook without the shim (same package) is enough.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Two pages: the portal, and the patients' survey (its own small bundle, no sign-in code).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        survey: fileURLToPath(new URL('survey.html', import.meta.url)),
      },
    },
  },
  server: { port: 5173 },
});
