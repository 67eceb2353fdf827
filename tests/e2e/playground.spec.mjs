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

test('8 queues, 3 consumers, AVG: the lanes, then a 4th consumer joins (SPEC §4)', async ({ page }) => {
  await open(page, 'pg_q=8&pg_c=3&pg_s=AVG');
  expect(await lanes(page)).toEqual([
    ['Q0', 'Q1', 'Q2'],
    ['Q3', 'Q4', 'Q5'],
    ['Q6', 'Q7'],
  ]);
  await expect(page.locator('.pg-lane .pg-tile').first()).toHaveAttribute(
    'title',
    'MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0]',
  );
  await page.getByRole('button', { name: 'Add consumer' }).click();
  await expect(page.locator('#pg-summary')).toHaveText('5 queues moved, 0 idle, 0 unassigned');
  await expect(page.locator('#pg-summary')).toHaveAttribute('aria-live', 'polite');
  expect(await lanes(page)).toEqual([
    ['Q0', 'Q1'],
    ['Q2', 'Q3'],
    ['Q4', 'Q5'],
    ['Q6', 'Q7'],
  ]);
  await expect(page.locator('.pg-tile.is-moved')).toHaveText(['Q2', 'Q4', 'Q5', 'Q6', 'Q7']);
  await expect(page.locator('.pg-lane').nth(3)).toHaveAttribute('data-cid', /^192\.168\.0\.4@\d+$/);
  // The tiles travel as Web Animations: no inline style, during or after.
  await expect(page.locator('[style]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page).toHaveURL(/pg_c=4/);
});

test('kill a specific consumer by its cid', async ({ page }) => {
  await open(page, 'pg_q=8&pg_c=3&pg_s=AVG');
  const cid = await page.locator('.pg-lane').nth(1).getAttribute('data-cid');
  await page.getByRole('button', { name: `Kill consumer ${cid}` }).click();
  expect(await lanes(page)).toEqual([
    ['Q0', 'Q1', 'Q2', 'Q3'],
    ['Q4', 'Q5', 'Q6', 'Q7'],
  ]);
  await expect(page.locator('#pg-summary')).toHaveText('3 queues moved, 0 idle, 0 unassigned');
  await expect(page).toHaveURL(/pg_m=1,3/);
});

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

test('bad URL values are clamped with a visible notice', async ({ page }) => {
  await page.goto('./?lang=en&pg_q=999&pg_c=-1&pg_s=NOPE#/');
  await appReady(page);
  const notice = page.getByRole('status').filter({ hasText: 'pg_q=999' });
  await expect(notice).toContainText('pg_q=999 is outside 1 to 256; using 256.');
  await expect(notice).toContainText('pg_s=NOPE is not one of AVG, AVG_BY_CIRCLE');
  await expect(page.locator('#pg-queues')).toHaveValue('256');
  await expect(page.locator('.pg-tray .pg-tile')).toHaveCount(256);
  await expect(page.locator('#panic-banner')).toHaveCount(0);
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

test('compare mode: AVG vs CONSISTENT_HASH when a 4th consumer joins 8 queues', async ({ page }, testInfo) => {
  await open(page, 'pg_q=8&pg_b=1&pg_c=3');
  await page.getByLabel('Compare strategies').check();
  const columns = page.locator('.pg-compare-col');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toHaveAttribute('data-mode', 'AVG');
  await expect(columns.nth(1)).toHaveAttribute('data-mode', 'CONSISTENT_HASH');
  await expect(columns.nth(0).locator('.pg-compare-count strong')).toHaveText('5');
  const hashMoves = Number(await columns.nth(1).locator('.pg-compare-count strong').textContent());
  expect(hashMoves).toBeLessThan(5);
  await expect(columns.nth(0).locator('.pg-mini-tile.is-moved')).toHaveText(['Q2', 'Q4', 'Q5', 'Q6', 'Q7']);
  await expect(page).toHaveURL(/pg_cmp=1/);

  // A screenshot of the page as a test artifact.
  await page.getByRole('button', { name: 'Add consumer' }).click();
  // The next change is a 5th consumer joining: AVG moves one queue (Q7), said in the singular.
  await expect(columns.nth(0).locator('.pg-compare-count')).toHaveText('1 queue moved');
  await expect(page.locator('[style]')).toHaveCount(0, { timeout: 10_000 });
  // At rest: no lane parked (lanes out of view render nothing for a moment after a change).
  await expect(page.locator('.pg-lane.is-parked')).toHaveCount(0);
  await expect(page.locator('.pg-lane .pg-tile')).toHaveCount(8);
  const wide = testInfo.outputPath('playground.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('playground', { path: wide, contentType: 'image/png' });
});

test('compare mode: the sentence and the spread come from the counts shown', async ({ page }) => {
  // 10 queues, 4 → 5 consumers: AVG moves 7, AVG_BY_CIRCLE 6.
  await open(page, 'pg_q=10&pg_b=1&pg_c=4&pg_cmp=1&pg_cs=AVG,AVG_BY_CIRCLE&pg_cc=join');
  const columns = page.locator('.pg-compare-col');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0).locator('.pg-compare-count strong')).toHaveText('7');
  await expect(columns.nth(1).locator('.pg-compare-count strong')).toHaveText('6');
  const ranking = page.locator('.pg-compare-ranking');
  await expect(ranking).toHaveText('In this change AVG_BY_CIRCLE moved the fewest queues (6) and AVG the most (7).');

  // The page's starting group, the newest consumer leaving, AVG vs CONSISTENT_HASH: whatever
  // the counts, the sentence names the one with fewer moves, and each column's spread is the
  // fewest and most tiles in its lanes.
  await open(page, 'pg_q=8&pg_c=3&pg_cmp=1&pg_cs=AVG,CONSISTENT_HASH&pg_cc=leave');
  await expect(columns).toHaveCount(2);
  const avg = Number(await columns.nth(0).locator('.pg-compare-count strong').textContent());
  const hash = Number(await columns.nth(1).locator('.pg-compare-count strong').textContent());
  const expected =
    avg === hash
      ? `In this change every strategy moved ${avg} ${avg === 1 ? 'queue' : 'queues'}.`
      : avg < hash
        ? `In this change AVG moved the fewest queues (${avg}) and CONSISTENT_HASH the most (${hash}).`
        : `In this change CONSISTENT_HASH moved the fewest queues (${hash}) and AVG the most (${avg}).`;
  await expect(ranking).toHaveText(expected);
  for (const i of [0, 1]) {
    const counts = await columns
      .nth(i)
      .locator('.pg-mini-lane')
      .evaluateAll((lanes) => lanes.map((lane) => lane.querySelectorAll('.pg-mini-tile').length));
    await expect(columns.nth(i).locator('.pg-compare-spread')).toHaveText(
      `Queues per consumer afterwards: fewest ${Math.min(...counts)}, most ${Math.max(...counts)}`,
    );
  }

  // The summary shows the spread of the lanes too.
  await open(page, 'pg_q=15&pg_b=1&pg_c=5&pg_s=CONSISTENT_HASH');
  const counts = await page
    .locator('.pg-lane')
    .evaluateAll((lanes) => lanes.map((lane) => lane.querySelectorAll('.pg-tile').length));
  await expect(page.locator('#pg-spread')).toHaveText(
    `Queues per consumer: fewest ${Math.min(...counts)}, most ${Math.max(...counts)}`,
  );
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
