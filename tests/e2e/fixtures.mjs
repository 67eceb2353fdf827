// A `test` whose every page is watched: after each test it fails on any console error,
// uncaught exception or CSP violation, and on any request outside `guard.allowedPrefix`
// (by default the origin of E2E_BASE_URL; the sub-path tests narrow it to the sub-path) and
// `guard.hostPrefix` (a page of another origin that embeds the site: embed.spec.mjs).
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  guard: [
    async ({ page, baseURL }, use) => {
      const guard = {
        allowedPrefix: new URL(baseURL).origin + '/',
        hostPrefix: null,
        errors: [],
        requests: [],
      };
      page.on('console', (message) => {
        if (message.type() === 'error') guard.errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => guard.errors.push(`pageerror: ${error.message}`));
      page.on('request', (request) => guard.requests.push(request.url()));
      // Navigations wait for the DOM, not the window's `load` event: each test then waits
      // for what it needs (appReady), and `load` adds nothing but delay on a busy machine.
      const goto = page.goto.bind(page);
      page.goto = (url, options = {}) => goto(url, { waitUntil: 'domcontentloaded', ...options });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(guard);
      expect(guard.errors, 'console errors, page errors or CSP violations').toEqual([]);
      const allowed = [guard.allowedPrefix, guard.hostPrefix].filter(Boolean);
      const foreign = guard.requests.filter((url) => !allowed.some((prefix) => url.startsWith(prefix)));
      expect(foreign, `requests outside ${allowed.join(' and ')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the app has replaced the "Loading…" text with a page heading. */
export async function appReady(page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.boot-status')).toHaveCount(0);
}
