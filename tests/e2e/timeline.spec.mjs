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

test('the scale-out incident, played to the end, is kept by its link across a reload', async ({ page }) => {
  await open(page, 'tl_scenario=scale-out-avg&tl_seed=1&tl_speed=64');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  // 180 s at 64× take about 3 s; playing stops by itself at the end.
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '1800', { timeout: 40_000 });
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/tl_t=1800/);
  const duplicates = await stat(page, 'duplicates');
  expect(duplicates).toBeGreaterThan(0);
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

// Scrubbing and injecting at a past tick are checked in tests/browser/timeline.rs; the slider's keys
// are the browser's own.
test('the tick slider moves with the keyboard, tick by tick', async ({ page }) => {
  await open(page, 'tl_scenario=scale-out-avg&tl_t=1200');
  await page.locator('#tl-tick').fill('500');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '500');
  await page.locator('#tl-tick-range').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '501');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', '499');
});

// The marker derivation and the slow-down schedule are checked natively
// (src/pages/timeline/markers.rs, state.rs); here the built page: the buttons, the keys,
// the badge and the switch's default.
test('next event reaches the overlap of gc-pause, held on screen, with a two-owner badge in both lanes', async ({ page }) => {
  await open(page, 'tl_scenario=gc-pause&tl_speed=8');
  // The slow-down is on by default, and a link without tl_slow keeps it on.
  await expect(page.locator('#tl-slow')).toBeChecked();
  await expect(page.locator('#tl-prev-event')).toBeDisabled();
  await expect(page.locator('.tl-tile-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next event' }).click();
  // The first marked event: the others take the paused consumer's queues while it still holds them.
  await expect.poll(() => tick(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await tick(page);
  const holders = page.locator('.tl-lane .tl-tile[data-holders="2"]');
  await expect(holders.first()).toBeVisible();
  const queue = await holders.first().getAttribute('data-queue');
  const twice = page.locator(`.tl-lane .tl-tile[data-queue="${queue}"]`);
  await expect(twice).toHaveCount(2);
  for (const tile of await twice.all()) {
    await expect(tile.locator('.tl-tile-badge')).toHaveText('×2');
    await expect(tile.locator('.visually-hidden')).toHaveText('held by 2 consumers');
  }
  // The strip names what happened at this tick.
  await expect(page.locator(`.tl-strip g[data-tick="${first}"][data-kind="handoff"]`)).toHaveAttribute(
    'aria-label',
    /handoff, \d+ queues? went to another consumer/,
  );
  await expect(page).not.toHaveURL(/tl_slow/);
  // Played from here at 8× (12.5 ms a tick), the moment stays on screen: still there after 400 ms.
  await page.locator('#tl-play').click();
  await page.waitForTimeout(400);
  expect(await tick(page)).toBe(first);
  await expect.poll(() => tick(page), { timeout: 10_000 }).toBeGreaterThan(first);
  await page.locator('#tl-play').click();
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  const paused = await tick(page);
  // The keys: ] to the next event, [ back to the previous one (each waited for: the paused
  // tick is already past the first event).
  await page.locator('main h1').click();
  await page.keyboard.press(']');
  await expect.poll(() => tick(page)).toBeGreaterThan(paused);
  const next = await tick(page);
  await page.locator('main h1').click();
  await page.keyboard.press('[');
  await expect.poll(() => tick(page)).toBeLessThan(next);
  await page.keyboard.press('[');
  await expect(page.locator('#tl-clock')).toHaveAttribute('data-tick', String(first));
  // Turned off, the switch is kept in the link.
  await page.locator('#tl-slow').uncheck();
  await expect(page).toHaveURL(/tl_slow=0/);
});

// The moves are derived and checked against the run's holders natively
// (src/pages/timeline/moves.rs); here the built page says them next to its own lanes.
test('next event to the crash rebalance: the moves in words match the lanes, and replay plays them', async ({ page }) => {
  await open(page, 'tl_scenario=crash&tl_speed=8');
  await expect(page.locator('#tl-moves-newest')).toHaveText('No queue has changed holders yet.');
  await expect(page.locator('#tl-moves-newest')).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('#tl-replay')).toBeDisabled();
  // Next event until the strip marks a rebalance at the current tick.
  for (let i = 0; i < 10; i += 1) {
    await page.getByRole('button', { name: 'Next event' }).click();
    const t = await tick(page);
    if (await page.locator(`.tl-strip g[data-tick="${t}"][data-kind="rebalance"]`).count()) break;
  }
  const at = await tick(page);
  await expect(page.locator(`.tl-strip g[data-tick="${at}"][data-kind="rebalance"]`)).toHaveCount(1);
  const newest = page.locator('#tl-moves-newest');
  await expect(newest).toHaveAttribute('data-tick', String(at));
  const line = await newest.textContent();
  // 100 ms ticks: the line opens with the tick's time.
  expect(line.startsWith(`${at / 10} s`), line).toBe(true);
  expect(line).toContain(' — ');
  // Every queue said to have gone to one consumer sits in that consumer's lane now.
  const moves = [...line.matchAll(/Q(\d+) ([^·]+?) → ([\d.]+)(?= ·|$)/g)];
  expect(moves.length, line).toBeGreaterThan(0);
  for (const [, queue, , to] of moves) {
    await expect(page.locator(`.tl-lane[data-cid^="${to}@"] .tl-tile[data-queue="${queue}"]`)).toHaveCount(1);
  }
  // The crash's queues were held by nobody: some move says so.
  expect(line).toMatch(/nobody → /);
  // Replay: back before the move, played through it, paused just after.
  await page.locator('main h1').click();
  await page.keyboard.press(']');
  await expect.poll(() => tick(page)).toBeGreaterThan(at);
  const newestNow = Number(await newest.getAttribute('data-tick'));
  await page.getByRole('button', { name: 'Replay the last rebalance' }).click();
  await expect.poll(() => tick(page)).toBeLessThan(newestNow);
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  expect(await tick(page)).toBeGreaterThan(newestNow);
  await expect(newest).toHaveAttribute('data-tick', String(newestNow));
});

// The grading is checked against the run's holders natively (src/pages/timeline/state.rs);
// here the switch, the picks by keyboard and the marks of the built page.
test('predict, then watch: the crash rebalance asked, picked by keyboard, shown and marked', async ({ page }) => {
  await open(page, 'tl_scenario=crash&tl_speed=64&tl_predict=1');
  await expect(page.locator('#tl-predict')).toBeChecked();
  await page.locator('#tl-play').click();
  const status = page.locator('#tl-predict-status');
  await expect(status).toContainText('Which queues will move?', { timeout: 30_000 });
  await expect(page.locator('#tl-play')).toHaveAttribute('aria-pressed', 'false');
  const before = await tick(page);
  // Stopped one tick before the rebalance the strip marks.
  await expect(page.locator(`.tl-strip g[data-tick="${before + 1}"][data-kind="rebalance"]`)).toHaveCount(1);
  const picks = page.locator('.tl-pick');
  await expect(picks).toHaveCount(8);
  // The queues in the tray have no holder: pick them, by keyboard.
  const orphans = await page.locator('.tl-tray .tl-tile').evaluateAll((tiles) => tiles.map((t) => t.dataset.queue));
  expect(orphans.length).toBeGreaterThan(0);
  for (const q of orphans) {
    const pick = page.locator(`.tl-pick[data-queue="${q}"]`);
    await pick.focus();
    await page.keyboard.press('Space');
    await expect(pick).toHaveAttribute('aria-pressed', 'true');
  }
  await page.locator('#tl-predict-show').focus();
  await page.keyboard.press('Enter');
  await expect(status).toContainText('You picked', { timeout: 20_000 });
  expect(await tick(page)).toBeGreaterThan(before + 1);
  // Each orphan moved (someone took it): right. The score is the marks counted.
  for (const q of orphans) {
    await expect(page.locator(`.tl-pick[data-queue="${q}"]`)).toHaveAttribute('data-mark', 'right');
  }
  const n = async (mark) => page.locator(`.tl-pick[data-mark="${mark}"]`).count();
  const [right, missed, wrong] = [await n('right'), await n('missed'), await n('wrong')];
  expect(wrong).toBe(0);
  await expect(status).toHaveText(
    `You picked ${right} of the ${right + missed} queues that moved · missed ${missed} · ${wrong} picked that did not move.`,
  );
  await expect(page).toHaveURL(/tl_predict=1/);
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
