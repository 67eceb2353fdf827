// Playwright config for the end-to-end suite. Run it with `cargo xtask test`, which builds
// the release site, serves it at `/` and at `/sub/rebalance/`, and sets E2E_BASE_URL and
// E2E_SUB_URL. Uses the system Chromium: never run `npx playwright install` here.
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: run the suite through `cargo xtask test`');
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  outputDir: './test-results',
  // Generous: CI runs on 2 shared cores, and a test's own waits are what make it precise.
  timeout: 60_000,
  // The whole suite takes about 4 minutes on an idle machine; on a busy one (a build running
  // beside it) it took over 5. The cap only stops a hung run; the test run's 30-minute goal
  // is what keeps the suite short.
  globalTimeout: 12 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once is a failure. (The old "first navigation never
  // answers" stall was the server's; see xtask/src/serve.rs.)
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    // The service worker fetches every page's files in the background after a visit; the
    // specs that test it (offline.spec.mjs, and a11y.spec.mjs's update notice) allow it, the
    // others leave the 2 shared cores to what they test.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'off',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
