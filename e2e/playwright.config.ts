import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, installed by apt-get (.ci/run); never a downloaded browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  throw new Error(`Chromium not found at ${executablePath}: run "apt-get install chromium" (see README).`);
}
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  // Journeys are independent (each makes its own accounts, or restores what it changes of the demo):
  // two workers keep the suite within the CI budget on 2 cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // The service worker (issue 20) would answer some requests before a spec's routes see them:
    // only the offline journeys, which need it, allow it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
  },
});
