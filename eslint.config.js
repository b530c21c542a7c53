import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Server layers (docs/architecture.md, "Server"): every folder under areas/ is an area, so a new
// one gets its zone without touching this file.
const SERVER = './apps/server/src';
const serverAreas = readdirSync(new URL(`${SERVER}/areas`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/resolver-next': [
    createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true }),
  ],
};
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';

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
  // Server boundaries (issue #15): areas meet only in areas/registry.ts; areas, platform and the
  // types layer do not know the HTTP layer; platform adapters do not know the areas.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...serverAreas.map((area) => ({
              target: `${SERVER}/areas/${area}`,
              from: `${SERVER}/areas`,
              except: [`./${area}`, './area.ts'],
              message: 'An area uses another only through what that one exports on purpose, passed in areas/registry.ts.',
            })),
            {
              target: [`${SERVER}/areas`, `${SERVER}/platform`, `${SERVER}/model`, `${SERVER}/customers`, `${SERVER}/lib`],
              from: `${SERVER}/http`,
              message: 'Types shared with the HTTP layer live in model/; only app.ts and http/ know Fastify routing.',
            },
            // areas/** -> config.ts is not in this zone yet: dns-settings.ts and webhosting.platform.ts
            // still read config types until each area declares its own settings (issue #15, config).
            {
              target: [`${SERVER}/platform`, `${SERVER}/model`, `${SERVER}/lib`],
              from: `${SERVER}/config.ts`,
              message: 'Adapters get their settings as arguments; config.ts is read by the composition root.',
            },
            {
              target: [`${SERVER}/platform`, `${SERVER}/model`, `${SERVER}/lib`, `${SERVER}/customers`],
              from: `${SERVER}/areas`,
              message: 'Platform adapters, lib, model and the core customers service speak Haven\'s terms, not an area\'s: move the shared type to model/ or the adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/areas/**/*.ts'],
    ignores: [
      '**/*.test.ts', // tests look at what landed on disk
      'apps/server/src/areas/filemanager/**', // TEMPORARY (issue #15): until the file manager's disk work is behind the webspace files port
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'node:fs/promises', 'node:child_process', 'fs', 'fs/promises', 'child_process'].map((name) => ({
            name,
            message: 'Disk and processes go behind a platform port (platform/<service>/), so an agent on another server can run them.',
          })),
        },
      ],
    },
  },
  // No import cycles in the server and the contract. Its cost is parsing each dependency once
  // (about 10 % of the lint's rule time, measured); a maxDepth did not make it cheaper.
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // kebab-case file and folder names (the part before the first dot: `dns.api.test.ts` -> `dns`).
  {
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}', 'e2e/**/*.{ts,tsx,js,mjs}', 'bench/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': KEBAB }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': KEBAB }],
    },
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
