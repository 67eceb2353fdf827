// End-to-end tests of the embed view (`?embed=1`, `?embed=compare`; src/embed.rs) inside a page
// of another origin: docs/embed-example.html, served by this spec from a second local port
// with its Rebalance Lab addresses pointed at the site under test. The fixture's guard allows
// requests to the site and to that host only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, appReady } from './fixtures.mjs';

const SITE = new URL('./', process.env.E2E_BASE_URL).href;
const EXAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/embed-example.html');
// The address the example page's iframes use (`cargo xtask serve`).
const EXAMPLE_SITE = 'http://127.0.0.1:8080/';

const TEXT = {
  en: { playground: 'Rebalance playground', add: 'Add consumer', copy: 'Copy embed code', copied: /^Embed code copied/ },
  'zh-CN': { playground: 'Rebalance 演练场', add: '增加消费者', copy: '复制嵌入代码', copied: /^已复制嵌入代码/ },
};

// The host: the example page (`/embed-example.html?lang=zh-CN` shows every widget in
// Chinese), and pages a test puts there (`hosted`).
const hosted = new Map();
let server;
let hostOrigin;

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://host');
    let body = hosted.get(url.pathname);
    if (url.pathname === '/embed-example.html') {
      body = fs.readFileSync(EXAMPLE, 'utf8').replaceAll(EXAMPLE_SITE, SITE);
      const lang = url.searchParams.get('lang');
      if (lang) body = body.replaceAll('lang=en', `lang=${lang}`);
    }
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${server.address().port}`;
  expect(new URL(SITE).origin).not.toBe(hostOrigin);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.beforeEach(async ({ guard }) => {
  guard.hostPrefix = `${hostOrigin}/`;
});

/** The iframe `#id` of the host page, scrolled into view (they load lazily), once its widget shows. */
async function widget(page, id) {
  const element = page.locator(`iframe#${id}`);
  await element.scrollIntoViewIfNeeded();
  const frame = await (await element.elementHandle()).contentFrame();
  await expect(frame.locator('main h1')).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('.boot-status')).toHaveCount(0);
  return frame;
}

/** Fails when the frame's document scrolls sideways. */
async function expectNoSidewaysScroll(frame, what) {
  const { scroll, client } = await frame.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what}: document width ${scroll} in a frame ${client} px wide`).toBeLessThanOrEqual(client);
}

/** The embed's chrome: the widget alone, no site header, footer or navigation. */
async function expectEmbedChrome(frame, lang) {
  await expect(frame.locator('html')).toHaveAttribute('lang', lang);
  await expect(frame.locator('.site-header, .site-footer, nav, .lead')).toHaveCount(0);
  await expect(frame.locator('main.is-embed .embed-bar').first()).toBeVisible();
  await expect(frame.getByRole('button', { name: TEXT[lang].copy })).toBeVisible();
}

for (const lang of ['en', 'zh-CN']) {
  test(`every widget of the example page works inside a page of another origin (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${hostOrigin}/embed-example.html?lang=${lang}`);
    const t = TEXT[lang];

    // The board: a consumer joins, tiles move, and the iframe's own URL keeps the change.
    const board = await widget(page, 'board');
    await expectEmbedChrome(board, lang);
    await expect(board.locator('main h1')).toHaveText(t.playground);
    await expect(board.locator('.pg-compare, .pg-explain')).toHaveCount(0);
    await expect(board.locator('.pg-lane')).toHaveCount(3);
    await board.getByRole('button', { name: t.add }).click();
    await expect(board.locator('.pg-lane')).toHaveCount(4);
    await expect(board.locator('.pg-lane .pg-tile.is-moved').first()).toBeVisible();
    await expect.poll(() => board.url()).toMatch(/[?&]pg_c=4(&|#)/);
    expect(board.url()).toMatch(/[?&]embed=1(&|#)/);
    expect(board.url().startsWith(SITE)).toBe(true);

    // The comparison alone: a third strategy adds a column, kept in the iframe's URL.
    const compare = await widget(page, 'compare');
    await expectEmbedChrome(compare, lang);
    await expect(compare.locator('.pg-lanes, .pg-controls')).toHaveCount(0);
    await expect(compare.locator('.pg-compare-col')).toHaveCount(2);
    await compare.locator('.pg-compare input[type=checkbox]:not(:checked)').first().check();
    await expect(compare.locator('.pg-compare-col')).toHaveCount(3);
    await expect.poll(() => compare.url()).toMatch(/[?&]pg_cs=[A-Z_]+,[A-Z_]+,[A-Z_]+(&|#)/);
    expect(compare.url()).toMatch(/[?&]embed=compare(&|#)/);

    // The offsets bars: a ConsumerOffset changes the group's lag.
    const offsets = await widget(page, 'offsets');
    await expectEmbedChrome(offsets, lang);
    await expect(offsets.locator('.of-mqadmin, .of-concepts')).toHaveCount(0);
    const lag = offsets.locator('dl [data-total="lag"] dd');
    const before = await lag.textContent();
    await offsets.locator('#of-q0-consumer').fill('4500');
    await expect(lag).not.toHaveText(before);
    await expect.poll(() => offsets.url()).toMatch(/[?&]of_q=/);

    // The planner: a new backlog is kept in the iframe's URL.
    const planner = await widget(page, 'planner');
    await expectEmbedChrome(planner, lang);
    await expect(planner.locator('.pl-chart-svg')).toBeVisible();
    await planner.locator('#pl-backlog').fill('3000000');
    await expect.poll(() => planner.url()).toMatch(/[?&]pl_b=3000000(&|#)/);

    // A timeline scenario: its preset and playback controls, a step kept in the URL.
    const timeline = await widget(page, 'timeline');
    await expectEmbedChrome(timeline, lang);
    await expect(timeline.locator('#tl-scenario')).toHaveValue('scale-out-avg');
    await expect(timeline.locator('.tl-lane').first()).toBeVisible();
    await expect(timeline.locator('.tl-bottom')).toHaveCount(0);
    await timeline.locator('#tl-step').click();
    await expect(timeline.locator('#tl-clock')).not.toHaveAttribute('data-tick', '0');
    await expect.poll(() => timeline.url()).toMatch(/[?&]tl_t=[1-9]/);

    // The troubleshooter: a symptom picked lists its causes, kept in the iframe's URL. (Its
    // list of symptoms is a <nav> of the page itself, so the chrome is checked without it.)
    const troubleshoot = await widget(page, 'troubleshoot');
    await expect(troubleshoot.locator('html')).toHaveAttribute('lang', lang);
    await expect(troubleshoot.locator('.site-header, .site-footer, .site-nav, .lead')).toHaveCount(0);
    await expect(troubleshoot.getByRole('button', { name: t.copy })).toBeVisible();
    await troubleshoot.locator('.ts-symptom').first().click();
    await expect(troubleshoot.locator('.ts-cause-list > li').first()).toBeVisible();
    await expect.poll(() => troubleshoot.url()).toMatch(/[?&]ts_s=[a-z-]+(&|#)/);
    expect(troubleshoot.url()).toMatch(/[?&]embed=1(&|#)/);

    // Every embed fills a frame from 320 to 800 px wide without scrolling sideways.
    for (const width of [320, 800]) {
      for (const [id, frame] of Object.entries({ board, compare, offsets, planner, timeline, troubleshoot })) {
        await page.locator(`iframe#${id}`).evaluate((element, w) => {
          element.style.width = `${w}px`;
          element.style.maxWidth = 'none';
        }, width);
        await expect.poll(() => frame.evaluate(() => window.innerWidth)).toBe(width);
        await expectNoSidewaysScroll(frame, `${id} at ${width} px`);
      }
    }
  });
}

test('a bad embed value says so and still shows the widget', async ({ page }) => {
  await page.goto('./?embed=yes&lang=en&pg_q=8&pg_c=3#/');
  await appReady(page);
  await expect(page.locator('.embed-notices')).toContainText('embed=yes is not one of 0, 1, compare; using 1.');
  await expect(page.locator('.site-header')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('.pg-lane')).toHaveCount(4);

  // embed=compare is the playground's; on another page it is an unknown value.
  await page.goto('./?embed=compare&lang=en#/planner');
  await appReady(page);
  await expect(page.locator('.embed-notices')).toContainText('embed=compare is not one of 0, 1; using 1.');
  await expect(page.locator('.pl-chart-svg')).toBeVisible();

  // A page without an embed view ignores the key.
  await page.goto('./?embed=1&lang=en#/exercises');
  await appReady(page);
  await expect(page.locator('.site-header')).toHaveCount(1);
});

/** The snippet the last Copy embed code gave: from the clipboard, or the box shown when refused. */
async function copiedSnippet(page, frame, lang) {
  await frame.getByRole('button', { name: TEXT[lang].copy }).first().click();
  const status = frame.locator('.embed-status').first();
  await expect(status).not.toBeEmpty();
  if (TEXT[lang].copied.test(await status.textContent())) {
    return page.evaluate(() => navigator.clipboard.readText());
  }
  return frame.locator('.embed-code').inputValue();
}

test('Copy embed code on the full page gives a snippet that reproduces the state on another origin', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?lang=en&pg_q=6&pg_c=3#/');
  await appReady(page);
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page).toHaveURL(/pg_c=4/);
  const snippet = await copiedSnippet(page, page.mainFrame(), 'en');
  expect(snippet).toMatch(
    /^<iframe src="[^"]+" title="Rebalance Lab · Playground" width="800" height="\d+" loading="lazy" allow="clipboard-write"><\/iframe>$/,
  );
  const src = new URL(snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
  expect(src.href.startsWith(SITE)).toBe(true);
  expect(Object.fromEntries(src.searchParams)).toMatchObject({ embed: '1', lang: 'en', pg_q: '6', pg_c: '4' });
  expect(src.hash).toBe('#/');

  hosted.set('/snippet.html', `<!doctype html><html lang="en"><title>Host</title><body>${snippet}</body></html>`);
  await page.goto(`${hostOrigin}/snippet.html`);
  // The snippet has no id: its frame is the one at the site's address.
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(SITE))).toBe(true);
  const embedded = page.frames().find((f) => f.url().startsWith(SITE));
  await expect(embedded.locator('main h1')).toBeVisible({ timeout: 30_000 });
  await expect(embedded.locator('.pg-lane')).toHaveCount(4);
  await expect(embedded.locator('.site-header')).toHaveCount(0);
  await expect(embedded.locator('#pg-queues')).toHaveValue('6');

  // "Open in Rebalance Lab": the same state as a full page, in a new tab.
  const [full] = await Promise.all([
    context.waitForEvent('page'),
    embedded.getByRole('link', { name: /Open in Rebalance Lab/ }).click(),
  ]);
  await appReady(full);
  await expect(full.locator('.site-header')).toHaveCount(1);
  await expect(full.locator('.pg-lane')).toHaveCount(4);
  expect(new URL(full.url()).searchParams.get('embed')).toBeNull();
  await full.close();
});

test('Copy embed code inside an embed, in Chinese, keeps the comparison and its language', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${hostOrigin}/embed-example.html?lang=zh-CN`);
  const compare = await widget(page, 'compare');
  await compare.locator('input[type=radio][value=leave]').check();
  await expect.poll(() => compare.url()).toMatch(/[?&]pg_cc=leave(&|#)/);
  const snippet = await copiedSnippet(page, compare, 'zh-CN');
  expect(snippet).toContain('title="Rebalance Lab · 对比策略"');
  const src = new URL(snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
  expect(Object.fromEntries(src.searchParams)).toMatchObject({ embed: 'compare', lang: 'zh-CN', pg_cc: 'leave' });
});
