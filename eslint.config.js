import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // The build runs on Preact (apps/web/vite.config.ts). Mantine's Collapse (also inside Accordion
  // and Tree) sets `inert=""` for React 18, which Preact turns into inert = false.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Collapse', 'Accordion', 'Tree'],
              message: 'Not inert when closed under Preact (the production build): see apps/web/vite.config.ts.',
            },
          ],
        },
      ],
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
