// End-to-end tests of the timeline page (`#/timeline`) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

async function open(page, query, lang = 'en') {
  // The app is ready when its heading and lanes show; the window's `load` event adds nothing
  // and, on a busy machine, can come much later.
  await page.goto(`./?lang=${lang}&${query}#/timeline`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.tl-lane').first()).toBeVisible({ timeout: 30_000 });
  await appReady(page);
}

/** The tick the page is at. */
async function tick(page) {
  return Number(await page.locator('#tl-clock').getAttribute('data-tick'));
}

/** A counter's raw value (`main` model unless told). */
async function stat(page, name, model = 'main') {
  return Number(await page.locator(`td[data-stat=${name}][data-model=${model}]`).getAttribute('data-value'));
}

/** Moves a slider as a drag would (an `input` event with the new value). */
async function setRange(range, value) {
  await range.evaluate((el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Each live lane's tile labels, in lane order. */
async function lanes(page) {
  return page
    .locator('.tl-lane[data-status=running], .tl-lane[data-status=idle]')
    .evaluateAll((items) =>
      items.map((lane) => [...lane.querySelectorAll('.tl-tile-name')].map((tile) => tile.textContent.trim())),
    );
}

test('the scale-out incident by its link: play to the end, all three old consumers move, duplicates', async ({
  page,
}) => {
  await open(page, 'tl_scenario=scale-out-avg&tl_seed=1&tl_speed=64');
  await expect(page.locator('#tl-scenario')).toHaveValue('scale-out-avg');
  await expect(page.locator('.tl-watch')).toContainText('A, B and C all change queues');
  expect(await lanes(page)).toEqual([
    ['Q0', 'Q1', 'Q2'],
    ['Q3', 'Q4', 'Q5'],
    ['Q6', 'Q7'],
  ]);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'true');
  // 180 s at 64× take about 3 s; playing stops by itself at the end.
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '1800', { timeout: 40_000 });
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  // SPEC §4: after the 4th consumer joins, A, B and C all gave up queues.
  expect(await lanes(page)).toEqual([
    ['Q0', 'Q1'],
    ['Q2', 'Q3'],
    ['Q4', 'Q5'],
    ['Q6', 'Q7'],
  ]);
  for (const process of ['0', '1', '2']) {
    const lost = Number(await page.locator(`.tl-lane[data-process='${process}']`).getAttribute('data-lost'));
    expect(lost, `process ${process} gave up queues`).toBeGreaterThanOrEqual(1);
  }
  expect(await stat(page, 'duplicates')).toBeGreaterThan(0);
  expect(await stat(page, 'lost')).toBe(0);
  await expect(page.locator('#tl-summary')).toHaveText(/running consumers 4 \(4 active, 0 idle\)/);
  await expect(page.locator('.tl-log')).toContainText('rebalanced result changed');
  await expect(page).toHaveURL(/tl_t=1800/);

  // The link replays the same end state.
  const duplicates = await stat(page, 'duplicates');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.locator('.tl-lane').first()).toBeVisible({ timeout: 30_000 });
  await appReady(page);
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '1800');
  expect(await stat(page, 'duplicates')).toBe(duplicates);
});

test('keyboard only: play, pause, step and step back', async ({ page }) => {
  await open(page, 'tl_scenario=crash&tl_t=100&tl_speed=8');
  // Tab to the step button and use it with the keyboard.
  await page.locator('#tl-step').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '101');
  await page.keyboard.press('Space');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '102');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('#tl-play')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#tl-summary')).toHaveAttribute('aria-live', 'off');
  await expect.poll(() => tick(page)).toBeGreaterThan(110);
  await page.keyboard.press('Enter');
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#tl-summary')).toHaveAttribute('aria-live', 'polite');
  const paused = await tick(page);
  await page.waitForTimeout(200);
  expect(await tick(page)).toBe(paused);
  // The page's shortcuts, with the focus outside a text field.
  await page.locator('main h1').click();
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await page.keyboard.press(',');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', String(paused + 1));
  await page.keyboard.press('k');
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('k');
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  // A lane menu opens and works from the keyboard.
  const lane = page.locator(".tl-lane[data-process='3']");
  await lane.locator('summary').focus();
  await page.keyboard.press('Enter');
  await lane.getByRole('button', { name: 'Graceful stop' }).focus();
  await page.keyboard.press('Enter');
  await expect(lane).toHaveAttribute('data-status', 'stopped');
  await expect(page).toHaveURL(/tl_events=\d+-stop-192\.168\.0\.4/);
});

test('scrub back to any recorded tick, then inject a crash there', async ({ page }) => {
  await open(page, 'tl_scenario=scale-out-avg&tl_t=1200');
  const lagAt1200 = await stat(page, 'groupLag');
  const range = page.locator('#tl-tick-range');
  await expect(range).toHaveAttribute('max', '1200');
  await page.locator('#tl-tick').fill('500');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '500');
  await expect(page.locator('#tl-clock')).toContainText('Time 50 s');
  // The slider moves with the keyboard, tick by tick.
  await range.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '501');
  await setRange(range, '1200');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '1200');
  expect(await stat(page, 'groupLag')).toBe(lagAt1200);
  await setRange(range, '300');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '300');
  await expect(page.locator('section[aria-labelledby=tl-inject-title]')).toContainText('injecting now discards');
  // Inject at 30 s by button: the chosen consumer crashes, the recorded future is gone.
  await page.locator('#tl-target').selectOption({ label: await page.locator('.tl-lane').nth(2).getAttribute('data-cid') });
  await page.getByRole('button', { name: 'Crash (kill -9)' }).click();
  await expect(page.locator(".tl-lane[data-process='2']")).toHaveAttribute('data-status', 'crashed');
  await expect(range).toHaveAttribute('max', '301');
  await expect(page.locator('.tl-script .is-injected')).toContainText('192.168.0.3 is killed (kill -9)');
  await expect(page.locator('.tl-log')).toContainText('process killed: nothing persisted');
  await expect(page).toHaveURL(/tl_events=30000-crash-192\.168\.0\.3/);
});

test('compare with POP on the same script', async ({ page }) => {
  await open(page, 'tl_scenario=scale-3-to-10&tl_t=6000');
  await page.getByLabel(/Compare with POP/).check();
  await expect(page.locator('polyline.tl-line-other')).toHaveCount(1);
  expect(await stat(page, 'idleConsumers')).toBe(2);
  expect(await stat(page, 'idleConsumers', 'other')).toBe(0);
  expect(await stat(page, 'groupLag', 'other')).toBeLessThan(await stat(page, 'groupLag'));
  await expect(page).toHaveURL(/tl_cmp=1/);
});

test('screenshots of the timeline, wide and on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, 'tl_scenario=gc-pause&tl_t=2200&tl_cmp=1');
  await expect(page.locator('.tl-chart-svg')).toBeVisible();
  const wide = testInfo.outputPath('timeline.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('timeline', { path: wide, contentType: 'image/png' });

  await page.setViewportSize({ width: 360, height: 780 });
  await open(page, 'tl_scenario=cid-clash&tl_t=900', 'zh-CN');
  await expect(page.locator('main h1')).toHaveText('时间线模拟');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(0);
  const phone = testInfo.outputPath('timeline-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('timeline-phone', { path: phone, contentType: 'image/png' });
});
