// End-to-end tests of the drain planner (#/planner) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

const queueCard = (page) => page.locator('.pl-card-queue');
const messageCard = (page) => page.locator('.pl-card-message');
const box = (page, name) => page.getByRole('textbox', { name, exact: true });

async function openPlanner(page, query = '?lang=en') {
  await page.goto(`./${query}#/planner`);
  await appReady(page);
}

test('every control round-trips through the URL', async ({ page, browser }) => {
  await openPlanner(page);
  await box(page, 'Produce rate').fill('30000');
  await box(page, 'Backlog').fill('6000000');
  await page.getByRole('radio', { name: 'Message-level (5.x POP)' }).check();
  await page.getByRole('radio', { name: /fixed number of instances/ }).check();
  await box(page, 'Instances').fill('12');
  await box(page, 'Queues').fill('16');
  await box(page, 'Instance rate').fill('3500');
  await expect(page).toHaveURL(/pl_n=12/);
  const url = page.url();
  for (const part of ['pl_p=30000', 'pl_b=6000000', 'pl_model=message', 'pl_goal=instances', 'pl_q=16', 'pl_r=3500']) {
    expect(url).toContain(part);
  }
  // 12 × 3,500 = 42,000/s message-level, D = 12,000/s: 500 s.
  await expect(messageCard(page).locator('.pl-drain dd')).toHaveText('8 min 20 s');
  const headline = await page.locator('.pl-headline').textContent();

  // A fresh page opened from the link shows the same state.
  const other = await browser.newPage();
  await other.goto(url);
  await appReady(other);
  await expect(box(other, 'Produce rate')).toHaveValue('30000');
  await expect(box(other, 'Backlog')).toHaveValue('6000000');
  await expect(box(other, 'Instances')).toHaveValue('12');
  await expect(box(other, 'Queues')).toHaveValue('16');
  await expect(box(other, 'Instance rate')).toHaveValue('3500');
  await expect(other.getByRole('radio', { name: 'Message-level (5.x POP)' })).toBeChecked();
  await expect(other.getByRole('radio', { name: /fixed number of instances/ })).toBeChecked();
  await expect(other.locator('.pl-headline')).toHaveText(headline);
  await expect(other).toHaveURL(url);
  await other.close();

  // The preset button brings the example back and clears the query.
  await page.getByRole('button', { name: 'Load the worked example from the interview guide' }).click();
  await expect(queueCard(page).locator('.pl-drain dd')).toHaveText('16 min 40 s');
  await expect(page).toHaveURL(/\?lang=en#\/planner$/);
});

// The rest of what the fields show (typos, durations, refused values, notices, both
// languages) is checked in tests/browser/planner.rs; this needs the real keyboard.
test('the target box keeps a duration typed key by key', async ({ page }) => {
  await openPlanner(page);
  // Each prefix that reads as a time ("16", "16 m") is applied, and the box keeps the text
  // as typed instead of rewriting it in seconds.
  await box(page, 'Target time').fill('');
  await box(page, 'Target time').pressSequentially('16 min 40 s');
  await expect(box(page, 'Target time')).toHaveValue('16 min 40 s');
  await expect(page).toHaveURL(/pl_t=1000(&|#)/);
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Target met');
});

test('keyboard only: sliders, switches and the preset', async ({ page }) => {
  await openPlanner(page);
  const preset = page.getByRole('button', { name: 'Load the worked example from the interview guide' });
  await preset.focus();
  await page.keyboard.press('Tab');
  const backlog = page.getByRole('slider', { name: 'Backlog', exact: true });
  await expect(backlog).toBeFocused();
  const outline = await backlog.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  // Backlog slider, backlog box, then the produce-rate slider.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const produce = page.getByRole('slider', { name: 'Produce rate', exact: true });
  await expect(produce).toBeFocused();
  await page.keyboard.press('End');
  await expect(box(page, 'Produce rate')).toHaveValue('200000');
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Never drains');
  await expect(page).toHaveURL(/pl_p=200000/);
  // The model switch: arrow keys move between the radios.
  const queueRadio = page.getByRole('radio', { name: 'Queue-level (classic push/pull)' });
  await queueRadio.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Message-level (5.x POP)' })).toBeChecked();
  await expect(page.locator('.pl-headline')).toHaveText('Message-level (5.x POP): Target met.');
  await expect(page).toHaveURL(/pl_model=message/);
  // Back to the example with Enter on the preset button.
  await preset.focus();
  await page.keyboard.press('Enter');
  await expect(box(page, 'Produce rate')).toHaveValue('20000');
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Target missed');
});

test('screenshots of the planner, wide and on a phone', async ({ page }, testInfo) => {
  await openPlanner(page);
  await expect(page.locator('.pl-chart-svg')).toBeVisible();
  const wide = testInfo.outputPath('planner.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('planner', { path: wide, contentType: 'image/png' });

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('.pl-chart-svg')).toHaveAttribute('width', /^3\d\d$/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const phone = testInfo.outputPath('planner-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('planner-phone', { path: phone, contentType: 'image/png' });
});
