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

// What the compare columns and the lanes show is checked in tests/playground.rs; this test
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
