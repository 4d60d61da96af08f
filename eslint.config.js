// One lint setup for the monorepo; `npm test` runs it. The import rules hold the directions of
// docs/decisions.md on resolved paths (a relative `../../wallet/x` is caught like any other spelling):
// contract imports neither side; web features do not import each other (app -> features ->
// components/lib/i18n); server routes -> services -> ledger/db, no module imports another's routes, the
// foundations (db/, http/, config.ts, ...) import no module, services never import provider adapters, and
// production code never imports the simulated world but through server/src/simulated-world.ts.
// scripts/lint-boundaries.test.mjs shows each rule catching a wrong import.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
/** The folders directly inside a folder of the repo: new features, modules and providers are covered. */
const foldersIn = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const webFeatures = foldersIn('web/src/features');
const serverModules = foldersIn('server/src/modules');
const providerKinds = foldersIn('server/src/providers');
/** A module's files that register routes: routes.ts, or a second one such as ops-rules-route.ts. */
const routeNames = ['routes', '*-route', '*-routes'];
const routeFiles = `{${routeNames.join(',')}}.ts`;
const notRouteFiles = `!(${routeNames.join('|')}).ts`;
/** The one production file that may load the simulated world (dynamically, only under SIMULATE). */
const simLoader = 'simulated-world';

const webZones = [
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}/**`,
    from: `web/src/features/!(${feature})/**`,
    message: 'features do not import each other; they meet in app/ or share through components/ and lib/',
  })),
  {
    target: 'web/src/features/**',
    from: 'web/src/app/**',
    message: 'features do not import app/: app composes the features',
  },
  {
    target: ['web/src/components/**', 'web/src/lib/**', 'web/src/i18n/**'],
    from: ['web/src/features/**', 'web/src/app/**', 'web/src/console/**'],
    message: 'components, lib and i18n sit below features and app (and the console)',
  },
  {
    target: 'web/src/console/**',
    from: ['web/src/features/**', 'web/src/app/**'],
    message: "the operator console shares components/ and lib/ only, never a member's features or app",
  },
];

const serverZones = [
  ...serverModules.map((module) => ({
    target: `server/src/modules/${module}/**`,
    from: `server/src/modules/!(${module})/**/${routeFiles}`,
    message:
      "modules do not import each other's routes; shared route pieces live in http/, services are imported",
  })),
  {
    target: `server/src/modules/**/${notRouteFiles}`,
    from: `server/src/modules/**/${routeFiles}`,
    message: 'routes -> service: a service never imports routes',
  },
  {
    target: [
      'server/src/db',
      'server/src/http',
      'server/src/config.ts',
      'server/src/ledger',
      'server/src/lib',
      'server/src/metrics',
      'server/src/providers',
      'server/src/payments',
      'server/src/errors.ts',
      'server/src/context.ts',
    ],
    from: 'server/src/modules',
    message: 'db/, http/, config.ts and the other foundations import no module: modules import them',
  },
  {
    // Everything under server/src but sim/ itself and the loader.
    target: ['server/src/!(sim)/**', `server/src/!(${simLoader}).ts`],
    from: 'server/src/sim',
    message: `production code never imports the simulated world; server/src/${simLoader}.ts loads it under SIMULATE`,
  },
  {
    target: 'server/src/modules/**',
    from: providerKinds.map((kind) => `server/src/providers/${kind}/!(${kind}).ts`),
    message: 'import a provider interface, never an adapter; adapters are chosen in providers/index.ts',
  },
  {
    target: 'server/src/modules/**',
    from: 'server/src/providers/index.ts',
    message: 'modules get their providers through Ctx; providers/index.ts is for app.ts',
  },
];

const contractZones = [
  { target: 'contract/**', from: ['server', 'web'], message: 'contract imports neither side' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Node scripts and browser code evaluated from them (page.evaluate).
    files: ['scripts/**/*.mjs', 'web/scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        localStorage: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      // Package names too: a workspace name may not resolve to a file the zones below can see.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '@krapao/server*', '@krapao/web*'],
              message: 'contract imports neither side',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{contract,server,web}/**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too (no-cycle follows them): TypeScript ones with its parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['contract', 'server', 'web'].map((p) => join(root, p, 'tsconfig.json')),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...contractZones, ...webZones, ...serverZones] },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
