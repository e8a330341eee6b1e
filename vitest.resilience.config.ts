import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = [{ find: /^@app\/common\/(?!locales\/)(.*)$/, replacement: path.join(root, 'common/src/$1') }];

/**
 * `npm run test:resilience`: the slow tests that start the real server in a child process and
 * kill it (issue 12), kept out of `npm test`; `.ci/run` runs them on PGlite and PostgreSQL.
 */
export default defineConfig({
  resolve: { alias },
  test: { name: 'resilience', include: ['server/src/**/*.resilience.ts'], environment: 'node', testTimeout: 600_000, hookTimeout: 120_000, fileParallelism: false },
});
