// End-to-end tests of the offsets page (#/offsets) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

const PAGE = './?lang=en#/offsets';

/** One mqadmin consumerProgress line, padded as RocketMQ's String.format does. */
function mqadminLine([topic, broker, qid, max, consumer, diff, inflight, last], header = false) {
  return (
    `${topic.padEnd(64)}  ${broker.padEnd(32)}  ${qid.padEnd(4)}  ${max.padEnd(20)}  ${consumer.padEnd(20)}  ` +
    `${diff.padEnd(20)} ${inflight.padEnd(20)}${header ? '' : ' '}${last}`
  );
}

const HEADER = mqadminLine(
  ['#Topic', '#Broker Name', '#QID', '#Broker Offset', '#Consumer Offset', '#Diff', '#Inflight', '#LastTime'],
  true,
);

const queue = (page, index) => page.locator(`li[data-queue="${index}"]`);
const stat = (page, index, name) => queue(page, index).locator(`[data-stat="${name}"] dd`);
const total = (page, name) => page.locator(`dl [data-total="${name}"] dd`);

async function open(page, url = PAGE) {
  await page.goto(url);
  await appReady(page);
  await expect(page.locator('main h1')).toHaveText('Offsets and lag');
}

test('the preset shows the seed numbers: lag 1200/800/6100, expired 0/0/50, total 8100', async ({ page }) => {
  await open(page);
  await expect(page.locator('li[data-queue]')).toHaveCount(3);
  for (const [index, lag, expired, inflight] of [
    [0, '1,200', '0', '32'],
    [1, '800', '0', '0'],
    [2, '6,100', '50', '0'],
  ]) {
    await expect(stat(page, index, 'lag')).toHaveText(lag);
    await expect(stat(page, index, 'expired')).toHaveText(expired);
    await expect(stat(page, index, 'inflight')).toHaveText(inflight);
  }
  await expect(total(page, 'lag')).toHaveText('8,100');
  await expect(total(page, 'expired')).toHaveText('50');
  await expect(total(page, 'inflight')).toHaveText('32');
  await expect(total(page, 'diff')).toHaveText('8,150');
  await expect(total(page, 'delay')).toHaveText(/^12 min \(oldest pending message on broker-b · queue 2\)$/);
  await expect(page.locator('[data-total="drain"]')).toContainText('8,100 / (32,000 - 20,000) → 1 s');
  // broker-b queue 2 is behind retention: its expired stretch is drawn.
  await expect(queue(page, 2).locator('.of-seg-expired')).toHaveCount(1);
  await expect(queue(page, 0).locator('.of-seg-expired')).toHaveCount(0);
});

test('the mqadmin text is laid out exactly as RocketMQ prints it', async ({ page }) => {
  await open(page);
  const pre = page.locator('pre.of-pre');
  const text = await pre.textContent();
  const lines = text.split('\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines[1]).toBe(
    mqadminLine(['OrderEvent', 'broker-a', '0', '6200', '5000', '1200', '32', '2026-06-20 02:55:59']),
  );
  expect(lines[3]).toBe(mqadminLine(['OrderEvent', 'broker-b', '2', '6400', '250', '6150', '0', 'N/A']));
  expect(text).toContain('\nConsume TPS: 32000.00\nConsume Diff Total: 8150\nConsume Inflight Total: 32\n');
  await expect(page.locator('.of-command')).toHaveText('$ sh mqadmin consumerProgress -g order-service');

  await page.getByLabel('Show the client IP column (-s true)').check();
  await expect(page.locator('.of-command')).toHaveText('$ sh mqadmin consumerProgress -g order-service -s true');
  await expect(pre).toContainText('#Client IP');
  await expect(pre).toContainText('192.168.0.8');
  await expect(page).toHaveURL(/of_ip=1/);

  // Copy: the clipboard, or (when the browser refuses) the text is selected.
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.locator('.of-mqadmin .of-status').first()).toHaveText(/Copied|selected/);
});

test('pasting the text back loads it; a garbage paste names its line and changes nothing', async ({ page }) => {
  await open(page);
  const before = await page.locator('pre.of-pre').textContent();
  const paste = page.getByLabel('Load mqadmin output');
  await paste.fill(`$ sh mqadmin consumerProgress -g order-service\n${before}`);
  await page.getByRole('button', { name: 'Load text' }).click();
  await expect(page.locator('.of-mqadmin')).toContainText('Loaded 3 queue(s) from the text.');
  // mqadmin prints no MinOffset: broker-b's 50 expired positions now count as lag.
  await expect(page.locator('[data-note="min-unknown"]')).toBeVisible();
  await expect(total(page, 'lag')).toHaveText('8,150');
  await expect(total(page, 'expired')).toHaveText('0');
  await expect(total(page, 'diff')).toHaveText('8,150');
  await expect(page).toHaveURL(/of_src=mqadmin/);
  const after = await page.locator('pre.of-pre').textContent();
  // Every column but #LastTime (store times are the page's own, see the reset section).
  const columns = (text) => text.split('\n').map((line) => line.split(/\s+/).slice(0, 7).join(' '));
  expect(columns(after)).toEqual(columns(before));

  await paste.fill('#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime\nOrderEvent broker-a 0 10 4 7 N/A');
  await page.getByRole('button', { name: 'Load text' }).click();
  await expect(page.locator('.of-paste-error')).toContainText(
    'line 2: #Diff 7 is not #Broker Offset 10 - #Consumer Offset 4',
  );
  await expect(page.locator('li[data-queue]')).toHaveCount(3);
  await expect(total(page, 'lag')).toHaveText('8,150');

  await page.getByRole('button', { name: 'Load the seed example' }).click();
  await expect(total(page, 'lag')).toHaveText('8,100');
  await expect(page.locator('[data-note="min-unknown"]')).toHaveCount(0);
});

test('the URL keeps every control and restores it; bad values are clamped with a notice', async ({ page }) => {
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

  await open(page, './?lang=en&of_now=5000&of_q=broker-a:0:5:1:0;oops&of_c=abc#/offsets');
  const notices = page.locator('.of-notices');
  await expect(notices).toContainText('of_now=5000 is outside 0 to 1440; using 1440.');
  await expect(notices).toContainText('of_q=oops cannot be used and was left out.');
  await expect(notices).toContainText('of_c=abc is not a number; using 32000.');
  await expect(page.locator('#panic-banner')).toHaveCount(0);
  // MinOffset 5 above MaxOffset 1 is a state the page can show: the core refuses that queue.
  await expect(queue(page, 0).locator('.of-queue-error')).toContainText('MaxOffset 1 is below MinOffset 5');
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
  // PullOffset overlaps nothing at its label below the bar: grab it there.
  const cap = await queue(page, 0).locator('[data-marker="pull"] .of-marker-cap').boundingBox();
  await page.mouse.move(cap.x + cap.width / 2, cap.y + cap.height / 2);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width * 0.8, cap.y + cap.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(stat(page, 0, 'inflight')).toHaveText('2,100');
  // Past MaxOffset the consumer stops at MaxOffset (and pushes PullOffset along).
  await page.mouse.move(t.x + t.width * 0.5, m.y + m.height / 2);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width + 40, m.y + m.height / 2, { steps: 5 });
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
