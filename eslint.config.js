import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Import direction (CONVENTIONS): domain → src/lib, src/components → src/features → src/routes;
 * features do not import each other; the SPA and the server share only domain/.
 */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const features = readdirSync('src/features');
const noServer = { regex: '(^|/)server/', message: 'The SPA never imports server code.' };

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
  restrict(['domain/**'], [{ regex: '(^|/)(src|server)/', message: 'domain/ is shared and pure: it imports nothing from the SPA or the server.' }]),
  restrict(['server/**'], [{ regex: '(^|/)src/', message: 'The server never imports SPA code.' }]),
  restrict(['src/**'], [noServer]),
  restrict(['src/lib/**', 'src/components/**', 'src/state/**', 'src/palette/**'], [
    noServer,
    { regex: '(^|/)(features|routes)/', message: 'lib/, components/, state/ and palette/ sit below features and routes.' },
  ]),
  // Public pages (the patients' survey) are small and separate: no sign-in, router, query or state code.
  restrict(['src/public/**'], [
    noServer,
    { regex: '(^|/)(components|features|routes|state|palette)/|(^|/)lib/(?!settings\\.ts$)', message: 'A public page imports only domain/ and lib/settings.ts.' },
    { regex: '^(react|react-dom|jotai|ofetch|cmdk)(/|$)|^@(tanstack|auth0|radix-ui)/', message: 'A public page stays a small bundle of its own (ARCHITECTURE "Public pages").' },
  ]),
  ...features.map((name) =>
    restrict([`src/features/${name}/**`], [
      noServer,
      { regex: '(^|/)routes/', message: 'Routes compose features, not the other way round.' },
      {
        regex: `^\\.\\./(?!${name}/)[^./][^/]*/|(^|/)features/(?!${name}/)`,
        message: 'Features do not import each other: move the shared piece to lib/ or components/.',
      },
    ]),
  ),
);
