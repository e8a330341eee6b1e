import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * The web's load figures on an emulated 3G link (issue 20, Speed): not a test suite, a measurement
 * the bench notes record (bench/README.md). Run: `npm run build`, then in e2e/
 * `npx playwright test -c playwright.speed.config.ts`. Writes bench/results/web-3g.json.
 */
export default defineConfig({
  ...base,
  testDir: './speed',
  workers: 1,
});
