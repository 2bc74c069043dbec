import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const zone = (target, from, message) => ({ target, from, message });

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
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Direction (CONVENTIONS): domain → lib/components → features → routes; features stay apart.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./domain', './src', 'domain/ is shared and pure: it imports nothing from the SPA.'),
            zone('./domain', './server', 'domain/ is shared and pure: it imports nothing from the server.'),
            zone('./src', './server', 'The SPA never imports server code.'),
            zone('./server', './src', 'The server never imports SPA code.'),
            zone('./src/lib', './src/features', 'lib/ sits below features.'),
            zone('./src/components', './src/features', 'components/ sit below features.'),
            zone('./src/features', './src/routes', 'Routes compose features, not the other way round.'),
            ...readdirSync('src/features').map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other: move the shared piece to lib/ or components/.',
            })),
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
  },
);
