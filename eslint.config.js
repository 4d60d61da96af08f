// One lint setup for the monorepo; `npm test` runs it. The import rules hold DESIGN.md's directions:
// contract imports neither side; web features do not import each other; server services never import
// provider adapters or the simulator directly (they are injected).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const featureAreas = [
  'accounts',
  'otp',
  'lookups',
  'wallet',
  'deposits',
  'slips',
  'withdrawals',
  'games',
  'bonuses',
  'promotions',
  'invites',
  'refunds',
  'spinwheel',
  'statement',
  'chat',
  'shell',
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
  ...featureAreas.map((area) => ({
    files: [`web/src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '**/features/*/**', `!**/features/${area}`, `!**/features/${area}/**`],
              message:
                'features do not import each other; meet in app/ or share through components/ and lib/',
            },
            { group: ['**/app/**'], message: 'features do not import app/' },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'lib and components sit below features and app',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sim/**'],
              message: 'services reach the simulated world only through injected providers',
            },
            {
              group: ['**/providers/*/*'],
              message: 'import a provider interface, never an adapter; adapters are injected',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
