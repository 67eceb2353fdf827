// Accessibility of every page, light and dark, checked by axe-core (the rules of WCAG 2.1 A
// and AA: colour contrast of every text, labels, names, ARIA, landmarks…). Each page is
// checked in the states that draw the most: moved tiles, idle lanes, the `[BUG]` log line,
// the table, a prediction asked and a rebalance stepped through on the playground, lost
// offsets, a missed and a never-reached target, a timeline run to its end, an exercise with a
// diagnosed wrong answer and a hint, a class link without model answers whose multiple
// choice is marked option by option; on a phone, the playground's and the timeline's docked
// controls, as a bar and as an open sheet, and the page links opened from their summary; every
// embed view (`?embed=1`), with a notice and with the embed code shown after a refused copy;
// the class builder with its link, a student's view with a code and the teacher's sorted
// table; the notice that a new version is available.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, appReady } from './fixtures.mjs';
import { serveCopy, workerReady } from './deploy.mjs';

/** Fails with one line per rule and element when axe finds a violation on the page. */
async function expectAccessible(page, what) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} at ${node.target.join(' ')}: ${node.failureSummary.replace(/\s+/g, ' ').trim()}`,
    ),
  );
  expect(found, `${what}: WCAG 2.1 AA violations`).toEqual([]);
  // A check that saw nothing would pass anything.
  expect(result.passes.length, `${what}: rules that passed`).toBeGreaterThan(10);
}

async function open(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await appReady(page);
}

for (const colorScheme of ['light', 'dark']) {
  test.describe(`${colorScheme} colours`, () => {
    test.use({ colorScheme });

    test('the playground: moved tiles, the late consumer, compare, the table, a prediction, stepping, idle lanes, CONFIG', async ({ page }) => {
      await open(page, './?lang=en&pg_q=8&pg_c=3&pg_s=MACHINE_ROOM_NEARBY&pg_late=1&pg_cmp=1&pg_table=1#/');
      await page.getByRole('button', { name: 'Add consumer' }).click();
      await expect(page.locator('.pg-lane .pg-tile.is-moved').first()).toBeVisible();
      await expect(page.locator('.pg-lane.is-parked')).toHaveCount(0);
      await expectAccessible(page, 'playground after a change');

      await open(page, './?lang=en&pg_q=8&pg_b=1&pg_c=3&pg_pr=1#/');
      await page.getByRole('button', { name: 'Add consumer' }).click();
      await page.getByRole('button', { name: 'Q2', exact: true }).click();
      await page.getByRole('button', { name: 'Q3', exact: true }).click();
      await expectAccessible(page, 'playground asking which queues will move');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await expect(page.locator('.pg-tile.is-wrong')).toHaveCount(1);
      await page.getByRole('button', { name: 'Step through' }).click();
      await page.locator('#pg-step').click();
      await expect(page.locator('.pg-steps li.is-current')).toHaveCount(1);
      await expectAccessible(page, 'playground stepping through a rebalance');

      await open(page, './?lang=en&pg_q=4&pg_c=6&pg_s=AVG#/');
      await expect(page.locator('.pg-lane.is-idle')).toHaveCount(2);
      await expectAccessible(page, 'playground with idle consumers');

      await open(page, './?lang=en&pg_q=4&pg_c=3&pg_s=CONFIG&pg_cfg=a0,a1#/');
      await expect(page.locator('#pg-summary')).toHaveText('0 queues moved, 0 idle, 2 unassigned');
      await expectAccessible(page, 'playground with CONFIG: overlap and unassigned queues');
    });

    test('offsets: the seed example with lost offsets, and the reset preview', async ({ page }) => {
      await open(page, './?lang=en#/offsets');
      await expect(page.locator('[data-total="reset"]')).toBeVisible();
      await expectAccessible(page, 'offsets');
    });

    test('the planner: a missed target, and a backlog that never drains', async ({ page }) => {
      await open(page, './?lang=en#/planner');
      await expect(page.locator('.pl-chart-svg')).toBeVisible();
      await expectAccessible(page, 'planner, target missed');
      await open(page, './?lang=en&pl_b=1000000&pl_p=50000&pl_r=1000&pl_n=4&pl_goal=instances#/planner');
      await expect(page.locator('.pl-chart-svg')).toBeVisible();
      await expect(page.locator('main')).toContainText('never drains');
      await expectAccessible(page, 'planner, never drains');
    });

    test('troubleshoot: a symptom with a likely and a ruled-out cause', async ({ page }) => {
      await open(page, './?lang=en&ts_s=lag-grows&ts_a=ny#/troubleshoot');
      await expect(page.locator('.ts-likely')).toHaveCount(1);
      await expectAccessible(page, 'troubleshoot');
    });

    test('lessons: the map with done and skipped steps, a step with its hint, a chapter\'s end', async ({ page }) => {
      await open(page, './?lang=en#/learn');
      await page.evaluate(() =>
        localStorage.setItem('rebalance-lab.lessons.v1', JSON.stringify({ version: 1, chapters: { group: 'ds-d' } })),
      );
      await page.reload();
      await appReady(page);
      await expect(page.locator('.ln-mark.ln-done').first()).toBeVisible();
      await expectAccessible(page, 'lessons, the chapter map');
      await open(page, './?lang=en#/learn/group/2');
      await expect(page.frameLocator('#ln-widget').locator('.pg-lane').first()).toBeVisible({ timeout: 30_000 });
      await page.locator('.ln-check').click();
      await expect(page.locator('.ln-status')).toContainText('Not yet.');
      await expectAccessible(page, 'lessons, a step with its hint');
      await open(page, './?lang=zh-CN#/learn/group/4');
      await expect(page.locator('.ln-exercises a').first()).toBeVisible();
      await expectAccessible(page, 'lessons, the last step of a chapter in Chinese');
    });

    test('the mock interview: the start screen, an open question with its checklist, a computed part, the report', async ({ page }) => {
      await open(page, './?lang=en&iv_len=15&iv_level=senior&iv_seed=1#/interview');
      await expectAccessible(page, 'interview, the start screen');
      await page.locator('#iv-start').click();
      await page.locator('#iv-answer').fill('Each member computes its own share.');
      await page.locator('#iv-reveal').click();
      await page.locator('.iv-points input').first().check();
      await expectAccessible(page, 'interview, an open question with its checklist');
      await page.locator('#iv-next').click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.ex-result')).toBeVisible();
      await expectAccessible(page, 'interview, a computed part graded');
      await page.locator('#iv-end').click();
      await expect(page.locator('#iv-report-title')).toBeVisible();
      await expectAccessible(page, 'interview, the report');
    });

    test('the timeline at the end of a run, compared with POP', async ({ page }) => {
      await open(page, './?lang=en&tl_scenario=gc-pause&tl_t=2200&tl_cmp=1#/timeline');
      await expect(page.locator('.tl-chart-svg')).toBeVisible();
      await expectAccessible(page, 'timeline');
    });

    test('the timeline while its tiles flash on arrival, held at the first frame', async ({ page }) => {
      // Every CSS animation is paused at its start as soon as it runs: axe sees each text
      // against the flash's strongest colours, whenever it happens to look.
      await page.addInitScript(() => {
        document.addEventListener('animationstart', (event) => {
          for (const animation of event.target.getAnimations()) {
            animation.pause();
            animation.currentTime = 0;
          }
        }, true);
      });
      await open(page, './?lang=en&tl_scenario=scale-out-avg&tl_t=900#/timeline');
      await expect(page.locator('.tl-lane .tl-tile').first()).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.animationName === 'tl-arrive' && a.playState === 'paused').length))
        .toBeGreaterThan(0);
      await expectAccessible(page, 'timeline, tiles arriving');
    });

    test('the timeline asking which queues will move, then graded', async ({ page }) => {
      await open(page, './?lang=en&tl_scenario=crash&tl_t=590&tl_speed=64&tl_predict=1#/timeline');
      await page.locator('#tl-play').click();
      await expect(page.locator('#tl-predict-show')).toBeVisible({ timeout: 30_000 });
      await page.locator('.tl-pick').first().click();
      await expectAccessible(page, 'timeline, predicting');
      await page.locator('#tl-predict-show').click();
      await expect(page.locator('#tl-predict-status')).toContainText('You picked', { timeout: 20_000 });
      await expectAccessible(page, 'timeline, prediction graded');
    });

    test('exercises: the overview, and an exercise with a diagnosed mistake and a hint', async ({ page }) => {
      await open(page, './?lang=en&ex_seed=1#/exercises');
      await expectAccessible(page, 'exercises overview');
      await open(page, './?lang=en&ex_id=drain_time&ex_seed=1#/exercises');
      await page.getByLabel('(a) Drain time').fill('224.5');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.ex-result')).toBeVisible();
      await page.getByRole('button', { name: /Show hint 1 of/ }).click();
      await expect(page.locator('.ex-hint')).toHaveCount(1);
      await expectAccessible(page, 'an exercise, answered wrong');
      await open(page, './?lang=zh-CN&ex_id=assign_avg&ex_seed=1#/exercises');
      await expectAccessible(page, 'an exercise in Chinese');
      // A class link without model answers, and a multiple choice graded option by option.
      await open(page, './?lang=en&ex_id=drain_queue_cap&ex_seed=1&ex_model=0#/exercises');
      await page.locator('fieldset[data-part="remedies"] input[type="checkbox"]').first().check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.ex-option-marks li').first()).toBeVisible();
      await expect(page.locator('.ex-expected')).toHaveCount(0);
      await expectAccessible(page, 'an exercise without model answers, with option marks');
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

      for (const [url, what] of [['./?lang=en&pg_q=16&pg_c=5#/', 'playground'], ['./?lang=en#/timeline', 'timeline']]) {
        test(`the ${what}'s docked controls, closed and open`, async ({ page }) => {
          // Two full checks of a page: more than one check's time.
          test.slow();
          await open(page, url);
          const more = page.getByRole('button', { name: 'More settings' });
          await expect(more).toBeVisible();
          await expectAccessible(page, `${what}, the docked bar`);
          await more.click();
          await expect(more).toHaveAttribute('aria-expanded', 'true');
          await expectAccessible(page, `${what}, the open sheet`);
        });
      }

      test('the page links folded behind their button, open', async ({ page }) => {
        await open(page, './?lang=zh-CN#/offsets');
        await page.locator('.nav-toggle').click();
        await expect(page.locator('.nav-fold')).toHaveAttribute('open');
        await expect(page.locator('.site-nav .nav-link').first()).toBeVisible();
        await expectAccessible(page, 'the page links open on a phone, in Chinese');
      });
    });

    test('the embed views: the board after a change, the comparison in Chinese, offsets, planner, a scenario, the troubleshooter, a bad value, a refused copy', async ({ page }) => {
      test.slow();
      await open(page, './?embed=yes&lang=en&pg_q=8&pg_c=3#/');
      await page.getByRole('button', { name: 'Add consumer' }).click();
      await expect(page.locator('.pg-lane .pg-tile.is-moved').first()).toBeVisible();
      await expect(page.locator('.embed-notices')).toBeVisible();
      await expectAccessible(page, 'the board embedded, with a notice about embed');
      // The browser refuses the clipboard here (no permission): the code is shown, selected.
      await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
      await page.getByRole('button', { name: 'Copy embed code' }).click();
      await expect(page.locator('.embed-code')).toBeVisible();
      await expectAccessible(page, 'the board embedded, the code shown after a refused copy');
      await open(page, './?embed=compare&lang=zh-CN&pg_cs=AVG,AVG_BY_CIRCLE,CONSISTENT_HASH#/');
      await expect(page.locator('.pg-compare-col')).toHaveCount(3);
      await expectAccessible(page, 'the comparison embedded, in Chinese');
      for (const [hash, what] of [['#/offsets', 'offsets'], ['#/planner', 'planner'], ['#/timeline', 'timeline'], ['#/troubleshoot', 'troubleshoot']]) {
        await open(page, `./?embed=1&lang=en&tl_scenario=scale-out-avg&tl_t=900&ts_s=dlq${hash}`);
        await expectAccessible(page, `${what} embedded`);
      }
    });

    test('the class page: the builder with a link, the student view with a code, the table', async ({ page }) => {
      test.slow();
      await open(page, './?lang=en#/class');
      await page.locator('.cl-topics input[type="checkbox"]').first().check();
      await page.locator('.cl-checks input[id^="cl-ch-"]').first().check();
      await expect(page.locator('#cl-link')).toBeVisible();
      await expectAccessible(page, 'class builder with a link');
      const link = (await page.locator('#cl-link').textContent()) ?? '';
      await open(page, link);
      await page.getByLabel('Your name').fill('Ada');
      await page.locator('#cl-get-code').click();
      await expect(page.locator('#cl-code')).toBeVisible();
      await expectAccessible(page, 'class student view with a partial code');
      const code = (await page.locator('#cl-code').textContent()) ?? '';
      await open(page, './?lang=en#/class');
      await page.getByLabel('Completion codes').fill(`${code}\njunk`);
      await page.getByRole('button', { name: 'Read codes' }).click();
      await page.getByRole('button', { name: 'Total' }).click();
      await expect(page.locator('#cl-table th[aria-sort="ascending"]')).toHaveCount(1);
      await expect(page.locator('#cl-table-errors li')).toHaveCount(1);
      await expectAccessible(page, 'class table, sorted, with a line error');
    });

    test('the not-found page', async ({ page }) => {
      await open(page, './?lang=en#/no-such-page');
      await expectAccessible(page, 'not found');
    });

    test.describe('with the service worker', () => {
      test.use({ serviceWorkers: 'allow' });

      test('the notice that a new version is available, in both languages', async ({ page, guard }) => {
        const site = await serveCopy();
        guard.allowedPrefix = site.url;
        try {
          await open(page, `${site.url}?lang=en#/planner`);
          await workerReady(page);
          site.deployChange('2');
          await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
          await expect(page.locator('.update-notice')).toBeVisible({ timeout: 30_000 });
          await expectAccessible(page, 'the update notice');
          await page.getByRole('button', { name: '中文' }).click();
          await expect(page.locator('.update-notice button')).toHaveText('重新加载');
          await expectAccessible(page, 'the update notice in Chinese');
        } finally {
          await site.close();
          site.remove();
        }
      });
    });
  });
}
