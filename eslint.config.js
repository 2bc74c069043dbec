import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const features = readdirSync(new URL('src/features', import.meta.url));

/**
 * The layers (ARCHITECTURE "Repository layout", CONVENTIONS "Features do not import each other").
 * Each layer may import the layers after it, never one before it. Paths are from the repository's
 * root (this file's folder). A piece that a lower layer needs moves down a layer; it is
 * never let through with an ignore comment.
 */
const spaLayers = [
  { name: 'routes', paths: ['./src/routes', './src/main.tsx', './src/registry.ts', './src/screens.ts'] },
  { name: 'features', paths: ['./src/features'] },
  { name: 'shell', paths: ['./src/components/shell'] },
  { name: 'palette', paths: ['./src/palette'] },
  { name: 'ui', paths: ['./src/components/ui'] },
  { name: 'lib', paths: ['./src/lib'] },
  { name: 'state', paths: ['./src/state'] },
];
/**
 * The server's inner order, beside the SPA on domain/: the composition (the files that build the
 * app and the process, and the demo data that is seeded through every area) → routes → the
 * services the routes use → the database. Shared helpers (server/*.ts that are not the
 * composition) sit with the services.
 */
const serverComposition = ['./server/main.ts', './server/app.ts', './server/portal.ts', './server/areas.ts', './server/seed'];
const serverServices = ['./server/auth', './server/idp', './server/integrations', './server/jobs', './server/notifications', './server/search'];
const serverHelpers = './server/!(main|app|portal|areas).ts';
/**
 * The request layer's own files: the app's environment (which imports auth and every integration
 * port), the request's write wrapper and the HTTP errors. Jobs write through server/db/ without a
 * request, so server/db/ never imports these (nor hono itself: below).
 */
const requestLayer = ['./server/env.ts', './server/write.ts', './server/errors.ts'];
const below = (layers) =>
  layers.slice(1).map((layer, i) => ({
    target: layer.paths,
    from: layers.slice(0, i + 1).flatMap((upper) => upper.paths),
    message: `${layer.name} sits below ${layers.slice(0, i + 1).map((upper) => upper.name).join(', ')}: move the piece it needs down a layer.`,
  }));
/**
 * Nothing imports a test, so a test may use any layer of its side (an API test builds the whole
 * app, a hook's test renders the component that shows its outcome); the product's files keep the
 * order, and never import the tests' harness.
 */
const sideZones = [
  { target: './domain', from: ['./src', './server'], message: 'domain/ is shared and pure: it imports nothing from the SPA or the server.' },
  { target: './server', from: './src', message: 'The server never imports SPA code.' },
  { target: './src', from: './server', message: 'The SPA never imports server code.' },
];
const layerZones = [
  ...sideZones,
  ...below(spaLayers),
  // An area's descriptor (server/routes/<area>/area.ts) is the composition's: it names the area's demo seed steps.
  { target: './server/routes/*/!(area).ts', from: serverComposition, message: 'Routes are composed by server/app.ts; they do not import the composition.' },
  { target: './server/routes', from: './server/routes/*/area.ts', message: "An area's descriptor is read by server/areas.ts alone: routes do not import it." },
  {
    target: [...serverServices, serverHelpers],
    from: [...serverComposition, './server/routes'],
    message: "The server's services and shared helpers sit below its routes and its composition: move the piece down, or compose it in server/app.ts.",
  },
  {
    target: './server/db',
    from: [...serverComposition, './server/routes', ...serverServices, ...requestLayer],
    message:
      'server/db/ is the bottom of the server: it imports no route, service, composition or request layer (demo data lives in server/seed/; a request fills the audited write through server/write.ts).',
  },
  { target: ['./server/!(test)/**', './server/*.ts'], from: './server/test', message: "server/test/ is the tests' harness: production code never imports it." },
];
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'reports', '.data*'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'e2e/**', 'server/**', 'bench/**', '*.ts'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', performance: 'readonly', fetch: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // TanStack Query drops the callbacks given to `mutate` once their component has gone, and a
          // mutation's own refetch often removes the button that started it: its message was lost.
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message: 'Await `mutateAsync` instead of passing callbacks to `mutate`: they are dropped when the component unmounts first.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  { files: testFiles, rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: sideZones }] } },
  // server/db/ is written through by jobs as well as requests (ARCHITECTURE "Jobs"): no HTTP framework there.
  {
    files: ['server/db/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['hono', 'hono/*', '@hono/*'], message: 'server/db/ knows no request: take the database, account and actor as arguments (server/write.ts fills them from a request).' }] },
      ],
    },
  },
  // Public pages (the patients' survey) are small and separate: no sign-in, router, query or state code.
  restrict(['src/public/**'], [
    { regex: '(^|/)(components|features|routes|state|palette)/|(^|/)lib/(?!settings\\.ts$)', message: 'A public page imports only domain/ and lib/settings.ts.' },
    { regex: '^(react|react-dom|jotai|ofetch|cmdk)(/|$)|^@(tanstack|auth0|radix-ui)/', message: 'A public page stays a small bundle of its own (ARCHITECTURE "Public pages").' },
  ]),
  ...features.map((name) =>
    restrict([`src/features/${name}/**`], [
      {
        regex: `^\\.\\./(?!${name}/)[^./][^/]*/|(^|/)features/(?!${name}/)`,
        message: 'Features do not import each other: move the shared piece to lib/ or components/.',
      },
    ]),
  ),
);
