import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = [{ find: /^@app\/common\/(?!locales\/)(.*)$/, replacement: path.join(root, 'common/src/$1') }];

/**
 * `npm run test:cluster`: several app servers on one PostgreSQL database behind HAProxy, one killed
 * and restarted mid-sales (issue 23); needs PostgreSQL and /usr/sbin/haproxy. `.ci/run` runs it.
 */
export default defineConfig({
  resolve: { alias },
  test: { name: 'cluster', include: ['server/src/**/*.cluster.ts'], environment: 'node', testTimeout: 600_000, hookTimeout: 120_000, fileParallelism: false },
});
