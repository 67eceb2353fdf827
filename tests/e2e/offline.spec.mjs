// Offline use and updates (the service worker, static/sw.js; boot.js registers it): after one
// visit, with the server gone and the browser offline, every page of pages.toml and an
// exercise open and reload, in both languages, from a sub-path; a deploy of a changed build
// brings a notice in the page's language, which never reloads by itself, and its Reload
// shows the new version. The site is a copy of dist/ served by the test (deploy.mjs).
import { test, expect, appReady } from './fixtures.mjs';
import { cachedUrls, serveCopy, workerReady } from './deploy.mjs';

const PAGES = (process.env.E2E_PAGES ?? '').split(',').filter(Boolean);
// What shows that a page works: its main widget (a page not named here: its heading).
const WIDGET = {
  playground: '.pg-lane',
  offsets: '#of-q0-consumer',
  planner: '.pl-verdict',
  timeline: '#tl-play',
  exercises: '[data-exercise]',
  troubleshoot: '.ts-symptom',
};
const NOTICE = { en: ['A new version is available.', 'Reload'], 'zh-CN': ['有新版本可用。', '重新加载'] };

// Service workers are blocked in the other specs (playwright.config.mjs).
test.use({ serviceWorkers: 'allow' });

let site;
test.beforeEach(async ({ guard }) => {
  site = await serveCopy();
  guard.allowedPrefix = site.url;
});
test.afterEach(async () => {
  await site.close();
  site.remove();
});

/** Opens `url` as a new document (not a same-document hash change) and waits for the app. */
async function openFresh(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  await appReady(page);
}

for (const lang of ['en', 'zh-CN']) {
  test(`${lang}: after one visit every page and an exercise open and reload offline`, async ({ page, context }) => {
    expect(PAGES.length, 'E2E_PAGES is set by cargo xtask test').toBeGreaterThan(1);
    // Every request the page makes is answered by the worker. (Not the browser's own favicon
    // requests, which no service worker sees: they are not the page's.)
    const failed = [];
    page.on('requestfailed', (request) => {
      if (!request.url().endsWith('/favicon.svg')) failed.push(request.url());
    });
    await openFresh(page, `${site.url}?lang=${lang}#/`);
    const names = await workerReady(page);
    expect(names).toHaveLength(1);
    // The worker keeps exactly the built files (every page's), whatever page was visited.
    expect(Object.values(await cachedUrls(page))).toEqual([site.precached()]);

    await site.close();
    await context.setOffline(true);
    for (const [i, id] of PAGES.entries()) {
      const url = `${site.url}?lang=${lang}#/${i === 0 ? '' : id}`;
      await openFresh(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator(WIDGET[id] ?? 'main h1').first(), `${id} offline`).toBeVisible();
      await page.reload();
      await appReady(page);
      await expect(page.locator(WIDGET[id] ?? 'main h1').first(), `${id} offline, reloaded`).toBeVisible();
    }

    // An exercise, by its link on the exercises page.
    await openFresh(page, `${site.url}?lang=${lang}#/exercises`);
    await page.locator('[data-exercise] a').first().click();
    await expect(page.locator('.ex-prompt').first()).toBeVisible();
    await page.reload();
    await appReady(page);
    await expect(page.locator('.ex-prompt').first()).toBeVisible();
    expect(failed, 'requests that found no network').toEqual([]);
  });

  test(`${lang}: a new deploy shows a notice, keeps the answer typed, and Reload shows it`, async ({ page }) => {
    await openFresh(page, `${site.url}?lang=${lang}#/exercises`);
    await workerReady(page);
    const before = await page.evaluate(() => caches.keys());
    await page.locator('[data-exercise="drain_time"] a').first().click();
    const answer = page.locator('.ex-exercise input[inputmode="decimal"]').first();
    await answer.fill('12');
    await page.evaluate(() => {
      window.sameDocument = true;
    });

    site.deployChange('2');
    // What the browser does by itself when a page opens, and boot.js every hour.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration.update()));
    const notice = page.locator('.update-notice');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice.locator('p')).toHaveText(NOTICE[lang][0]);
    // Nothing reloads by itself: the page and the answer typed are still there.
    await expect(answer).toHaveValue('12');
    expect(await page.evaluate(() => window.sameDocument)).toBe(true);
    await expect(page.locator('meta[name="e2e-build"]')).toHaveCount(0);

    await notice.getByRole('button', { name: NOTICE[lang][1] }).click();
    await expect(page.locator('meta[name="e2e-build"]')).toHaveAttribute('content', '2');
    await appReady(page);
    await expect(page.locator('.update-notice')).toHaveCount(0);
    expect(await page.evaluate(() => window.sameDocument)).toBeUndefined();
    // The old version's files are gone; the new version's cache holds the changed page.
    const after = await page.evaluate(() => caches.keys());
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });
}

test('the notice follows the page when the language is switched', async ({ page }) => {
  await openFresh(page, `${site.url}?lang=en#/planner`);
  await workerReady(page);
  site.deployChange('2');
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration.update()));
  await expect(page.locator('.update-notice p')).toHaveText(NOTICE.en[0], { timeout: 30_000 });
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.update-notice p')).toHaveText(NOTICE['zh-CN'][0]);
  await expect(page.locator('.update-notice button')).toHaveText(NOTICE['zh-CN'][1]);
});

test('a page opened after the deploy runs the new version: no notice, the new worker takes over', async ({ page }) => {
  await openFresh(page, `${site.url}?lang=en#/planner`);
  const [before] = await workerReady(page);
  site.deployChange('2');
  // Opening the page looks for a new version; the page itself comes from the network first.
  await openFresh(page, `${site.url}?lang=en#/planner`);
  await expect(page.locator('meta[name="e2e-build"]')).toHaveAttribute('content', '2');
  await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([
    expect.not.stringMatching(before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  ]);
  await expect(page.locator('.update-notice')).toHaveCount(0);
});

test('the site can be installed: Chromium reads the manifest and finds nothing against installing', async ({
  page,
}) => {
  await openFresh(page, `${site.url}?lang=en#/`);
  await workerReady(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${site.url}manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are off the record, where Chromium installs nothing; every other
  // check (name, start_url, display, a usable icon) must pass.
  const errors = installabilityErrors.map((error) => error.errorId);
  expect(errors).toContain('in-incognito');
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);
});
