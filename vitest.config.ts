import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
// Tests run the TypeScript sources of `common` (the built `dist` is for `npm start`).
const alias = [{ find: /^@app\/common\/(?!locales\/)(.*)$/, replacement: path.join(root, 'common/src/$1') }];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      { resolve: { alias }, test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
