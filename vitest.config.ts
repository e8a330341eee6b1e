import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const root = import.meta.dirname;
// Tests run the TypeScript sources of `common` (the built `dist` is for `npm start`).
const alias = [{ find: /^@app\/common\/(?!locales\/)(.*)$/, replacement: path.join(root, 'common/src/$1') }];

/**
 * API test files whose subject does not depend on the database backend: pure code (CSV, PDF
 * layout, access rules), checks made before any query (bad input, security headers, logged
 * secrets, breached passwords, the seed's call list, the route fuzz, whose inputs the contracts
 * and the bad-input plugin refuse before SQL), the PGlite folder lock and its flushes to disk.
 * They run on PGlite only: the PostgreSQL run (TEST_DATABASE_URL set, as in `.ci/run`) skips
 * them. Every file that tests SQL, transactions, concurrency, migrations, numbering, stock or
 * backups runs on both.
 */
export const BACKEND_INDEPENDENT = [
  'server/src/features/articles/csv.test.ts',
  'server/src/lib/access.test.ts',
  'server/src/lib/pdf/pdf-parts.test.ts',
  'server/src/lib/pdf/shared-fonts.test.ts',
  'server/src/plugins/error-handler.test.ts',
  'server/src/db/folder-lock.test.ts',
  'server/src/db/durable-pglite.test.ts',
  'server/src/plugins/bad-input.test.ts',
  'server/src/plugins/security-headers.test.ts',
  'server/src/plugins/log-secrets.test.ts',
  'server/src/features/common-passwords.test.ts',
  'server/src/features/seed-000-calls.test.ts',
  'server/src/test/route-fuzz.test.ts',
  'server/src/features/sales/sales-owner.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine. The files
    // are independent (each API file has its own database) and wait on PostgreSQL half the time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { resolve: { alias }, test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      { resolve: { alias }, test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? BACKEND_INDEPENDENT : [])],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          // The files of a worker share its loaded modules (the app, drizzle, PGlite's compiled
          // WebAssembly): about half the CPU of a fresh process per file. Each file still opens its
          // own database and app; no test mocks modules or changes process.env.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
