// End-to-end tests of the lessons (#/learn) in the release build: every chapter of
// lessons/chapters.txt walked step by step, each task done by acting in the live page inside
// the iframe (its controls, as a reader would) until the step sees it done and the next step
// opens; the chapter map, resuming after a reload, skipping, a wrong try's hint, bad links
// and bad stored progress, both languages and a phone's width.
import { test, expect, appReady } from './fixtures.mjs';
import { CHAPTERS, STORAGE_KEY, walkChapter, widget } from './lessons.mjs';

async function open(page, hash, lang = 'en') {
  await page.goto(`./?lang=${lang}${hash}`);
  await appReady(page);
}

for (const chapter of CHAPTERS) {
  test(`chapter ${chapter.id}: every step, its task done in the live page, then the next opens`, async ({ page }) => {
    test.slow();
    await open(page, `#/learn/${chapter.id}`);
    await walkChapter(page, chapter);
    const exercises = page.locator('.ln-exercises a');
    expect(await exercises.count()).toBeGreaterThanOrEqual(2);
    await expect(exercises.first()).toHaveAttribute('href', /^\?lang=en&ex_id=[a-z0-9_]+#\/exercises$/);
    await page.locator('.ln-to-map').click();
    await expect(page).toHaveURL(/#\/learn$/);
    await expect(page.locator(`.ln-chapter[data-chapter="${chapter.id}"] .ln-chapter-state`)).toHaveText('Completed');
  });
}

test('a wrong try shows the hint; Skip is recorded; the map and a reload resume where the reader left', async ({ page }) => {
  const [first] = CHAPTERS;
  const task = first.steps.findIndex((s) => s.solution !== null);
  expect(task).toBeGreaterThanOrEqual(0);
  await open(page, `#/learn/${first.id}/${task + 1}`);
  await widget(page);
  await page.locator('.ln-check').click();
  await expect(page.locator('.ln-status')).toContainText('Not yet.');
  await page.locator('.ln-skip').click();
  await expect(page.locator('.ln-status')).toHaveText('Skipped. You can still do it in the live page.');
  await expect(page.locator('.ln-steps li').nth(task)).toHaveClass(/ln-skipped/);
  await expect(page.locator('.ln-skip')).toHaveCount(0);
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(JSON.parse(stored).chapters[first.id][task]).toBe('s');

  // The chapter map counts it, and a reload of the chapter's link opens its first step
  // neither done nor skipped.
  await page.goto(`./?lang=en#/learn`);
  await appReady(page);
  await expect(page.locator(`.ln-chapter[data-chapter="${first.id}"] .ln-chapter-state`)).toContainText('1 skipped');
  await page.locator(`.ln-chapter[data-chapter="${first.id}"] a`).click();
  const resume = task === 0 ? 2 : 1;
  await expect(page.locator('.ln-step-count')).toHaveText(`Step ${resume} of ${first.steps.length}`);
  await page.reload();
  await appReady(page);
  await expect(page.locator('.ln-step-count')).toHaveText(`Step ${resume} of ${first.steps.length}`);
});

test('a bad link is named and the page still opens', async ({ page }) => {
  const [first] = CHAPTERS;
  await open(page, `#/learn/${first.id}/99`);
  await expect(page.locator('.ln-notices')).toContainText('“99” is not one of them');
  await expect(page.locator('.ln-step-count')).toHaveText(`Step 1 of ${first.steps.length}`);
  await open(page, '#/learn/no-such-chapter');
  await expect(page.locator('.ln-notices')).toContainText('no-such-chapter');
  await expect(page.locator('.ln-chapter')).toHaveCount(CHAPTERS.length);
  await open(page, '#/learning');
  await expect(page.locator('.ln-chapter')).toHaveCount(0);
});

test('bad stored progress is named, the rest kept', async ({ page }) => {
  const [first, second] = CHAPTERS;
  await open(page, '#/learn');
  await page.evaluate(
    ([key, a, b]) => localStorage.setItem(key, JSON.stringify({ version: 1, chapters: { [a]: 7, [b]: 'dd' } })),
    [STORAGE_KEY, first.id, second.id],
  );
  await page.reload();
  await appReady(page);
  await expect(page.locator('.ln-notices')).toContainText(`“${first.id}” could not be read`);
  await expect(page.locator(`.ln-chapter[data-chapter="${second.id}"] .ln-chapter-state`)).toContainText(
    `2 of ${second.steps.length} steps done`,
  );
  await page.evaluate((key) => localStorage.setItem(key, '{not json'), STORAGE_KEY);
  await page.reload();
  await appReady(page);
  await expect(page.locator('.ln-notices')).toContainText('rebalance-lab.lessons.broken');
  expect(await page.evaluate(() => localStorage.getItem('rebalance-lab.lessons.broken'))).toBe('{not json');
});

test('Chinese: the map, a step and its live page in Chinese', async ({ page }) => {
  await open(page, '#/learn', 'zh-CN');
  await expect(page.locator('h1')).toHaveText('课程');
  await open(page, `#/learn/${CHAPTERS[0].id}/1`, 'zh-CN');
  await expect(page.locator('.ln-step-count')).toHaveText(`第 1 步，共 ${CHAPTERS[0].steps.length} 步`);
  const frame = await widget(page);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('#ln-widget')).toHaveAttribute('src', /^\.\/\?embed=1&lang=zh-CN&/);
});

test('on a phone nothing scrolls sideways; screenshots wide and on a phone', async ({ page }, testInfo) => {
  await open(page, `#/learn/${CHAPTERS[0].id}/2`);
  await widget(page);
  const wide = testInfo.outputPath('learn.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('learn', { path: wide, contentType: 'image/png' });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const hash of ['#/learn', `#/learn/${CHAPTERS[0].id}/2`]) {
    await open(page, hash);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${hash} scrolls sideways by`).toBeLessThanOrEqual(0);
  }
  await widget(page);
  const phone = testInfo.outputPath('learn-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('learn-phone', { path: phone, contentType: 'image/png' });
});
