// End-to-end tests of the lessons (#/learn) in the release build: every chapter of
// lessons/chapters.txt walked step by step, each task done by acting in the live page inside
// the iframe (its controls, as a reader would) until the step sees it done and the next step
// opens; the chapter map, resuming after a reload, skipping, a wrong try's hint, bad links
// and bad stored progress, both languages and a phone's width.
import { readFileSync } from 'node:fs';
import { test, expect, appReady } from './fixtures.mjs';

const LESSONS = new URL('../../lessons/', import.meta.url);
const CHAPTERS = readFileSync(new URL('chapters.txt', LESSONS), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((id) => {
    const text = readFileSync(new URL(`${id}.toml`, LESSONS), 'utf8');
    const steps = text.split(/^\[\[step\]\]$/m).slice(1).map((block) => ({
      state: block.match(/^state = "(.*)"$/m)?.[1] ?? '',
      solution: block.match(/^solution = "(.*)"$/m)?.[1] ?? null,
    }));
    return { id, steps };
  });

const STORAGE_KEY = 'rebalance-lab.lessons.v1';
// The timeline presets' tick (SimConfig's default tickMs), to find an event's tick.
const TIMELINE_TICK_MS = 100;

async function open(page, hash, lang = 'en') {
  await page.goto(`./?lang=${lang}${hash}`);
  await appReady(page);
}

/** The live page inside the step, once it has drawn. */
async function widget(page) {
  const frame = page.frameLocator('#ln-widget');
  await expect(frame.locator('main h1')).toBeVisible({ timeout: 30_000 });
  return frame;
}

/**
 * Does a step's task in the live page with its controls: each value the solution sets that
 * differs from the step's state, through the control a reader would use.
 */
async function act(frame, state, solution) {
  const before = new URLSearchParams(state);
  const after = new URLSearchParams(solution);
  // In a narrow frame the playground docks its controls in a bar; the number fields are in
  // its "More settings" sheet.
  const field = async (selector, value) => {
    const input = frame.locator(selector);
    if (!(await input.isVisible())) await frame.getByRole('button', { name: 'More settings' }).click();
    await input.fill(value);
  };
  const controls = [
    ['pg_s', (v) => frame.locator('#pg-strategy').selectOption(v)],
    ['pg_q', (v) => field('#pg-queues', v)],
    ['pg_c', (v) => field('#pg-consumers', v)],
  ];
  for (const [key, set] of controls) {
    const value = after.get(key);
    if (value !== null && value !== before.get(key)) await set(value);
  }
  // The offsets page: each queue's MinOffset, MaxOffset and ConsumerOffset fields.
  const queues = (params) => (params.get('of_q') ?? '').split(';').filter(Boolean).map((q) => q.split(':'));
  const [was, now] = [queues(before), queues(after)];
  if (after.has('of_q')) {
    expect(now.length, 'a task keeps the queues').toBe(was.length);
    for (const [i, fields] of now.entries()) {
      for (const [at, marker] of [[2, 'min'], [3, 'max'], [4, 'consumer']]) {
        if (fields[at] !== was[i][at]) await frame.locator(`#of-q${i}-${marker}`).fill(fields[at]);
      }
    }
    controls.push(['of_q', () => {}]);
  }
  // The planner: its number fields.
  const planner = { pl_b: '#pl-backlog', pl_p: '#pl-produce', pl_r: '#pl-instance-rate', pl_t: '#pl-target', pl_q: '#pl-queues', pl_n: '#pl-instances' };
  for (const [key, selector] of Object.entries(planner)) {
    const value = after.get(key);
    if (value !== null && value !== before.get(key)) await frame.locator(selector).fill(value);
    controls.push([key, () => {}]);
  }
  // Troubleshoot: the symptom's button, then each cause's answer. `ts_a` holds one letter per
  // cause in the symptom's order, the order the page lists them in while none is answered.
  if (after.has('ts_s')) {
    const symptom = after.get('ts_s');
    if (symptom !== before.get('ts_s')) {
      await frame.locator(`.ts-symptom[data-symptom="${symptom}"]`).click();
    } else if (before.has('ts_a')) {
      await frame.locator('.ts-causes .button').click();
    }
    await expect(frame.locator('.ts-cause').first()).toBeVisible();
    const causes = await frame.locator('.ts-cause').evaluateAll((cards) => cards.map((card) => card.dataset.cause));
    for (const [i, code] of [...(after.get('ts_a') ?? '')].entries()) {
      if (code !== '-') await frame.locator(`#ts-q-${causes[i]}-${code}`).check();
    }
    controls.push(['ts_s', () => {}], ['ts_a', () => {}]);
  }
  // The timeline: the preset from its menu; each event the solution adds, from the lane menu
  // of its consumer at its tick (the lane menus hold a graceful stop and a crash); then the
  // tick in the scrub field, whose range is what the run has recorded so far (To end records
  // it all). Its number fields are in the docked bar's sheet in a narrow frame.
  if (after.has('tl_scenario') || after.has('tl_t')) {
    const control = async (selector) => {
      const element = frame.locator(selector);
      if (!(await element.isVisible())) await frame.getByRole('button', { name: 'More settings' }).click();
      return element;
    };
    const toTick = async (tick) => {
      const end = await control('#tl-to-end');
      if (await end.isEnabled()) await end.click();
      await (await control('#tl-tick')).fill(String(tick));
      await expect(frame.locator('#tl-clock')).toHaveAttribute('data-tick', String(tick));
    };
    const scenario = after.get('tl_scenario');
    if (scenario !== null && scenario !== before.get('tl_scenario')) {
      await (await control('#tl-scenario')).selectOption(scenario);
    }
    const items = (params) => (params.get('tl_events') ?? '').split('_').filter(Boolean);
    const had = new Set(items(before));
    const kinds = { stop: 'Graceful stop', crash: 'Crash (kill -9)' };
    for (const item of items(after).filter((i) => !had.has(i))) {
      const [atMs, kind, cid] = item.split('-');
      expect(kinds[kind], `the spec has no lane action for ${item}`).toBeDefined();
      await toTick(Number(atMs) / TIMELINE_TICK_MS);
      const lane = frame.locator(`.tl-lane[data-cid^="${cid}@"]`);
      await lane.locator('summary').click();
      await lane.getByRole('button', { name: kinds[kind] }).click();
      await expect(lane).toHaveAttribute('data-status', kind === 'stop' ? 'stopped' : 'crashed');
    }
    if (after.has('tl_t')) await toTick(Number(after.get('tl_t')));
    controls.push(['tl_scenario', () => {}], ['tl_events', () => {}], ['tl_t', () => {}]);
  }
  // The planner's load-balancing model: its radio buttons.
  const model = after.get('pl_model');
  if (model !== null && model !== before.get('pl_model')) await frame.locator(`#pl-model-${model}`).check();
  controls.push(['pl_model', () => {}]);
  const known = new Set(controls.map(([key]) => key));
  for (const key of after.keys()) {
    if (!known.has(key)) expect(after.get(key), `the spec has no control for ${key}`).toBe(before.get(key));
  }
}

for (const chapter of CHAPTERS) {
  test(`chapter ${chapter.id}: every step, its task done in the live page, then the next opens`, async ({ page }) => {
    test.slow();
    await open(page, `#/learn/${chapter.id}`);
    const total = chapter.steps.length;
    for (const [i, step] of chapter.steps.entries()) {
      await expect(page).toHaveURL(new RegExp(`#/learn/${chapter.id}(/${i + 1})?$`));
      await expect(page.locator('.ln-step-count')).toHaveText(`Step ${i + 1} of ${total}`);
      const frame = await widget(page);
      if (step.solution !== null) {
        await expect(page.locator('.ln-next')).toHaveCount(0);
        await act(frame, step.state, step.solution);
        await expect(page.locator('.ln-status')).toHaveText('Done: the live page shows it.', { timeout: 20_000 });
      }
      if (i + 1 < total) {
        await page.locator('.ln-next').click();
        await expect(page).toHaveURL(new RegExp(`#/learn/${chapter.id}/${i + 2}$`));
        await expect(page.locator('#ln-step-title')).toBeFocused();
      }
    }
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
