import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every web feature gets its own import zone, so a new area is covered without editing this file.
const WEB_FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.config.*', 'test-results/**', 'playwright-report/**', 'scripts/**', '.ci/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['apps/server/src/areas/**', 'apps/server/src/platform/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Web boundaries: a feature reaches another only through components/ and lib/, which know no
  // feature and not the app; no import cycles (a cycle makes load order decide what is defined).
  {
    name: 'Web boundaries',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move the shared piece to components/ or lib/.',
            })),
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'components/ and lib/ are shared by every feature: they import no feature and not the app.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The web imports the contract by area ('@haven/contract/dns', '@haven/contract/shared', ...) so a
  // page loads only the areas it uses; the root entry (everything) is for the server, e2e and bench.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@haven/contract',
              message: "Import the area's entry ('@haven/contract/<area>') or '@haven/contract/shared'.",
            },
          ],
        },
      ],
    },
  },
  // Plain JS launchers (bin/, e2e/start-server.mjs) sit outside every tsconfig.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/web/src/test/**', 'e2e/**', 'bench/**'],
    rules: {
      // `res.json() as Shape` reads better in a test than a type argument.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
