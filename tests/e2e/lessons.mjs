// Walking the lessons in the release build, for the specs that need a chapter done as a
// reader does it (learn.spec.mjs walks every chapter; class.spec.mjs one, from a class's
// link): the chapters of lessons/chapters.txt with each step's state and solution, the live
// page inside a step, and a step's task done with the live page's own controls.
import { readFileSync } from 'node:fs';
import { expect } from './fixtures.mjs';

const LESSONS = new URL('../../lessons/', import.meta.url);
export const CHAPTERS = readFileSync(new URL('chapters.txt', LESSONS), 'utf8')
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

export const STORAGE_KEY = 'rebalance-lab.lessons.v1';
// The timeline presets' tick (SimConfig's default tickMs), to find an event's tick.
const TIMELINE_TICK_MS = 100;

/** The live page inside the step, once it has drawn. */
export async function widget(page) {
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

/**
 * Walks `chapter` from its first step (the page shows it): each step's task done in the live
 * page until the step says so, then Next, to the chapter's last step.
 */
export async function walkChapter(page, chapter) {
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
}
