// End-to-end tests of the class page (#/class) in the release build: a teacher builds an
// assignment (two exercises in a chosen order, a chapter) and copies its link; two students,
// each in a fresh browser context, open it, work on Exercises at the class's numbers
// (the right answers read from the model answer the page shows, not written here), one
// walks the chapter in the lessons from the class's link, they come back, see their
// standing and get one completion code each (one whole, one partial); the teacher pastes both codes
// and a junk line, sorts the table, exports the CSV, an edited code is refused, and
// exported progress files join the table (a broken one named and skipped). Also
// the Chinese page, the print layout (what shows in print, and a PDF whose page count grows
// with the exercises), and the page's screenshots.
import { readFile } from 'node:fs/promises';
import { test, expect, appReady } from './fixtures.mjs';
import { CHAPTERS, walkChapter } from './lessons.mjs';

const DRAIN = 'How long until the backlog drains?';
const WHO = 'What is a rebalance, and who computes the assignment?';
const CHAPTER = 'What a ConsumerGroup is and why it rebalances';

async function open(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await appReady(page);
}

/** Builds the assignment on the builder: WHO first, then DRAIN, the first chapter, seed 4242. */
async function build(page, lang = 'en') {
  await open(page, './?lang=en#/class');
  await expect(page.locator('main h1')).toHaveText('Class');
  await expect(page.locator('#cl-link-missing')).toBeVisible();
  await page.getByLabel(DRAIN, { exact: true }).check();
  await page.getByLabel(WHO, { exact: true }).check();
  await expect(page.locator('.cl-order-item')).toHaveCount(2);
  const first = page.locator('.cl-order-item').first();
  await page.getByRole('button', { name: `Move “${WHO}” up` }).click();
  await expect(first).toHaveAttribute('data-id', 'rebalance_who_allocates');
  // The focus follows the exercise moved, so the keyboard can keep moving it.
  await expect(page.locator('#cl-down-rebalance_who_allocates')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('data-id', 'drain_time');
  await expect(page.locator('#cl-up-rebalance_who_allocates')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('data-id', 'rebalance_who_allocates');
  await page.getByLabel(CHAPTER, { exact: true }).check();
  await page.getByLabel('Class seed').fill('4242');
  await page.getByLabel('Class seed').press('Tab');
  await page.getByLabel('Note for the students (optional)').fill('Due Friday.\nWork alone.');
  await page.getByLabel('Language of the link').selectOption(lang);
  const link = (await page.locator('#cl-link').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`\\?lang=${lang}&cl=[A-Za-z0-9_-]+#/class$`));
  return link;
}

/**
 * Opens exercise `title` from the class page, answers it with the expected answers the page's
 * model answer shows (or with `wrong`), submits, and goes back to the class page.
 */
async function work(page, title, wrong) {
  await page.getByRole('link', { name: title }).click();
  await expect(page.locator('main h1')).toHaveText(title);
  await expect(page).toHaveURL(/ex_seed=4242/);
  await page.locator('#ex-model').click();
  const expected = await page.locator('.ex-model-answers li strong').allTextContents();
  const parts = page.locator('.ex-form [data-part]');
  expect(expected.length).toBeGreaterThan(0);
  for (let i = 0; i < expected.length; i += 1) {
    const part = parts.nth(i);
    if (await part.locator('.ex-options').count()) {
      // Options are shown and expected by their position letters ("A", "A, C").
      for (const letter of expected[i].split(',').map((s) => s.trim())) {
        await part.locator('label', { hasText: new RegExp(`^${letter}\\.`) }).click();
      }
    } else {
      // A number or duration: the value before the duration in brackets ("578.9 s (9 min 39 s)").
      await part.locator('input').fill(wrong ?? expected[i].split(' (')[0]);
    }
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.ex-result')).toHaveAttribute('data-score', wrong ? /^\d+$/ : '100');
  await page.goBack();
  await expect(page.locator('main h1')).toHaveText(/^Assignment /);
}

/** A student in a fresh browser: opens the link, works, names themself and gets the code. */
async function student(browser, link, name, doWork) {
  // A browser of its own, as the suite's other pages are opened (no service worker).
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await open(page, link);
  await doWork(page);
  await page.getByLabel('Your name').fill(name);
  await page.locator('#cl-get-code').click();
  const code = (await page.locator('#cl-code').textContent()) ?? '';
  expect(code).toMatch(/^RLC1\.[A-Za-z0-9_-]+\.[A-Z2-7]{8}$/);
  expect(errors).toEqual([]);
  return { context, page, code };
}

test('a class: build, two students, their codes in a sorted table, CSV, an edited code refused', async ({
  page,
  browser,
  context,
}, testInfo) => {
  // Two students, one of them walking a lesson chapter step by step.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = await build(page);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.locator('.cl-status').first()).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The first student does both exercises right, then the chapter from the class's link: the
  // lessons' own progress is what the class page reads.
  const ada = await student(browser, link, 'Lovelace, Ada "AL"', async (s) => {
    await expect(s.locator('main h1')).toHaveText(/^Assignment [A-Z2-7]{4}-[A-Z2-7]{4}$/);
    await expect(s.locator('#cl-note-text')).toHaveText('Due Friday.\nWork alone.');
    const items = s.locator('.cl-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toHaveAttribute('data-id', 'rebalance_who_allocates');
    await expect(items.nth(2)).toContainText(CHAPTER);
    await expect(items.nth(0)).toHaveAttribute('data-status', 'cl-open');
    await work(s, WHO);
    await work(s, DRAIN);
    await expect(s.locator('[data-id="rebalance_who_allocates"]')).toHaveAttribute('data-status', 'cl-done');
    await expect(s.locator('[data-id="drain_time"]')).toHaveAttribute('data-status', 'cl-done');
    await expect(s.locator('[data-id="group"]')).toHaveAttribute('data-status', 'cl-open');
    await expect(s.locator('#cl-get-code')).toHaveText('Get completion code (partial)');
    await s.getByRole('link', { name: `Lesson: ${CHAPTER}` }).click();
    await expect(s).toHaveURL(/\?lang=en#\/learn\/group(\/1)?$/);
    await walkChapter(s, CHAPTERS.find((c) => c.id === 'group'));
    await open(s, link);
    await expect(s.locator('[data-id="group"]')).toHaveAttribute('data-status', 'cl-done');
    await expect(s.locator('[data-id="group"] .cl-item-status')).toHaveText('Done');
    await expect(s.locator('#cl-get-code')).toHaveText('Get completion code');
  });
  await expect(ada.page.locator('#cl-partial')).toHaveCount(0);
  // Her stored progress is what Exercises exports as a file.
  const adaProgress = await ada.page.evaluate(() => window.localStorage.getItem('rebalance-lab.progress.v1'));
  // The name is kept in this browser.
  await ada.page.reload();
  await appReady(ada.page);
  await expect(ada.page.getByLabel('Your name')).toHaveValue('Lovelace, Ada "AL"');
  await ada.context.close();

  // The second student answers one exercise wrong and leaves the rest: a partial code.
  const bo = await student(browser, link, 'Bo', async (s) => {
    await work(s, DRAIN, '1');
    await expect(s.locator('[data-id="drain_time"]')).toHaveAttribute('data-status', 'cl-attempted');
  });
  await expect(bo.page.locator('#cl-partial')).toBeVisible();
  await bo.context.close();

  // The teacher pastes both codes with a junk line between them.
  await page.getByLabel('Completion codes').fill(`${ada.code}\nthis is not a code\n   Bo sent: ${bo.code}.\n\n`);
  await page.getByRole('button', { name: 'Read codes' }).click();
  const rows = page.locator('#cl-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('#cl-table-errors li')).toHaveText(['Line 2: no completion code (RLC1.…) in this line']);
  await expect(page.locator('#cl-table thead th')).toHaveText([/^Name/, /^What is a rebalance/, /^How long/, /^Total/, /^When/]);
  await expect(rows.nth(0)).toHaveAttribute('data-who', 'Bo');
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText('200');

  // Sorting by total: ascending, then descending, announced with aria-sort.
  const total = page.getByRole('button', { name: 'Total' });
  await total.click();
  await expect(page.locator('#cl-table thead th').nth(3)).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.nth(0)).toHaveAttribute('data-who', 'Bo');
  await total.press('Enter');
  await expect(page.locator('#cl-table thead th').nth(3)).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(0)).toHaveAttribute('data-who', 'Lovelace, Ada "AL"');

  // The CSV, in the table's order, RFC 4180 quoted.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Name,rebalance_who_allocates,drain_time,Total,When (UTC),All done,Another assignment');
  expect(lines[1]).toMatch(/^"Lovelace, Ada ""AL""",100,100,200,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,yes,no$/);
  expect(lines[2]).toMatch(/^Bo,0,\d+,\d+,/);
  expect(lines[3]).toBe('');

  // An edited code (its check changed) is refused, the good one kept.
  const last = ada.code.at(-1) === 'A' ? 'B' : 'A';
  const edited = ada.code.slice(0, -1) + last;
  await page.getByLabel('Completion codes').fill(`${edited}\n${bo.code}`);
  await page.getByRole('button', { name: 'Read codes' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.locator('#cl-table-errors li')).toHaveText([
    'Line 1: the check does not match: the code was changed after it was issued',
  ]);

  await page.getByLabel('Completion codes').fill(`${ada.code}\n${bo.code}`);
  await page.getByRole('button', { name: 'Read codes' }).click();
  await expect(rows).toHaveCount(2);

  // Exported progress files beside the codes: each re-graded, a broken one named and skipped.
  await page.getByLabel('Exported progress files (.json)').setInputFiles([
    { name: 'ada-progress.json', mimeType: 'application/json', buffer: Buffer.from(adaProgress ?? '') },
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"version":1,"setSeed":"x"}') },
  ]);
  await expect(rows).toHaveCount(3);
  const file = page.locator('#cl-table tbody tr[data-who="ada-progress.json"]');
  await expect(file.locator('td').nth(2)).toHaveText('200');
  await expect(page.locator('#cl-table-errors li')).toHaveText([/^broken\.json: stored progress is damaged: setSeed: .*\. Skipped\.$/]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('class.png'), fullPage: true });
});

test('the student view in Chinese, on a phone, and a link that cannot be read', async ({ page }, testInfo) => {
  const link = await build(page, 'zh-CN');
  await open(page, link);
  await expect(page.locator('main h1')).toHaveText(/^作业 [A-Z2-7]{4}-[A-Z2-7]{4}$/);
  await expect(page.locator('.cl-item').first()).toContainText('未开始');
  await expect(page.locator('#cl-get-code')).toHaveText('生成完成码（未全部完成）');
  await expect(page.locator('.site-nav')).toContainText('课堂');
  await page.setViewportSize({ width: 360, height: 780 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('class-phone.png'), fullPage: true });

  // A damaged `cl`: a notice naming the field, and the builder instead.
  await open(page, './?lang=en&cl=AbCd#/class');
  await expect(page.locator('.cl-notices')).toContainText('cl=AbCd cannot be used and was left out.');
  await expect(page.locator('.cl-notices')).toContainText('The assignment in this link cannot be read');
  await expect(page.locator('main h1')).toHaveText('Class');
});

/** The number of pages of a PDF. */
function pdfPages(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

test('printable sheets: the exam and the answer key, one exercise per page', async ({ page }) => {
  await build(page);
  // The print dialog is not opened in a test: the buttons only choose what prints.
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByRole('button', { name: 'Print exam' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.cl-sheet')).toBeVisible();
  await expect(page.locator('.cl-exam')).toBeVisible();
  await expect(page.locator('.cl-key')).toBeHidden();
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.cl-screen')).toBeHidden();
  await expect(page.locator('.cl-sheet-exercise')).toHaveCount(2);
  await expect(page.locator('.cl-sheet-exercise').first()).toContainText(WHO);
  await expect(page.locator('.cl-answer-space').first()).toBeVisible();
  const two = pdfPages(await page.pdf({ format: 'A4' }));
  expect(two).toBeGreaterThanOrEqual(2);

  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.cl-sheet')).toBeHidden();
  // Any third exercise will do: the first one not picked.
  await page.locator('.cl-topics input[type="checkbox"]:not(:checked)').first().check();
  await expect(page.locator('.cl-order-item')).toHaveCount(3);
  await page.getByRole('button', { name: 'Print exam' }).click();
  const three = pdfPages(await page.pdf({ format: 'A4' }));
  expect(three).toBeGreaterThan(two);

  // The answer key alone: the expected answers, on pages of their own.
  await page.getByRole('button', { name: 'Print answer key' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.cl-key')).toBeVisible();
  await expect(page.locator('.cl-exam')).toBeHidden();
  await expect(page.locator('.cl-key-exercise')).toHaveCount(3);
  await expect(page.locator('.cl-key-exercise').first()).toContainText('(a) Choose one:');
  const key = pdfPages(await page.pdf({ format: 'A4' }));
  expect(key).toBeGreaterThanOrEqual(3);

  // The sheets are in the link's language, which the students read, not the site's.
  await page.emulateMedia({ media: 'screen' });
  await page.locator('#cl-lang').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Print exam' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.cl-sheet')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.cl-sheet-head h2')).toContainText('试卷');
  await expect(page.locator('.cl-sheet-head')).toContainText('姓名');
  await expect(page.locator('.cl-sheet-exercise').first()).toContainText('选择一个选项');
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Print answer key' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.cl-key > h2')).toContainText('答案');
});
