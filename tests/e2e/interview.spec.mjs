// End-to-end tests of the mock interview (#/interview) in the release build: a whole short
// run through the page (an open question answered with its key points ticked, a computed part
// answered right with the answer the page itself shows after a wrong try, an item skipped,
// Finish), the report's numbers, the result code reopened in a fresh browser context giving
// the same report, a corrupted code refused, a reload in the middle resuming the run, Chinese,
// a bad URL value's notice, and the screenshots.
import { test, expect, appReady } from './fixtures.mjs';

const KEY = 'rebalance-lab.interview.v1';
const START = './?lang=en&iv_len=15&iv_level=mid&iv_seed=7#/interview';

async function open(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await appReady(page);
}

/** "Item n of 4". */
async function expectItem(page, n) {
  await expect(page.locator('#iv-item-status')).toContainText(`Item ${n} of 4`);
}

/**
 * Answers the computed part on screen right, with what the page shows: a blank Submit, then
 * the model answer (which opens once an answer was graded), each part entered from it: a
 * number as written (without its duration in brackets), the queues' tiles it names, the
 * options by letter. Returns the score the page gives.
 */
async function solveComputed(page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-result')).toBeVisible();
  await page.getByRole('button', { name: 'Show the model answer' }).click();
  const answers = await page.locator('.ex-model-answers li strong').allTextContents();
  const parts = page.locator('.ex-form [data-part]');
  expect(await parts.count(), 'one model answer per part').toBe(answers.length);
  for (const [i, answer] of answers.entries()) {
    const part = parts.nth(i);
    const tokens = answer.split(/[,，、\s]+/).filter(Boolean);
    if ((await part.locator('input[type="text"]').count()) > 0) {
      await part.locator('input[type="text"]').fill(answer.replace(/\s*[(（].*$/, ''));
    } else if ((await part.locator('.ex-tile').count()) > 0) {
      for (const tile of await part.locator('.ex-tile').all()) {
        const label = (await tile.textContent()).replace('✓', '').trim();
        const pressed = (await tile.getAttribute('aria-pressed')) === 'true';
        if (tokens.includes(label) !== pressed) await tile.click();
      }
    } else {
      for (const option of await part.locator('.ex-options li').all()) {
        const letter = (await option.locator('.ex-option-id').textContent()).replace('.', '').trim();
        const input = option.locator('input');
        if (tokens.includes(letter)) await input.check();
        else if ((await input.getAttribute('type')) === 'checkbox') await input.uncheck();
      }
    }
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  return page.locator('.ex-result').getAttribute('data-score');
}

/** The report as numbers: total, per topic and per item (score, seconds). */
async function reportNumbers(page) {
  await expect(page.locator('#iv-report-title')).toBeVisible();
  return {
    summary: await page.locator('.iv-summary').textContent(),
    total: await page.locator('.iv-summary').getAttribute('data-total'),
    topics: await page.locator('.iv-topics tbody tr').evaluateAll((rows) =>
      rows.map((r) => [r.dataset.topic, r.lastElementChild.textContent]),
    ),
    items: await page.locator('.iv-items tbody tr').evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('[data-score]').textContent, r.querySelector('[data-seconds]').dataset.seconds]),
    ),
    weakest: await page.locator('.iv-weakest > li').evaluateAll((items) => items.map((li) => li.dataset.topic)),
  };
}

test('a whole short run: answer, tick, a computed part right, skip, finish; the report and its code replayed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await open(page, START);
  await expect(page.locator('main h1')).toHaveText('Mock interview');
  await expect(page.locator('#iv-len-15')).toBeChecked();
  await expect(page.locator('#iv-level-mid')).toBeChecked();
  await expect(page.locator('#iv-seed')).toHaveValue('7');
  // Keyboard: Start is a real button in the form.
  await page.locator('#iv-start').focus();
  await page.keyboard.press('Enter');
  await expectItem(page, 1);
  await expect(page.locator('#iv-item-status')).toBeFocused();
  await expect(page.locator('.iv-timer')).toContainText(/1[45]:\d\d left/);

  // 1. An open question: written, the reference answer shown, two key points ticked.
  const stored = () => page.evaluate((key) => localStorage.getItem(key)?.length ?? 0, KEY);
  await expect.poll(stored).toBeGreaterThan(0);
  const before = await stored();
  await page.locator('#iv-answer').fill('Every member computes its own share from the same lists.');
  await page.getByRole('button', { name: 'Show the reference answer' }).click();
  const points = page.locator('.iv-points input[type="checkbox"]');
  const total = await points.count();
  expect(total).toBeGreaterThanOrEqual(2);
  await points.nth(0).check();
  await points.nth(1).check();
  const openScore = String(Math.round((200 / total)));
  await expect(page.locator('.iv-score')).toHaveText(`2 of ${total} key points ticked: ${openScore}/100.`);
  await expect(page.locator('.iv-mistakes li').first()).toBeVisible();
  await expect(page.locator('.iv-follow-up')).not.toBeEmpty();

  // A reload in the middle resumes the run: the same item, the text and the ticks kept.
  // The stored run (its result code) has the answer once the page has written it.
  await expect.poll(stored).toBeGreaterThan(before + 60);
  await page.reload();
  await appReady(page);
  await expectItem(page, 1);
  await expect(page.locator('#iv-answer')).toHaveValue('Every member computes its own share from the same lists.');
  await expect(points.nth(0)).toBeChecked();
  await expect(points.nth(1)).toBeChecked();
  await expect(page.locator('.iv-score')).toContainText(`${openScore}/100`);
  // The clock runs on after the reload: a second is counted on this item.
  const shown = await page.locator('.iv-timer').textContent();
  await expect(page.locator('.iv-timer')).not.toHaveText(shown);

  // 2. A computed part: the exercises page's own view, answered right.
  await page.getByRole('button', { name: 'Next' }).click();
  await expectItem(page, 2);
  await expect(page.locator('.ex-exercise')).toBeVisible();
  // No link that would leave the run.
  await expect(page.locator('.ex-crumbs, #ex-new, .ex-copy-link, .ex-show-me')).toHaveCount(0);
  expect(await solveComputed(page)).toBe('100');
  await expect(page.locator('.iv-recorded')).toContainText('100/100');

  // 3. Skipped; 4. left unanswered: Finish.
  await page.getByRole('button', { name: 'Next' }).click();
  await expectItem(page, 3);
  await page.locator('#iv-answer').fill('not sure');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expectItem(page, 4);
  await page.getByRole('button', { name: 'Finish' }).click();

  const report = await reportNumbers(page);
  expect(report.items.map(([score]) => score)).toEqual([openScore, '100', '0', '0']);
  const mean = Math.round((Number(openScore) + 100) / 4);
  expect(report.total).toBe(String(mean));
  expect(report.summary).toContain(`Score ${mean}/100 · 15 minutes`);
  expect(report.summary).toContain('seed 7');
  const seconds = report.items.map(([, s]) => Number(s));
  expect(seconds[0], 'the first item took the time until Next').toBeGreaterThan(0);
  expect(seconds[3], 'Finish at once').toBeLessThanOrEqual(2);
  // Topics: each item's topic once, the weakest under 75 with a lesson and exercises.
  expect(report.topics.length).toBeGreaterThan(0);
  expect(report.weakest.length).toBeGreaterThan(0);
  for (const topic of report.weakest) {
    const item = page.locator(`.iv-weakest > li[data-topic="${topic}"]`);
    await expect(item.locator('a').first()).toHaveAttribute('href', `?lang=en#/learn/${topic}`);
    await expect(item.locator('.iv-exercises a').first()).toHaveAttribute('href', /^\?lang=en&ex_id=[a-z0-9_]+#\/exercises$/);
  }
  const code = await page.locator('#iv-code').inputValue();
  expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
  await expect(page.locator('#iv-code-link')).toHaveValue(new RegExp(`\\?lang=en&iv_r=${code}#/interview$`));
  // A reload shows the finished run's report again.
  await page.reload();
  await appReady(page);
  expect(await reportNumbers(page)).toEqual(report);

  // A fresh context (nothing stored): the code pasted, then the link, give the same report.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  try {
    await open(other, './?lang=en#/interview');
    await other.locator('#iv-code-input').fill(code);
    await other.getByRole('button', { name: 'Show the report' }).click();
    const replayed = await reportNumbers(other);
    expect(replayed).toEqual(report);
    await expect(other.locator('.iv-report')).toContainText('Shown from a result code.');
    await expect(other).toHaveURL(new RegExp(`iv_r=${code}`));
    await open(other, `./?lang=en&iv_r=${code}#/interview`);
    expect(await reportNumbers(other)).toEqual(report);
    // A changed character is refused with a clear message, pasted or in a link.
    const flipped = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    await open(other, './?lang=en#/interview');
    await other.locator('#iv-code-input').fill(flipped);
    await other.getByRole('button', { name: 'Show the report' }).click();
    await expect(other.locator('.iv-open .iv-error')).toHaveText(
      'This result code does not check out: a character was changed, added or left out. Copy it again.',
    );
    await other.locator('#iv-code-input').fill(`${code.slice(0, 5)}!${code.slice(6)}`);
    await other.getByRole('button', { name: 'Show the report' }).click();
    await expect(other.locator('.iv-open .iv-error')).toHaveText('Character 6 (!) cannot be part of a result code.');
    await open(other, `./?lang=en&iv_r=${flipped}#/interview`);
    await expect(other.locator('.iv-notices')).toContainText('The result code in the link (iv_r) cannot be used');
    await expect(other.locator('#iv-start')).toBeVisible();
    // The same report in Chinese.
    await open(other, `./?lang=zh-CN&iv_r=${code}#/interview`);
    await expect(other.locator('main h1')).toHaveText('面试报告');
    await expect(other.locator('.iv-summary')).toContainText(`得分 ${mean}/100 · 15 分钟`);
    const zh = await reportNumbers(other);
    expect(zh.items).toEqual(report.items);
  } finally {
    await context.close();
  }

  // New interview: the start screen with another seed, nothing stored.
  await page.getByRole('button', { name: 'New interview' }).click();
  await expect(page.locator('#iv-start')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
});

test('when the time runs out the run ends and every unanswered item scores 0', async ({ page }) => {
  // The page's clock, run on by hand: 15 minutes of its one-second timer.
  await page.clock.install();
  await open(page, START);
  await page.locator('#iv-start').click();
  await expectItem(page, 1);
  await page.locator('#iv-answer').fill('Half an answer');
  await page.clock.runFor(15 * 60 * 1000 - 2000);
  await expect(page.locator('.iv-timer')).toHaveText('0:02 left');
  await expectItem(page, 1);
  await page.clock.runFor(2000);
  await expect(page.locator('#iv-report-title')).toBeVisible();
  const report = await reportNumbers(page);
  expect(report.items.map(([score]) => score)).toEqual(['0', '0', '0', '0']);
  expect(report.items.map(([, seconds]) => seconds)).toEqual([String(15 * 60), '0', '0', '0']);
});

test('bad URL values and a broken stored run are notices; Chinese; screenshots wide and on a phone', async ({ page }, testInfo) => {
  await open(page, './?lang=en&iv_len=20&iv_level=expert&iv_seed=abc#/interview');
  const notices = page.locator('.iv-notices');
  await expect(notices).toContainText('iv_len=20 is not one of 15, 30, 45; using 30.');
  await expect(notices).toContainText('iv_level=expert is not one of junior, mid, senior; using mid.');
  await expect(notices).toContainText('iv_seed=abc is not a number; using');
  await expect(page.locator('#iv-len-30')).toBeChecked();
  // The URL now holds the values used, so the link reproduces this interview.
  await expect(page).toHaveURL(/iv_len=30&iv_level=mid&iv_seed=\d+/);
  // A seed typed wrong is said next to the field; the seed stays.
  const seed = await page.locator('#iv-seed').inputValue();
  await page.locator('#iv-seed').fill('12x');
  await expect(page.locator('.iv-seed .iv-error')).toContainText(`“12x” is not a whole number`);
  await expect(page).toHaveURL(new RegExp(`iv_seed=${seed}`));
  await page.locator('#iv-seed').fill('31');
  await expect(page).toHaveURL(/iv_seed=31/);

  // A stored run that cannot be read: a notice, kept aside, the start screen.
  await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"run":'), KEY);
  await open(page, './?lang=zh-CN#/interview');
  await expect(page.locator('main h1')).toHaveText('模拟面试');
  await expect(page.locator('.iv-notices')).toContainText('rebalance-lab.interview.broken');
  expect(await page.evaluate(() => localStorage.getItem('rebalance-lab.interview.broken'))).toBe('{"version":1,"run":');
  await page.locator('#iv-start').click();
  await expect(page.locator('#iv-item-status')).toContainText('第 1 题');
  await page.locator('#iv-reveal').click();
  await expect(page.locator('.iv-reference h2')).toHaveText('参考答案');

  await open(page, './?lang=en&iv_len=30&iv_level=senior&iv_seed=3#/interview');
  await page.evaluate((key) => localStorage.removeItem(key), KEY);
  await open(page, './?lang=en&iv_len=30&iv_level=senior&iv_seed=3#/interview');
  await page.locator('#iv-start').click();
  await page.locator('#iv-answer').fill('The broker keeps the members; each client computes its share.');
  await page.locator('#iv-reveal').click();
  await page.locator('.iv-points input').first().check();
  const wide = testInfo.outputPath('interview.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('interview', { path: wide, contentType: 'image/png' });
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the run scrolls sideways by').toBeLessThanOrEqual(0);
  const phone = testInfo.outputPath('interview-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('interview-phone', { path: phone, contentType: 'image/png' });
});
