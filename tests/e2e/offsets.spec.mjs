// End-to-end tests of the offsets page (#/offsets) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

const PAGE = './?lang=en#/offsets';

const queue = (page, index) => page.locator(`li[data-queue="${index}"]`);
const stat = (page, index, name) => queue(page, index).locator(`[data-stat="${name}"] dd`);
const total = (page, name) => page.locator(`dl [data-total="${name}"] dd`);

async function open(page, url = PAGE) {
  await page.goto(url);
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText('Offsets and lag');
}

// The text's layout and the -s switch are checked in tests/browser/offsets.rs; the clipboard needs
// the browser.
test('Copy puts the mqadmin text on the clipboard, or selects it', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.locator('.of-mqadmin .of-status').first()).toHaveText(/Copied|selected/);
});

test('the URL keeps every control and restores it in a new page', async ({ page }) => {
  await open(page);
  await page.locator('#of-q0-consumer').fill('4500');
  await page.locator('#of-now').fill('5');
  await page.locator('#of-consume').fill('40000');
  await page.locator('#of-reset-target').fill('13');
  await page.getByRole('button', { name: 'Add queue' }).click();
  await page.getByLabel('Show the client IP column (-s true)').check();
  await expect(total(page, 'lag')).toHaveText('8,800');
  await expect(page).toHaveURL(/of_q=.*of_rt=13/);
  const url = page.url();

  const other = await page.context().newPage();
  await open(other, url);
  await expect(other.locator('li[data-queue]')).toHaveCount(4);
  await expect(other.locator('#of-q0-consumer')).toHaveValue('4500');
  await expect(stat(other, 0, 'lag')).toHaveText('1,700');
  await expect(other.locator('#of-now')).toHaveValue('5');
  await expect(other.locator('#of-consume')).toHaveValue('40000');
  await expect(other.locator('#of-reset-target')).toHaveValue('13');
  await expect(total(other, 'delay')).toHaveText(/^17 min/);
  await expect(other.getByLabel('Show the client IP column (-s true)')).toBeChecked();
  // 13 minutes back is before broker-b's first stored message: the reset stops at MinOffset.
  await expect(other.locator('tr[data-queue="2"] [data-col="move"]')).toHaveText('250 → 300');
  await expect(other.locator('.of-notice-box')).toHaveCount(0);
  await other.close();
});

test('markers are keyboard operable', async ({ page }) => {
  await open(page);
  await page.locator('#of-add').focus();
  // Add queue → Remove (broker-a · queue 0) → MinOffset marker → ConsumerOffset marker.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
  const marker = queue(page, 0).locator('[data-marker="consumer"]');
  await expect(marker).toBeFocused();
  await expect(marker).toHaveAttribute('role', 'slider');
  await expect(marker).toHaveAccessibleName('ConsumerOffset, broker-a · queue 0');
  expect(await marker.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');

  await page.keyboard.press('ArrowRight');
  await expect(marker).toHaveAttribute('aria-valuenow', '5001');
  await expect(stat(page, 0, 'lag')).toHaveText('1,199');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(stat(page, 0, 'lag')).toHaveText('1,099');
  // The consumer passed the PullOffset (5032) and pushed it along: nothing inflight.
  await expect(stat(page, 0, 'inflight')).toHaveText('0');
  await page.keyboard.press('Home');
  await expect(marker).toHaveAttribute('aria-valuenow', '0');
  await expect(stat(page, 0, 'expired')).toHaveText('100');
  await expect(stat(page, 0, 'lag')).toHaveText('6,100');
  await page.keyboard.press('End');
  await expect(stat(page, 0, 'lag')).toHaveText('0');
  await expect(page.locator('#of-q0-consumer')).toHaveValue('6200');
  await expect(page).toHaveURL(/of_q=broker-a:0:100:6200:6200/);
});

test('a marker can be dragged with the pointer', async ({ page }) => {
  await open(page);
  const marker = queue(page, 0).locator('[data-marker="consumer"]');
  const track = queue(page, 0).locator('.of-track');
  // The mouse only reaches what is on screen: bring the bar into view, then read positions.
  await marker.scrollIntoViewIfNeeded();
  const m = await marker.boundingBox();
  const t = await track.boundingBox();
  await page.mouse.move(m.x + m.width / 2, m.y + m.height / 2);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width * 0.5, m.y + m.height / 2, { steps: 5 });
  await page.mouse.up();
  // Half of the 0..7,000 scale.
  await expect(marker).toHaveAttribute('aria-valuenow', '3500');
  await expect(stat(page, 0, 'lag')).toHaveText('2,700');
  await expect(page).toHaveURL(/of_q=broker-a:0:100:6200:3500/);
  // PullOffset overlaps nothing at its label below the bar: grab it there, in view (the
  // mouse only reaches what is on screen; positions are read again after the scroll).
  const pullCap = queue(page, 0).locator('[data-marker="pull"] .of-marker-cap');
  await pullCap.scrollIntoViewIfNeeded();
  const cap = await pullCap.boundingBox();
  const t2 = await track.boundingBox();
  await page.mouse.move(cap.x + cap.width / 2, cap.y + cap.height / 2);
  await page.mouse.down();
  await page.mouse.move(t2.x + t2.width * 0.8, cap.y + cap.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(stat(page, 0, 'inflight')).toHaveText('2,100');
  // Past MaxOffset the consumer stops at MaxOffset (and pushes PullOffset along).
  const m2 = await marker.boundingBox();
  await page.mouse.move(m2.x + m2.width / 2, m2.y + m2.height / 2);
  await page.mouse.down();
  await page.mouse.move(t2.x + t2.width + 40, m2.y + m2.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(stat(page, 0, 'lag')).toHaveText('0');
  await expect(stat(page, 0, 'inflight')).toHaveText('0');
});

test('screenshots of the page, wide and on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page);
  await page.screenshot({ path: testInfo.outputPath('offsets.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('main h1')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('offsets-phone.png'), fullPage: true });
});
