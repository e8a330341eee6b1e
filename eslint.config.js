import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders of one side (`server` or `web`), read afresh at each lint run. */
const featuresOf = (side) =>
  fs
    .readdirSync(`${side}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Feature boundaries (bulletproof-react's import zones): on the web, a feature never imports
 * another (pages compose features; shared code lives in components/ and lib/), and
 * components/ and lib/ never import the app shell or a feature. On the server, a feature
 * reaches another only through its service (`*.service.ts`), never its queries, routes or
 * serializers. Tests may read across.
 */
const zones = [
  ...featuresOf('web').map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Web features do not import each other: move the shared piece to components/ or lib/.',
  })),
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/app', './web/src/features'],
    message: 'Shared web code (components/, lib/) does not depend on the app shell or on a feature.',
  },
  ...featuresOf('server').map((feature) => ({
    target: `./server/src/features/${feature}/**/!(*.test).ts`,
    from: [`./server/src/features/!(${feature})/**/!(*.service).ts`],
    message: 'A server feature reaches another only through its service (*.service.ts), never its queries or routes.',
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/test-results/**', 'e2e/screenshots/**', 'server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...[
    { files: ['server/src/**/*.ts'], project: 'server/tsconfig.json' },
    { files: ['web/src/**/*.{ts,tsx}'], project: 'web/tsconfig.json' },
  ].map(({ files, project }) => ({
    files,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web never imports the server (ARCHITECTURE: both import common).
    files: ['web/src/**/*.{ts,tsx}', 'common/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '@app/server*'] }] },
  },
  {
    // The stock ledger (features/stock) is the only writer of stock levels and movements
    // (DECISIONS §5): no other production code even imports their tables.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/features/stock/**', 'server/src/db/**', 'server/src/test/**', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema/**'],
              importNames: ['stockLevels', 'stockMovements'],
              message: 'Only the stock ledger (features/stock) touches the stock tables: call its service.',
            },
          ],
        },
      ],
    },
  },
);
