import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every web feature gets its own import zone, so a new area is covered without editing this file.
const WEB_FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
import checkFile from 'eslint-plugin-check-file';
import ts from 'typescript';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Server layers (docs/architecture.md, "Server"): every folder under areas/ is an area, so a new
// one gets its zone without touching this file.
const SERVER = './apps/server/src';
const serverAreas = readdirSync(new URL(`${SERVER}/areas`, import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The composition root and what runs it: they may import anything below them.
const COMPOSITION = [
  'areas/registry.ts',
  'areas/settings.ts',
  'areas/tables.ts',
  'compose.ts',
  'app.ts',
  'config.ts',
  'main.ts',
  'cli',
  'hosting-node',
  'seed',
].map((path) => `${SERVER}/${path}`);
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/resolver-next': [
    createTypeScriptImportResolver({
      project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'],
      noWarnOnMultipleProjects: true,
    }),
  ],
};
// Server boundaries (issue #15): areas meet only in areas/registry.ts; areas, platform and the
// types layer do not know the HTTP layer; platform adapters do not know the areas.
const SERVER_ZONES = [
  ...serverAreas.map((area) => ({
    target: `${SERVER}/areas/${area}`,
    from: `${SERVER}/areas`,
    except: [`./${area}`, './area.ts'],
    message:
      'An area uses another only through what that one exports on purpose, passed in areas/registry.ts.',
  })),
  {
    target: [
      `${SERVER}/areas`,
      `${SERVER}/platform`,
      `${SERVER}/model`,
      `${SERVER}/customers`,
      `${SERVER}/lib`,
    ],
    from: `${SERVER}/http`,
    message:
      'Types shared with the HTTP layer live in model/; only app.ts and http/ know Fastify routing.',
  },
  {
    target: [
      `${SERVER}/areas`,
      `${SERVER}/platform`,
      `${SERVER}/model`,
      `${SERVER}/lib`,
      `${SERVER}/customers`,
      `${SERVER}/http`,
      `${SERVER}/db`,
      `${SERVER}/seed`,
      `${SERVER}/app.ts`,
    ],
    from: `${SERVER}/config.ts`,
    message:
      'Areas and adapters get their own settings as arguments (areas/<area>/<area>.settings.ts); config.ts is read by the composition root.',
  },
  {
    target: [
      `${SERVER}/platform`,
      `${SERVER}/model`,
      `${SERVER}/lib`,
      `${SERVER}/db`,
      `${SERVER}/customers`,
    ],
    from: `${SERVER}/areas`,
    message:
      "Platform adapters, lib, model, db and the core customers service speak Haven's terms, not an area's: move the shared type to model/ or the adapter.",
  },
];
// The layers (issue #41), for the code that ships; tests may drive any layer.
const LAYER_ZONES = [
  // The layers, type imports included: base (lib, model, db, platform) < customers <
  // core.ts, http < areas < the composition (registry, compose, app, config, main, cli,
  // hosting-node, seed). Nothing imports a layer above its own.
  {
    target: [
      `${SERVER}/platform`,
      `${SERVER}/model`,
      `${SERVER}/lib`,
      `${SERVER}/db`,
      `${SERVER}/customers`,
    ],
    from: [`${SERVER}/core.ts`, ...COMPOSITION],
    message:
      'An upward import: base (lib, model, db, platform) and customers/ know nothing built on them.',
  },
  {
    target: [`${SERVER}/platform`, `${SERVER}/model`, `${SERVER}/lib`, `${SERVER}/db`],
    from: `${SERVER}/customers`,
    message: 'An upward import: base (lib, model, db, platform) knows nothing built on it.',
  },
  {
    target: [
      `${SERVER}/core.ts`,
      `${SERVER}/http`,
      `${SERVER}/areas/area.ts`,
      ...serverAreas.map((area) => `${SERVER}/areas/${area}`),
    ],
    from: COMPOSITION,
    message:
      'An upward import: core.ts, http/ and the areas are handed what the composition root builds; they do not import it.',
  },
  {
    target: [`${SERVER}/core.ts`, `${SERVER}/http`],
    from: `${SERVER}/areas`,
    message:
      'An upward import: the core does not know the areas (areas/registry.ts builds them on it).',
  },
  {
    // The composition uses what an area offers on purpose (its module, built in the
    // registry, and `<area>.exports.ts`), never its internals.
    target: COMPOSITION.filter((path) => !path.startsWith(`${SERVER}/areas`)),
    from: `${SERVER}/areas`,
    except: [
      './registry.ts',
      './settings.ts',
      './tables.ts',
      './area.ts',
      ...serverAreas.map((area) => `./${area}/${area}.exports.ts`),
    ],
    message:
      'The composition root, the CLI and the hosting node use an area through areas/registry.ts or its <area>.exports.ts, never its internals.',
  },
];
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';
// The files that may start a process themselves (see "Processes start through lib/process.ts").
const PROCESS_FILES = [
  `${SERVER}/lib/process.ts`,
  `${SERVER}/lib/process-stream.ts`,
  `${SERVER}/platform/supervisor/child.ts`, // a service: no time limit, its own process group
  `${SERVER}/platform/cron/scheduler.ts`, // a cron job runs as long as it runs
  `${SERVER}/platform/cron/cron-run.ts`, // the same job, standalone (Node's own modules only)
].map((f) => f.slice(2));
// Import circles, type-only imports included (import-x/no-cycle skips those). The graph of a
// source root is read once per lint run with TypeScript's pre-processor (relative imports, no
// type checker), its circles found by Tarjan's algorithm; each import that closes one is reported.
const circlesOf = new Map();
function importCircles(root) {
  if (circlesOf.has(root)) return circlesOf.get(root);
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
        const targets = importedFiles
          .filter((i) => i.fileName.startsWith('.'))
          .map((i) => resolve(dirname(path), i.fileName));
        graph.set(
          path,
          targets.filter((t) => existsSync(t)),
        );
      }
    }
  };
  walk(root);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const circleOf = new Map();
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) visit(w);
      if (!circleOf.has(w)) low.set(v, Math.min(low.get(v), low.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = stack.splice(stack.indexOf(v));
    for (const m of members) circleOf.set(m, members.length > 1 ? members : null);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  circlesOf.set(root, circleOf);
  return circleOf;
}
const noImportCircle = {
  meta: { type: 'problem', schema: [{ type: 'string' }] },
  create(context) {
    const file = context.physicalFilename;
    const circle = importCircles(resolve(import.meta.dirname, context.options[0])).get(file);
    if (!circle) return {};
    const check = (node) => {
      const target = node.source && resolve(dirname(file), String(node.source.value));
      if (!target || !circle.includes(target)) return;
      const names = circle.map((m) => m.slice(import.meta.dirname.length + 1));
      context.report({
        node,
        message: `Import circle (type imports count too): ${names.join(' -> ')}. Move the shared piece to a file both import.`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
const havenPlugin = { rules: { 'no-import-circle': noImportCircle } };
const TEST_SUPPORT =
  'Test support is for tests: code that ships never imports it, so no build bundles it.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/*.config.*',
      'test-results/**',
      'playwright-report/**',
      'scripts/**',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
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
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...SERVER_ZONES, ...LAYER_ZONES] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: SERVER_ZONES },
      ],
    },
  },
  // Processes start through lib/process.ts (run, spawnStream), an argv array with a time limit.
  // The exceptions run without one: a supervised service in its own process group, a cron job.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', ...PROCESS_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:child_process', 'child_process'].map((name) => ({
            name,
            message:
              'Start processes with lib/process.ts run() or spawnStream(): an argv array and a time limit.',
          })),
        },
      ],
    },
  },
  {
    files: PROCESS_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:child_process', 'child_process'].map((name) => ({
            name,
            importNames: ['exec', 'execSync'],
            message: 'Never a shell string: execFile or spawn with an argv array.',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='shell'][value.value=true]",
          message: 'Never a shell string: pass an argv array.',
        },
      ],
      // Test support lives in apps/server/test/ (support/ for real services), so the build never
      // bundles it: code that ships imports neither it nor a test library.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)test/', message: TEST_SUPPORT },
            { regex: '^(vitest|@vitest/|@testing-library/)', message: TEST_SUPPORT },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/areas/**/*.ts'],
    ignores: [
      '**/*.test.ts', // tests look at what landed on disk
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'node:fs',
            'node:fs/promises',
            'node:child_process',
            'fs',
            'fs/promises',
            'child_process',
          ].map((name) => ({
            name,
            message:
              'Disk and processes go behind a platform port (platform/<service>/), so an agent on another server can run them.',
          })),
          patterns: [
            {
              regex: '/platform/supervisor/',
              message:
                'An area does not read the supervisor: the composition root hands it what it needs (model/hosting-access.ts).',
            },
          ],
        },
      ],
    },
  },
  // Timed work is an area's `periodic`, run by the composition root (lib/periodic.ts). The job
  // runner's poll is the one timer in areas/: core.ts builds the runner for every area.
  {
    files: ['apps/server/src/areas/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/areas/jobs/job-runner.sql.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message: "Declare the work as the area's `periodic` (lib/periodic.ts runs it).",
        },
      ],
    },
  },
  // No import circles in the server and the contract, type-only imports included.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { haven: havenPlugin },
    rules: { 'haven/no-import-circle': ['error', 'apps/server/src'] },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    plugins: { haven: havenPlugin },
    rules: { 'haven/no-import-circle': ['error', 'packages/contract/src'] },
  },
  // kebab-case file and folder names (the part before the first dot: `dns.api.test.ts` -> `dns`).
  {
    files: [
      'apps/**/*.{ts,tsx,js,mjs}',
      'packages/**/*.{ts,tsx,js,mjs}',
      'e2e/**/*.{ts,tsx,js,mjs}',
      'bench/**/*.{ts,tsx,js,mjs}',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': KEBAB },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': KEBAB }],
    },
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
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // Web boundaries: a feature reaches another only through components/ and lib/, which know no
  // feature and not the app; a feature does not import the app either; no import cycles (a cycle makes load order decide what is defined).
  {
    name: 'Web boundaries',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
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
              message:
                'Features do not import each other: move the shared piece to components/ or lib/.',
            })),
            {
              // The app imports the features (their screens), so a feature importing the app makes
              // a circle: route paths come from lib/paths.ts.
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message:
                'Features do not import the app: route paths are in lib/paths.ts, shared pieces in components/ or lib/.',
            },
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message:
                'components/ and lib/ are shared by every feature: they import no feature and not the app.',
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
              message:
                "Import the area's entry ('@haven/contract/<area>') or '@haven/contract/shared'.",
            },
          ],
        },
      ],
    },
  },
  // The web's test support is src/test/ and test-*.ts(x) beside the tests it serves: the app's
  // code never imports it (core rule here: the typescript-eslint one guards the contract above).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', '**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)test(/|-)', message: TEST_SUPPORT },
            { regex: '^(vitest|@vitest/|@testing-library/)', message: TEST_SUPPORT },
          ],
        },
      ],
    },
  },
  // Tests bind port 0 (or test/free-port.ts for a process that must be told its port): a fixed
  // port collides with another worker's test or a service on the machine.
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='listen'] > Literal.arguments:first-child[value>0]",
          "CallExpression[callee.property.name='listen'] > ObjectExpression.arguments > Property[key.name='port'] > Literal.value[value>0]",
        ].map((selector) => ({
          selector,
          message: 'No fixed port in a test: listen on port 0, or take one from test/free-port.ts.',
        })),
      ],
    },
  },
  // Plain JS launchers (bin/, e2e/start-server.mjs) sit outside every tsconfig.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'apps/server/test/**',
      'apps/web/src/test/**',
      'e2e/**',
      'bench/**',
    ],
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
