// End-to-end tests of the exercises page (#/exercises) in the release build: an exercise opened
// by its class link with a fixed seed, a listed mistake diagnosed, a hint, the right answer,
// progress kept over a reload, export and import, the teacher's check, both languages.
// The numbers are class set 1's (`rebalance-lab exercise sheet --seed 1 --answers`).
import { test, expect, appReady } from './fixtures.mjs';

const DRAIN = './?lang=en&ex_id=drain_time&ex_seed=1#/exercises';
const ASSIGN_ZH = './?lang=zh-CN&ex_id=assign_avg&ex_seed=1#/exercises';
const INDEX = './?lang=en&ex_seed=1#/exercises';

async function open(page, url) {
  // The app is ready when its heading shows (appReady); the window's `load` event adds
  // nothing and, on a busy machine, can come much later.
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await appReady(page);
}

/** Answers drain_time (class set 1: B = 11,000,000, P = 30,000, C = 49,000) correctly. */
async function solveDrain(page) {
  await page.getByLabel('(a) Drain time').fill('9 min 39 s');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-result')).toHaveAttribute('data-score', '100');
  await expect.poll(() => storedDone(page, 'drain_time')).toBe(true);
}

/** Whether localStorage holds `id` as done (storage is written right after the render). */
async function storedDone(page, id) {
  return page.evaluate((id) => {
    const text = window.localStorage.getItem('rebalance-lab.progress.v1');
    return Boolean(text && JSON.parse(text).exercises?.[id]?.done);
  }, id);
}

test('a listed mistake is diagnosed, a hint helps, the right answer scores 100 and survives a reload', async ({
  page,
}) => {
  await open(page, DRAIN);
  await expect(page.locator('main h1')).toHaveText('How long until the backlog drains?');
  await expect(page.locator('.ex-prompt')).toContainText('B = 11,000,000');
  await expect(page.locator('.ex-prompt')).toContainText('C = 49,000');

  // B / C instead of B / (C − P): the net-rate mistake, with these numbers.
  await page.getByLabel('(a) Drain time').fill('224.5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-score')).toHaveText('0 / 100');
  const diagnosis = page.locator('.ex-diagnosis');
  await expect(diagnosis).toHaveAttribute('data-mistake', 'net_rate_ignored');
  await expect(diagnosis).toContainText('B / C ≈ 224.5 s forgets the 30,000 messages/s still arriving');
  await expect(page.locator('.ex-verdict')).toContainText('✗ Wrong');

  // Hints one at a time: the first is the nudge.
  await page.getByRole('button', { name: 'Show hint 1 of 3 (Nudge)' }).click();
  await expect(page.locator('.ex-hint')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Show hint 2 of 3 (Method)' })).toBeVisible();

  await solveDrain(page);
  await expect(page.locator('.ex-diagnosis')).toHaveCount(0);
  await expect(page.locator('.ex-model')).toContainText('578.9 s (9 min 39 s)');
  const showMe = page.getByRole('link', { name: 'Show me in the Planner' });
  await expect(showMe).toHaveAttribute('href', '?lang=en&pl_b=11000000&pl_p=30000&pl_r=12250&pl_n=4&pl_goal=instances#/planner');
  await expect(page.locator('[data-status]')).toHaveText('Done · answers submitted: 2');

  // Reload: the progress and the opened hint are still there.
  await page.reload();
  await appReady(page);
  await expect(page.locator('[data-status]')).toHaveText('Done · answers submitted: 2');
  await expect(page.locator('.ex-hint')).toHaveCount(1);

  // The index counts it, and the link back works without a reload.
  await page.getByRole('link', { name: '← All exercises' }).click();
  await expect(page.locator('main h1')).toHaveText('Exercises');
  await expect(page.locator('[data-exercise="drain_time"]')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-topic="backlog"] .ex-counts')).toHaveAttribute('data-done', '1');
  await expect(page).toHaveURL(/\?lang=en#\/exercises$/);
  await page.goBack();
  await expect(page.locator('main h1')).toHaveText('How long until the backlog drains?');

  // "Show me" opens the planner with these numbers.
  await page.getByRole('link', { name: 'Show me in the Planner' }).click();
  await expect(page.locator('main h1')).toHaveText('Backlog drain planner');
  await expect(page).toHaveURL(/pl_b=11000000/);
});

test('once the page is loaded, every exercise opens with the network off, in both languages', async ({
  page,
  guard,
}) => {
  await open(page, INDEX);
  await expect(page.locator('[data-exercise="drain_time"]')).toBeVisible();
  const before = guard.requests.length;
  // The network goes away for everything the page could ask for (the browser's own favicon
  // requests, which a title change can trigger, are not the page's).
  await page.route('**/*', (route) =>
    route.request().url().endsWith('/favicon.svg') ? route.continue() : route.abort('internetdisconnected'),
  );
  await page.getByRole('link', { name: 'How long until the backlog drains?' }).click();
  await expect(page.locator('.ex-prompt')).toContainText('B = 11,000,000');
  await page.getByRole('link', { name: 'New numbers' }).click();
  await expect(page.locator('.ex-prompt')).toContainText('messages/s');
  // The other language's texts are in the page too: switching needs no request.
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.ex-prompt')).toContainText('条/秒');
  await page.getByRole('link', { name: '← 全部练习' }).click();
  await page.locator('[data-exercise="three_queue_lag"] a').first().click();
  await expect(page.locator('.ex-prompt')).not.toBeEmpty();
  expect(guard.requests.slice(before).filter((url) => !url.endsWith('/favicon.svg'))).toEqual([]);
});

test('queue tiles in Chinese: the AVG_BY_CIRCLE pattern given for AVG is diagnosed', async ({ page }) => {
  await open(page, ASSIGN_ZH);
  await expect(page.locator('main h1')).toHaveText('AVG：这个消费者拥有哪些队列？');
  const tile = (q) => page.locator('#ex-part-0').getByRole('button', { name: q, exact: true });
  for (const q of ['Q1', 'Q3', 'Q5', 'Q7', 'Q9']) await tile(q).click();
  await expect(tile('Q1')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.locator('.ex-diagnosis')).toHaveAttribute('data-mistake', 'circle_for_avg');
  await expect(page.locator('.ex-diagnosis h3')).toHaveText('命中一个常见错误');

  // Keyboard only: unmark the odd queues and mark Q6…Q10 with Space and Enter.
  for (const q of ['Q1', 'Q3', 'Q5']) {
    await tile(q).focus();
    await page.keyboard.press('Space');
  }
  for (const q of ['Q6', 'Q8', 'Q10']) {
    await tile(q).focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.locator('#ex-part-0 [aria-pressed="true"]')).toHaveCount(5);
  await page.getByRole('button', { name: '提交' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ex-result')).toHaveAttribute('data-score', '100');
  await expect(page.locator('.ex-feedback')).toHaveText('全部正确！');
  await expect.poll(() => storedDone(page, 'assign_avg')).toBe(true);

  // Switch to English: the same exercise, same progress.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('main h1')).toHaveText('AVG: which queues does this consumer own?');
  await expect(page.locator('[data-status]')).toHaveText('Done · answers submitted: 2');
});

test('consistent hashing: the model answer compares the counts it shows; "fewer every time" is diagnosed', async ({
  page,
}) => {
  await open(page, './?lang=en&ex_id=hash_join_moves&ex_seed=1#/exercises');
  await page.getByRole('button', { name: 'Show the model answer' }).click();
  const model = page.locator('.ex-model');
  await expect(model).toBeVisible();
  const [hash, avg] = (await model.locator('.ex-model-answers strong').allTextContents()).map((t) =>
    Number(t.replace(/[^0-9].*$/, '')),
  );
  const word = hash < avg ? 'fewer than' : hash > avg ? 'more than' : 'as many as';
  await expect(model).toContainText(`Here CONSISTENT_HASH moves ${hash}, ${word} AVG's ${avg}.`);
  await expect(model).toContainText(/each consumer holds \d+ to \d+ queues under CONSISTENT_HASH/);
  await expect(model).toContainText('Fewer on average, but it depends on where the virtual nodes land');
  await expect(model).not.toContainText('few moves');

  await open(page, './?lang=en&ex_id=hash_properties&ex_seed=1#/exercises');
  for (const text of [/only queues of ring-adjacent segments/, /Virtual nodes \(10 per consumer/, /clearly uneven/]) {
    await page.getByLabel(text).check();
  }
  await page.getByLabel(/On every membership change, consistent hashing moves fewer/).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-diagnosis')).toHaveAttribute('data-mistake', 'hash_always_fewer_moves');
  await expect(page.locator('.ex-diagnosis')).toContainText('Fewer on average is not fewer every time');
});

test('progress is exported to a file and imported back; a teacher verifies the code', async ({ page, guard }) => {
  await open(page, DRAIN);
  await solveDrain(page);
  await page.getByRole('link', { name: '← All exercises' }).click();
  const code = (await page.locator('#ex-code').textContent()).trim();
  expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export progress (.json)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rebalance-lab-progress-class-1.json');
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  const json = JSON.parse(text);
  expect(json.version).toBe(1);
  expect(json.setSeed).toBe(1);
  expect(json.exercises.drain_time.done).toBe(true);
  await expect(page.locator('.ex-progress-panel .ex-ok')).toContainText('Progress exported');
  // The download is a blob: URL of this page, not a request to another origin.
  guard.requests = guard.requests.filter((url) => !url.startsWith('blob:'));

  // A fresh browser profile: nothing done.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await appReady(page);
  await expect(page.locator('.ex-summary')).toHaveAttribute('data-done', '0');

  // A file that is not progress: a clear message, nothing changed.
  await page.getByLabel('Import progress (.json)').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 7}'),
  });
  await expect(page.locator('.ex-progress-panel .ex-error')).toContainText('not usable progress');
  await expect(page.locator('.ex-summary')).toHaveAttribute('data-done', '0');

  await page.getByLabel('Import progress (.json)').setInputFiles({
    name: 'rebalance-lab-progress-class-1.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(page.locator('.ex-progress-panel .ex-ok')).toHaveText('Imported the progress of class set 1 (exercises with progress: 1).');
  await expect(page.locator('[data-exercise="drain_time"]')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('#ex-code')).toHaveText(code);
  await page.reload();
  await appReady(page);
  await expect(page.locator('.ex-summary')).toHaveAttribute('data-done', '1');

  // The teacher's check: the right code is valid, an edited score is not.
  await page.getByText('For teachers: verify a completion code').click();
  await page.getByLabel("A learner's exported progress").fill(text);
  await page.getByLabel('Their completion code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.ex-verify [data-valid]')).toHaveAttribute('data-valid', 'true');
  const tampered = JSON.parse(text);
  tampered.exercises.drain_time.best.answer = { parts: [{ text: '1 s' }] };
  await page.getByLabel("A learner's exported progress").fill(JSON.stringify(tampered));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.ex-verify [data-valid]')).toHaveAttribute('data-valid', 'false');
});

test('screenshots of the exercises page, wide and on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, './?lang=en&ex_id=three_queue_lag&ex_seed=1#/exercises');
  await page.getByLabel('(a) Total lag').fill('8150');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-result')).toBeVisible();
  await page.getByRole('button', { name: /Show hint 1 of 3/ }).click();
  const wide = testInfo.outputPath('exercises.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('exercises', { path: wide, contentType: 'image/png' });

  await page.setViewportSize({ width: 360, height: 780 });
  await open(page, './?lang=zh-CN&ex_id=assign_avg&ex_seed=1#/exercises');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
  const phone = testInfo.outputPath('exercises-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('exercises-phone', { path: phone, contentType: 'image/png' });

  await open(page, INDEX);
  const index = testInfo.outputPath('exercises-index-phone.png');
  await page.screenshot({ path: index, fullPage: true });
  await testInfo.attach('exercises-index-phone', { path: index, contentType: 'image/png' });
});
