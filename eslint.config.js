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
  // Server logs go through the structured logger (core.ts: pino, with the request id); text for
  // the operator at a terminal (CLI answers, the start banner) through cli/output.ts, the one
  // file allowed console. Tests may still print why they skip.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/cli/output.ts', '**/*.test.ts'],
    rules: { 'no-console': 'error' },
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
  // The login route's first load has a budget (issue #2, docs/performance.md). These files are in
  // it: they call endpoints through '@haven/contract/routes' and load neither zod nor a form
  // library; the names below are the contract's exports whose modules build zod schemas.
  {
    files: [
      'apps/web/src/main.tsx',
      'apps/web/src/app/*.{ts,tsx}',
      'apps/web/src/app/shell/{guest-layout,language-switch}.tsx',
      'apps/web/src/lib/*.ts',
      'apps/web/src/features/*/screens.ts',
      'apps/web/src/features/auth/{api,login-error,login-page,use-login-form}.{ts,tsx}',
      'apps/web/src/components/{form-error,loading-bar,loading-bar-controller,not-found-page,page-loader}.{ts,tsx}',
      'apps/web/src/components/password/password-field.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', allowTypeImports: true, message: 'zod is not in the login route budget (issue #2).' },
            { name: 'react-hook-form', allowTypeImports: true, message: 'react-hook-form is not in the login route budget (issue #2).' },
            {
              name: '@haven/contract',
              allowTypeImports: true,
              importNames: [
                'auth', 'account', 'jobs', 'system', 'databases', 'filemanager', 'dns', 'shop', 'sitebuilder', 'webhosting',
                'errorEnvelope', 'domainName', 'requiredText', 'FILEMANAGER_LIMITS', 'fileNameProblem',
              ],
              message: "This loads zod: use '@haven/contract/routes' or a zod-free export (issue #2).",
            },
          ],
          patterns: [{ group: ['@hookform/*'], message: 'Not in the login route budget (issue #2).' }],
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
