// End-to-end tests of the allocation playground (`#/`) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

/** Each lane's tile labels, in lane order. */
async function lanes(page) {
  return page
    .locator('.pg-lane')
    .evaluateAll((items) =>
      items.map((lane) => [...lane.querySelectorAll('.pg-tile')].map((tile) => tile.textContent.trim())),
    );
}

async function open(page, query) {
  await page.goto(`./?lang=en&${query}#/`);
  await appReady(page);
  await expect(page.locator('.pg-lane').first()).toBeVisible();
}

test('the URL keeps every control: set them, reload, same page', async ({ page }) => {
  await open(page, 'pg_q=8&pg_c=3');
  await page.locator('#pg-queues').fill('12');
  await page.locator('#pg-brokers').fill('3');
  await page.locator('#pg-strategy').selectOption('CONSISTENT_HASH');
  await page.locator('#pg-vnodes').fill('25');
  await page.locator('#pg-consumers').fill('5');
  await page.getByLabel('Start a consumer whose heartbeat has not reached the broker yet').check();
  await expect(page).toHaveURL(/pg_q=12/);
  await expect(page).toHaveURL(/pg_v=25/);
  await expect(page).toHaveURL(/pg_late=1/);
  const before = await lanes(page);
  const log = await page.locator('.pg-late .pg-log').textContent();
  expect(log).toMatch(/^\[BUG\] ConsumerGroup: OrderEventGroup The consumerId: 192\.168\.0\.6@\d+ not in cidAll: \[/);

  await page.reload();
  await appReady(page);
  await expect(page.locator('#pg-queues')).toHaveValue('12');
  await expect(page.locator('#pg-brokers')).toHaveValue('3');
  await expect(page.locator('#pg-strategy')).toHaveValue('CONSISTENT_HASH');
  await expect(page.locator('#pg-vnodes')).toHaveValue('25');
  await expect(page.locator('#pg-consumers')).toHaveValue('5');
  await expect(page.locator('#pg-late')).toBeChecked();
  expect(await lanes(page)).toEqual(before);
  await expect(page.locator('.pg-late .pg-log')).toHaveText(log);
  await expect(page.locator('.pg-notices')).toHaveCount(0);
});

test('keyboard only: Tab to the consumers field, arrows, Enter and Space', async ({ page }) => {
  await open(page, 'pg_q=8&pg_c=3');
  const focusedId = () => page.evaluate(() => document.activeElement && document.activeElement.id);
  const tabTo = async (id) => {
    for (let i = 0; i < 60 && (await focusedId()) !== id; i += 1) await page.keyboard.press('Tab');
    expect(await focusedId()).toBe(id);
  };
  await tabTo('pg-consumers-range');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.pg-lane')).toHaveCount(4);
  await tabTo('pg-consumers');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('6');
  await expect(page.locator('.pg-lane')).toHaveCount(6);
  await tabTo('pg-add');
  const outline = await page.locator('#pg-add').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pg-lane')).toHaveCount(7);
  await tabTo('pg-remove');
  await page.keyboard.press('Space');
  await expect(page.locator('.pg-lane')).toHaveCount(6);
  await expect(page.locator('#pg-summary')).toContainText('queues moved');
});

// What the compare columns and the lanes show is checked in tests/browser/playground.rs; this test
// takes the screenshot of the page at rest after a rebalance, with real clicks.
test('compare mode: AVG vs CONSISTENT_HASH when a 4th consumer joins 8 queues', async ({ page }, testInfo) => {
  await open(page, 'pg_q=8&pg_b=1&pg_c=3');
  await page.getByLabel('Compare strategies').check();
  await expect(page.locator('.pg-compare-col')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('.pg-lane')).toHaveCount(4);
  // The tiles travel as Web Animations: no inline style, during or after.
  await expect(page.locator('[style]')).toHaveCount(0, { timeout: 10_000 });
  // At rest: no lane parked (lanes out of view render nothing for a moment after a change).
  await expect(page.locator('.pg-lane.is-parked')).toHaveCount(0);
  await expect(page.locator('.pg-lane .pg-tile')).toHaveCount(8);
  const wide = testInfo.outputPath('playground.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('playground', { path: wide, contentType: 'image/png' });
});

/** How many tiles and lanes are travelling (animations on the board; a button's own CSS
 * transition is not a travel). */
const travelling = (page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.effect?.target?.closest?.('.pg-board')).length);

// SPEC §4 on one broker: with 8 queues and 3 consumers under AVG, a fourth joining moves Q2
// (first → second), Q4, Q5 (second → third), Q6, Q7 (third → fourth).
const BEFORE = [['Q0', 'Q1', 'Q2'], ['Q3', 'Q4', 'Q5'], ['Q6', 'Q7']];
const AFTER = [['Q0', 'Q1'], ['Q2', 'Q3'], ['Q4', 'Q5'], ['Q6', 'Q7']];

test('replay the last rebalance: the tiles travel again, the settings and the URL stay', async ({ page }) => {
  await open(page, 'pg_q=8&pg_b=1&pg_c=3');
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('#pg-moves')).toHaveText(/^Moved: Q2 .* · Q7 /);
  await expect.poll(() => travelling(page)).toBe(0);
  const url = page.url();
  await page.getByRole('button', { name: 'Replay the last rebalance' }).click();
  await expect.poll(() => travelling(page)).toBeGreaterThan(0);
  await expect(page.locator('#pg-moves')).toHaveText(/^Again: Moved: Q2 /);
  await expect.poll(() => travelling(page)).toBe(0);
  expect(await lanes(page)).toEqual(AFTER);
  expect(page.url()).toBe(url);
  await expect(page.locator('#pg-consumers')).toHaveValue('4');
  // Reduced motion: nothing travels, the result is there at once and said again.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('.pg-lane')).toHaveCount(5);
  await page.getByRole('button', { name: 'Replay the last rebalance' }).click();
  await expect(page.locator('#pg-moves')).toHaveText(/^Again: Moved: /);
  expect(await travelling(page)).toBe(0);
  await expect(page.locator('.pg-history li')).toHaveCount(1);
});

test('step through a rebalance move by move, then back to the live board', async ({ page }) => {
  await open(page, 'pg_q=8&pg_b=1&pg_c=3');
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('.pg-lane')).toHaveCount(4);
  await page.getByRole('button', { name: 'Step through' }).click();
  await expect(page.locator('#pg-step-status')).toHaveText('Before the change: 5 queues to move. Press Next move.');
  expect(await lanes(page)).toEqual([...BEFORE, []]);
  const next = page.locator('#pg-step');
  await next.click();
  await expect(page.locator('#pg-step-status')).toHaveText(/^Move 1 of 5: Q2 /);
  await expect(page.locator('.pg-steps li.is-current')).toHaveText(/^Q2 /);
  expect(await lanes(page)).toEqual([['Q0', 'Q1'], ['Q2', 'Q3', 'Q4', 'Q5'], ['Q6', 'Q7'], []]);
  for (const n of [2, 3, 4, 5]) {
    await next.click();
    await expect(page.locator('#pg-step-status')).toHaveText(new RegExp(`^Move ${n} of 5: `));
  }
  await expect(page.locator('.pg-steps li.is-current')).toHaveText(/^Q7 /);
  expect(await lanes(page)).toEqual(AFTER);
  await expect(next).toHaveText('Finish');
  await next.click();
  await expect(page.locator('.pg-steps')).toHaveCount(0);
  expect(await lanes(page)).toEqual(AFTER);
  await expect(page.locator('#pg-consumers')).toHaveValue('4');
});

test('predict, then watch: pick the tiles, Show, each queue marked from the moves', async ({ page }) => {
  await open(page, 'pg_q=8&pg_b=1&pg_c=3');
  await page.locator('#pg-predict').check();
  await expect(page).toHaveURL(/pg_pr=1/);
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('#pg-summary')).toHaveText(/^Which queues will move\?/);
  // Nothing moves yet: the board before the change, its tiles as buttons.
  expect(await lanes(page)).toEqual(BEFORE);
  await expect(page.locator('.pg-tile-button[aria-pressed="false"]')).toHaveCount(8);
  for (const q of ['Q2', 'Q3', 'Q6']) await page.getByRole('button', { name: q, exact: true }).click();
  // The keyboard picks too.
  await page.getByRole('button', { name: 'Q7', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.pg-tile-button[aria-pressed="true"]')).toHaveCount(4);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  // Moved: Q2, Q4, Q5, Q6, Q7. Picked: Q2, Q3, Q6, Q7.
  await expect(page.locator('#pg-score')).toHaveText('3 of 5 right, 1 wrong');
  await expect(page.locator('.pg-marks')).toHaveText('Right: Q2, Q6, Q7 · Missed: Q4, Q5 · Wrong: Q3');
  await expect(page.locator('.pg-tile.is-right')).toHaveCount(3);
  await expect(page.locator('.pg-tile.is-missed')).toHaveCount(2);
  await expect(page.locator('.pg-tile.is-wrong')).toHaveText('Q3wrong');
  await expect(page.locator('.pg-lane')).toHaveCount(4);
  await expect(page.locator('#pg-moves')).toHaveText(/^Moved: Q2 /);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('lanes, rooms and the late consumer fit the screen', async ({ page }, testInfo) => {
    await open(page, 'pg_q=16&pg_c=6&pg_s=MACHINE_ROOM_NEARBY&pg_late=1&pg_cmp=1');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Add consumer' }).tap();
    await expect(page.locator('.pg-lane')).toHaveCount(7);
    await expect(page.locator('.pg-lane.is-parked')).toHaveCount(0);
    const phone = testInfo.outputPath('playground-phone.png');
    await page.screenshot({ path: phone, fullPage: true });
    await testInfo.attach('playground-phone', { path: phone, contentType: 'image/png' });
  });
});
