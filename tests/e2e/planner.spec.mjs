// End-to-end tests of the drain planner (#/planner) in the release build.
import { test, expect, appReady } from './fixtures.mjs';

const queueCard = (page) => page.locator('.pl-card-queue');
const messageCard = (page) => page.locator('.pl-card-message');
const box = (page, name) => page.getByRole('textbox', { name, exact: true });

async function openPlanner(page, query = '?lang=en') {
  await page.goto(`./${query}#/planner`);
  await appReady(page);
}

test('the worked example preset: 9 instances, 16 min 40 s, missed queue-level, met message-level', async ({ page }) => {
  await openPlanner(page);
  await expect(page.locator('main h1')).toHaveText('Backlog drain planner');
  for (const [name, value] of [
    ['Backlog', '12000000'],
    ['Produce rate', '20000'],
    ['Instance rate', '4000'],
    ['Target time', '900'],
    ['Queues', '8'],
  ]) {
    await expect(box(page, name)).toHaveValue(value);
    await expect(page.getByRole('slider', { name, exact: true })).toBeVisible();
  }
  await expect(page.locator('#pl-target-help')).toContainText('15 min');
  await expect(queueCard(page).locator('.pl-instances dd')).toHaveText('9');
  await expect(queueCard(page).locator('.pl-effective dd')).toHaveText('8');
  await expect(queueCard(page).locator('.pl-consume dd')).toHaveText('32,000/s');
  await expect(queueCard(page).locator('.pl-net dd')).toHaveText('12,000/s');
  await expect(queueCard(page).locator('.pl-drain dd')).toHaveText('16 min 40 s');
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Target missed');
  await expect(messageCard(page).locator('.pl-instances dd')).toHaveText('9');
  await expect(messageCard(page).locator('.pl-verdict')).toHaveText('Target met');
  await expect(page.locator('.pl-headline')).toHaveText('Queue-level (classic push/pull): Target missed.');
  const steps = page.locator('.pl-steps');
  await expect(steps).toContainText('12,000,000 / 900');
  await expect(steps).toContainText('D = C - P');
  await expect(steps).toContainText('1,000 s (16 min 40 s)');
  await expect(page.locator('[data-step=TargetCheck] .pl-step-result')).toHaveText('not met');
  await expect(page.locator('.pl-remedies')).toContainText('More queues');
  const chart = page.getByRole('img', { name: 'Backlog over time, queue-level and message-level' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('polyline')).toHaveCount(2);
  await expect(chart.locator('.pl-target text')).toHaveText('Target 15 min');
  await expect(page.locator('.pl-chart-summary')).toContainText('empty after 16 min 40 s');
  // The plain link writes no state: the preset is the default.
  await expect(page).toHaveURL(/\?lang=en#\/planner$/);
});

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

test('each field keeps its own text, and the target time reads durations', async ({ page }) => {
  await openPlanner(page);
  // A typo in Target time stays in Target time: the Instances box that replaces it on the
  // goal switch shows its own value, valid, in step with its slider.
  await box(page, 'Target time').fill('abc');
  await expect(box(page, 'Target time')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#pl-target-error')).toHaveText(/Not a time/);
  await page.keyboard.press('Tab');
  await page.getByRole('radio', { name: 'Run a fixed number of instances: how long?' }).check();
  const instances = box(page, 'Instances');
  await expect(instances).toHaveValue('9');
  await expect(instances).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('slider', { name: 'Instances', exact: true })).toHaveValue('9');
  await expect(page.locator('#pl-instances-error')).toHaveCount(0);
  // Back to the target: the box shows the target in force, not the typo.
  await page.getByRole('radio', { name: 'Meet a target time: how many instances?' }).check();
  await expect(box(page, 'Target time')).toHaveValue('900');
  await expect(box(page, 'Target time')).toHaveAttribute('aria-invalid', 'false');

  // Durations the way the exercises read them.
  await box(page, 'Target time').fill('16 min 40 s');
  await expect(page).toHaveURL(/pl_t=1000(&|#)/);
  await expect(page.locator('#pl-target-help')).toContainText('16 min 40 s');
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Target met');
  // Typed key by key, as a reader types: each prefix that reads as a time ("16", "16 m") is
  // applied, and the box keeps the text as typed instead of rewriting it in seconds.
  await box(page, 'Target time').fill('');
  await box(page, 'Target time').pressSequentially('16 min 40 s');
  await expect(box(page, 'Target time')).toHaveValue('16 min 40 s');
  await expect(page).toHaveURL(/pl_t=1000(&|#)/);
  await box(page, 'Target time').fill('9m39s');
  await expect(page).toHaveURL(/pl_t=579(&|#)/);
  await expect(page.locator('#pl-target-help')).toContainText('9 min 39 s');
  await box(page, 'Target time').fill('15 min');
  await expect(page).not.toHaveURL(/pl_t=/);
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('Target missed');
  // Beyond the range (4 h) is refused like any other out-of-range value.
  await box(page, 'Target time').fill('5 h');
  await expect(page.locator('#pl-target-error')).toHaveText(/Allowed: 0 to 14400/);
  await expect(page).not.toHaveURL(/pl_t=/);
});

test('bad URL values are clamped with a visible notice, never a crash', async ({ page }) => {
  await openPlanner(page, '?lang=en&pl_q=999&pl_r=abc&pl_n=2.5&pl_goal=instances&pl_model=pop');
  const notices = page.locator('.pl-notices');
  await expect(notices).toHaveAttribute('role', 'status');
  await expect(notices).toContainText('pl_q=999 is outside 1 to 256; using 256.');
  await expect(notices).toContainText('pl_r=abc is not a number; using 4000.');
  await expect(notices).toContainText('pl_n=2.5 is not a whole number; using 3.');
  await expect(notices).toContainText('pl_model=pop is not one of queue, message; using queue.');
  await expect(box(page, 'Queues')).toHaveValue('256');
  await expect(box(page, 'Instances')).toHaveValue('3');
  await expect(page).toHaveURL(/pl_q=256/);
  await expect(page).not.toHaveURL(/pl_r=|pl_model=/);
  await expect(page.locator('#panic-banner')).toHaveCount(0);
  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
});

test('a refused input is explained beside its field while the last plan stays', async ({ page }) => {
  await openPlanner(page);
  await box(page, 'Instance rate').fill('0');
  await expect(page.locator('#pl-instance-rate-plan-error')).toHaveText(/instance rate must be above 0/);
  await expect(page.locator('.pl-stale')).toBeVisible();
  await expect(queueCard(page).locator('.pl-instances dd')).toHaveText('9');
  await box(page, 'Instance rate').fill('4000');
  await expect(page.locator('#pl-instance-rate-plan-error')).toHaveCount(0);
  // Above the box's range: the shared field refuses it and keeps the last value.
  await box(page, 'Queues').fill('9999');
  await expect(page.locator('#pl-queues-error')).toBeVisible();
  await expect(queueCard(page).locator('.pl-effective dd')).toHaveText('8');
});

test('the language switch shows the Chinese labels and keeps the numbers', async ({ page }) => {
  await openPlanner(page, '?lang=en&pl_b=6000000');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('main h1')).toHaveText('积压清空规划');
  for (const name of ['积压量', '生产速率', '单实例速率', '目标时间', '队列数']) {
    await expect(box(page, name)).toBeVisible();
  }
  await expect(box(page, '积压量')).toHaveValue('6000000');
  await expect(page.getByRole('radio', { name: '消息级（5.x POP）' })).toBeVisible();
  await expect(queueCard(page).locator('.pl-verdict')).toHaveText('能达成目标');
  // Durations are written in the reader's language (the queue-level drain: 750 s).
  await expect(queueCard(page).locator('.pl-drain dd')).toHaveText('12 分 30 秒');
  await expect(page.locator('.pl-steps')).toContainText('D = C - P');
  await expect(page).toHaveURL(/lang=zh-CN/);
  await expect(page).toHaveURL(/pl_b=6000000/);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(box(page, 'Backlog')).toHaveValue('6000000');
  await expect(queueCard(page).locator('.pl-drain dd')).toHaveText('12 min 30 s');
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
