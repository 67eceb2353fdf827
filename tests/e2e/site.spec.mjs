// End-to-end tests of the release build in headless Chromium.
import { test, expect, appReady } from './fixtures.mjs';

const SUB_URL = process.env.E2E_SUB_URL;
// The pages of pages.toml, in order (the landing page first), as `cargo xtask test` passes them.
const PAGES = (process.env.E2E_PAGES ?? '').split(',').filter(Boolean);

const EN = {
  playground: 'Rebalance playground',
  offsets: 'Offsets and lag',
  planner: 'Backlog drain planner',
};
const ZH = {
  playground: 'Rebalance 演练场',
};

test('the page loads and shows the title', async ({ page }) => {
  await page.goto('./?lang=en');
  await expect(page).toHaveTitle(/Rebalance Lab/);
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText(EN.playground);
  await expect(page.locator('.brand-name')).toHaveText('Rebalance Lab');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the nav reaches each page, and back and reload keep the page', async ({ page }) => {
  await page.goto('./?lang=en');
  await appReady(page);
  const nav = page.getByRole('navigation', { name: 'Pages' });
  for (const [name, heading, hash] of [
    ['Offsets', EN.offsets, '#/offsets'],
    ['Planner', EN.planner, '#/planner'],
    ['Playground', EN.playground, '#/'],
  ]) {
    await nav.getByRole('link', { name }).click();
    await expect(page.locator('main h1')).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`${hash.replace('/', '\\/')}$`));
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${name} · Rebalance Lab`);
    // Each page runs its own wasm (the release build's bundles; see xtask/src/build.rs).
    const bundle = hash === '#/' ? 'playground' : hash.slice(2);
    await expect(page.locator('html')).toHaveAttribute('data-bundle', bundle);
  }
  await page.goBack();
  await expect(page.locator('main h1')).toHaveText(EN.planner);
  await page.reload();
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText(EN.planner);
  await expect(page).toHaveURL(/\?lang=en#\/planner$/);
});

test('an unknown page says so', async ({ page }) => {
  await page.goto('./?lang=en#/no-such-page');
  await expect(page.locator('main h1')).toHaveText('Page not found');
  await expect(page.locator('main')).toContainText('/no-such-page');
});

// What the switch changes on the page (heading, nav, <html lang>, the pressed button) is
// checked in tests/browser/app.rs; this is the address it leaves, across a reload.
test('the language switch is kept in the URL across a reload', async ({ page }) => {
  await page.goto('./?lang=en');
  await appReady(page);
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('main h1')).toHaveText(ZH.playground);
  await expect(page).toHaveURL(/lang=zh-CN/);
  await page.reload();
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText(ZH.playground);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('main h1')).toHaveText(EN.playground);
});

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('the exercises page loads one wasm with both languages; switching language keeps the page and the typing', async ({ page }) => {
    const wasm = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) wasm.push(new URL(request.url()).pathname.split('/').pop());
    });
    await page.goto('./?ex_id=drain_time&ex_seed=1#/exercises');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(wasm).toEqual([expect.stringMatching(/^rebalance_lab_exercises_bg-/)]);
    // A mark on the document: a reload would lose it.
    await page.evaluate(() => { window.rebalanceLabMark = 'kept'; });
    const first = page.locator('#ex-part-0');
    await first.fill('1234');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/lang=en/);
    await expect(page.locator('#ex-part-0')).toHaveValue('1234');
    // And back: the Chinese texts again.
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('#ex-part-0')).toHaveValue('1234');
    expect(await page.evaluate(() => window.rebalanceLabMark)).toBe('kept');
    expect(wasm).toHaveLength(1);
  });

  test('switching language on every other page keeps the page and what was typed, applied or not', async ({ page }) => {
    // Per page: a field, and text the page cannot apply (kept as typed, with its error) or
    // text not submitted yet (the paste box).
    const typed = [
      ['#/planner', '#pl-target', 'abc'],
      ['#/planner', '#pl-target', '16 min 40 s'],
      ['#/offsets', '#of-paste', '#Topic  #Broker Name  #QID\nnot loaded yet'],
      ['#/offsets', '#of-group', 'bad group name!'],
      ['#/timeline', '#tl-tick', '5'],
      ['#/', '#pg-queues', '12'],
    ];
    for (const [route, field, text] of typed) {
      await page.goto(`./?lang=en${route}`);
      await appReady(page);
      await page.evaluate(() => { window.rebalanceLabMark = 'kept'; });
      const heading = await page.locator('main h1').textContent();
      await page.locator(field).fill(text);
      await page.getByRole('button', { name: '中文' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.locator('main h1')).not.toHaveText(heading ?? '');
      await expect(page.locator(field), `${route} ${field}`).toHaveValue(text);
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('main h1')).toHaveText(heading ?? '');
      await expect(page.locator(field), `${route} ${field}`).toHaveValue(text);
      expect(await page.evaluate(() => window.rebalanceLabMark), `${route}: no reload`).toBe('kept');
    }
  });

  test('the language defaults to navigator.language, and ?lang= overrides it', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('main h1')).toHaveText(ZH.playground);
    await page.goto('./?lang=en');
    await expect(page.locator('main h1')).toHaveText(EN.playground);
  });
});

test('every request stays on the site origin, and the wasm is served as application/wasm', async ({
  page,
  guard,
}) => {
  const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
  await page.goto('./');
  await appReady(page);
  expect((await wasm).headers()['content-type']).toBe('application/wasm');
  for (const hash of ['#/offsets', '#/planner', '#/']) {
    await page.goto(`./${hash}`);
    await appReady(page);
  }
  // The guard fixture checks every recorded URL after the test; make sure it saw some.
  expect(guard.requests.some((url) => url.endsWith('.wasm'))).toBe(true);
  expect(guard.requests.some((url) => url.endsWith('.css'))).toBe(true);
});

test('a visit downloads only the wasm of the page it opens', async ({ page }) => {
  expect(PAGES.length, 'E2E_PAGES is set by cargo xtask test').toBeGreaterThan(1);
  const wasm = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(new URL(request.url()).pathname.split('/').pop());
  });
  for (const [i, name] of PAGES.entries()) {
    wasm.length = 0;
    await page.goto(`./?lang=en#/${i === 0 ? '' : name}`);
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-bundle', name);
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(new RegExp(`^rebalance_lab_${name}_bg-[0-9a-f]{10}\\.wasm$`));
  }
  // An unknown page is in every bundle: no other download to say "not found".
  wasm.length = 0;
  await page.evaluate(() => { location.hash = '#/no-such-page'; });
  await expect(page.locator('main h1')).toHaveText('Page not found');
  await expect(page.locator('html')).toHaveAttribute('data-bundle', PAGES.at(-1));
  expect(wasm).toHaveLength(0);
});

// What the page's styles make move: each element with a CSS animation or transition, or
// smooth scrolling (class, and what moves).
function moving(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) => {
      const style = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      const found = [];
      if (style.animationName !== 'none') found.push(`${name}: animation ${style.animationName}`);
      if (style.transitionDuration.split(',').some((d) => parseFloat(d) > 0)) {
        found.push(`${name}: transition ${style.transitionProperty}`);
      }
      if (style.scrollBehavior === 'smooth') found.push(`${name}: smooth scrolling`);
      return found;
    }),
  );
}

test('readers who ask for less motion get no CSS animation or transition on any page', async ({ page }) => {
  expect(PAGES.length, 'E2E_PAGES is set by cargo xtask test').toBeGreaterThan(1);
  // Without the preference the check sees the timeline's tiles flash as they arrive…
  await page.goto('./?lang=en#/timeline');
  await expect(page.locator('.tl-lane .tl-tile').first()).toBeVisible({ timeout: 30_000 });
  expect(await moving(page)).toContainEqual(expect.stringMatching(/^li\.tl-tile\b.*: animation tl-arrive$/));
  // …and with it, nothing on any page.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [i, name] of PAGES.entries()) {
    await page.goto(`./?lang=en#/${i === 0 ? '' : name}`);
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-bundle', name);
    expect(await moving(page), name).toEqual([]);
  }
});

test('it starts when a static host sends the wasm with another Content-Type', async ({ page }) => {
  await page.route('**/*.wasm', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await page.goto('./?lang=en#/planner');
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText(EN.planner);
});

test('it works when served from a sub-path', async ({ page, guard }) => {
  expect(SUB_URL, 'E2E_SUB_URL is set by cargo xtask test').toBeTruthy();
  guard.allowedPrefix = SUB_URL;
  await page.goto(`${SUB_URL}?lang=en`);
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText(EN.playground);
  await page.getByRole('link', { name: 'Offsets' }).click();
  await expect(page.locator('main h1')).toHaveText(EN.offsets);
  await expect(page).toHaveURL(`${SUB_URL}?lang=en#/offsets`);
  await page.reload();
  await expect(page.locator('main h1')).toHaveText(EN.offsets);
  // The exercises page fetches an exercise's texts from under the sub-path too.
  await page.goto(`${SUB_URL}?lang=en&ex_id=drain_time&ex_seed=1#/exercises`);
  await expect(page.locator('.ex-prompt')).toContainText('B = 11,000,000');
  // Without its trailing slash the sub-path redirects, so relative URLs still resolve.
  // (That one request is the only one allowed outside the sub-path.)
  const bare = SUB_URL.replace(/\/$/, '');
  guard.allowedPrefix = bare;
  await page.goto(bare);
  await appReady(page);
  await expect(page).toHaveURL(SUB_URL);
});

test('no console errors and no inline style attributes (strict CSP)', async ({ page }) => {
  await page.goto('./?lang=zh-CN#/planner');
  await appReady(page);
  const csp = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(csp).toHaveAttribute('content', /style-src 'self';/);
  await expect(csp).toHaveAttribute('content', /script-src 'self' 'wasm-unsafe-eval';/);
  await expect(page.locator('[style]')).toHaveCount(0);
  await expect(page.locator('script:not([src])')).toHaveCount(0);
  await expect(page.locator('#panic-banner')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the layout fits the screen and the nav stays usable', async ({ page }) => {
    await page.goto('./?lang=en');
    await appReady(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.locator('.nav-toggle').tap();
    await page.getByRole('link', { name: 'Planner' }).tap();
    await expect(page.locator('main h1')).toHaveText(EN.planner);
  });

  // The page links fold into a <details> whose summary names the page shown, so the header
  // keeps two rows however many pages there are.
  test('the page links open from their summary, by touch and by keyboard', async ({ page }) => {
    await page.goto('./?lang=en#/planner');
    await appReady(page);
    const fold = page.locator('.nav-fold');
    const toggle = page.locator('.nav-toggle');
    const links = page.locator('.site-nav .nav-link');
    await expect(toggle).toHaveText(/Pages\s*Planner/);
    await expect(fold).not.toHaveAttribute('open');
    await expect(links.first()).toBeHidden();
    // The content starts right below a header of two rows (the name and language, the summary).
    const header = await page.locator('.site-header').boundingBox();
    expect(header.height, 'the header height').toBeLessThan(140);
    expect((await toggle.boundingBox()).height, 'the summary is a touch target').toBeGreaterThanOrEqual(44);
    await toggle.tap();
    await expect(fold).toHaveAttribute('open');
    await expect(links).toHaveCount(PAGES.length);
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(page.locator('.site-nav [aria-current=page]')).toHaveText('Planner');
    await toggle.tap();
    await expect(fold).not.toHaveAttribute('open');
    await expect(links.first()).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('open');
    await page.getByRole('link', { name: 'Offsets' }).click();
    await expect(page.locator('main h1')).toHaveText(EN.offsets);
    await expect(page.locator('.nav-toggle')).toHaveText(/Pages\s*Offsets/);
    await expect(page.locator('.nav-fold')).not.toHaveAttribute('open');
  });
});

test('on a wide screen every page link shows and the summary does not', async ({ page }) => {
  await page.goto('./?lang=zh-CN#/planner');
  await appReady(page);
  await expect(page.locator('.nav-toggle')).toBeHidden();
  await expect(page.locator('.site-nav .nav-link')).toHaveCount(PAGES.length);
  for (const link of await page.locator('.site-nav .nav-link').all()) await expect(link).toBeVisible();
  await expect(page.getByRole('navigation', { name: '页面' }).getByRole('link', { name: '位点' })).toBeVisible();
});

test('keyboard users see focus and can skip to the content', async ({ page }) => {
  await page.goto('./?lang=en');
  await appReady(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\?lang=en(#\/)?$/);
});
