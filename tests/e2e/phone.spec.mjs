// Every page on a phone (a touch screen 360 × 740 and 390 × 844): nothing runs off the
// screen (the page never scrolls sideways) and every touch target is at least 44 × 44 CSS
// pixels (WCAG 2.5.5), counting a checkbox's or radio's label, which a tap on it also hits.
// Links inside a sentence are exempt, as WCAG exempts them.
import { test, expect, appReady } from './fixtures.mjs';

const PAGES = (process.env.E2E_PAGES ?? '').split(',').filter(Boolean);
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

/** Visible touch targets smaller than 44 × 44, as "selector-ish: w × h" lines. */
async function smallTargets(page) {
  return page.evaluate(() => {
    const targets = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]',
    );
    const small = [];
    for (const el of targets) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      // A link inside a sentence (WCAG 2.5.5's "inline" exception).
      const block = el.closest('p, li, dd, td');
      if (el.tagName === 'A' && block && block.textContent.trim() !== el.textContent.trim()) continue;
      let { width, height } = rect;
      for (const label of el.labels ?? []) {
        if (label.contains(el) || ['checkbox', 'radio'].includes(el.type)) {
          const box = label.getBoundingClientRect();
          width = Math.max(width, box.width);
          height = Math.max(height, box.height);
        }
      }
      if (width < 44 - 0.5 || height < 44 - 0.5) {
        const name = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        small.push(`${name} "${text}": ${Math.round(width)} × ${Math.round(height)}`);
      }
    }
    return small;
  });
}

/** How far the page reaches past the right edge of the screen, in CSS pixels. */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const viewport of PHONES) {
  test.describe(`a ${viewport.width} × ${viewport.height} phone`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    for (const id of PAGES) {
      test(`${id}: nothing runs off the screen and every touch target is 44 × 44`, async ({ page }) => {
        const hash = id === PAGES[0] ? '#/' : `#/${id}`;
        await page.goto(`./?lang=en${hash}`);
        await appReady(page);
        expect(await overflow(page), 'the page scrolls sideways by').toBeLessThanOrEqual(0);
        expect(await smallTargets(page), 'touch targets under 44 × 44').toEqual([]);
      });
    }

    // The states that draw more than a page's first view: an open lane menu, a group after a
    // change, its tiles as buttons of a prediction and a rebalance stepped through, an
    // exercise with queue tiles and its graded result.
    const STATES = [
      ['a timeline lane menu, open', './?lang=en#/timeline', async (page) => {
        await page.locator('.tl-menu summary').first().click();
        await expect(page.locator('.tl-menu[open] .tl-menu-items')).toBeVisible();
      }],
      ['a timeline prediction, graded', './?lang=en&tl_scenario=crash&tl_t=590&tl_speed=64&tl_predict=1#/timeline', async (page) => {
        await page.locator('#tl-play').click();
        await expect(page.locator('#tl-predict-show')).toBeVisible({ timeout: 30_000 });
        await page.locator('.tl-pick').first().click();
        await page.locator('#tl-predict-show').click();
        await expect(page.locator('#tl-predict-status')).toContainText('You picked', { timeout: 20_000 });
      }],
      ['the playground after "Add consumer"', './?lang=en&pg_q=16&pg_c=5#/', async (page) => {
        await page.getByRole('button', { name: 'Add consumer' }).click();
        await expect(page.locator('.pg-tile.is-moved').first()).toBeAttached();
      }],
      ['the playground asking which queues will move, then stepping', './?lang=en&pg_q=16&pg_c=5&pg_pr=1#/', async (page) => {
        await page.getByRole('button', { name: 'Add consumer' }).click();
        await expect(page.locator('.pg-tile-button[aria-pressed]').first()).toBeVisible();
        await page.getByRole('button', { name: 'Show', exact: true }).click();
        await page.getByRole('button', { name: 'Step through' }).click();
        await expect(page.locator('#pg-step-status')).toBeVisible();
      }],
      ['a troubleshoot symptom with its causes', './?lang=en&ts_s=lag-grows&ts_a=y#/troubleshoot', async (page) => {
        await expect(page.locator('.ts-settings').first()).toBeVisible();
      }],
      ['a lesson step with its task, its hint and the live page', './?lang=en#/learn/group/2', async (page) => {
        await expect(page.frameLocator('#ln-widget').locator('main h1')).toBeVisible({ timeout: 30_000 });
        await page.locator('.ln-check').click();
        await expect(page.locator('.ln-status')).toContainText('Not yet.');
      }],
      ['a graded exercise with queue tiles', './?lang=en&ex_id=assign_avg&ex_seed=1#/exercises', async (page) => {
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.locator('.ex-result')).toBeVisible();
      }],
      ['a mock interview question with its checklist', './?lang=en&iv_len=15&iv_seed=1#/interview', async (page) => {
        await page.locator('#iv-start').click();
        await page.locator('#iv-reveal').click();
        await expect(page.locator('.iv-points input').first()).toBeVisible();
      }],
      ['a mock interview computed part, graded, then the report', './?lang=en&iv_len=15&iv_seed=1#/interview', async (page) => {
        await page.locator('#iv-start').click();
        await page.locator('#iv-next').click();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.locator('.ex-result')).toBeVisible();
        expect(await overflow(page), 'the computed part scrolls sideways by').toBeLessThanOrEqual(0);
        expect(await smallTargets(page), 'touch targets under 44 × 44 in the computed part').toEqual([]);
        await page.locator('#iv-end').click();
        await expect(page.locator('#iv-report-title')).toBeVisible();
      }],
      ['a class: the builder with a link, then the student view with a code', './?lang=en#/class', async (page) => {
        await page.locator('.cl-topics input[type="checkbox"]').first().check();
        await page.locator('.cl-topics input[type="checkbox"]').nth(1).check();
        await expect(page.locator('#cl-link')).toBeVisible();
        expect(await overflow(page), 'the builder scrolls sideways by').toBeLessThanOrEqual(0);
        expect(await smallTargets(page), 'builder touch targets under 44 × 44').toEqual([]);
        await page.goto((await page.locator('#cl-link').textContent()) ?? '');
        await appReady(page);
        await page.locator('#cl-get-code').click();
        await expect(page.locator('#cl-code')).toBeVisible();
      }],
    ];
    for (const [what, url, act] of STATES) {
      test(`${what}: nothing runs off the screen and every touch target is 44 × 44`, async ({ page }) => {
        await page.goto(url);
        await appReady(page);
        await act(page);
        expect(await overflow(page), 'the page scrolls sideways by').toBeLessThanOrEqual(0);
        expect(await smallTargets(page), 'touch targets under 44 × 44').toEqual([]);
      });
    }
  });
}

// On a narrow screen the playground's and the timeline's controls dock at the bottom of the
// viewport (src/hooks/use_dock.rs): a bar with the most used ones, "More settings" opening
// the rest. The picture stays in view while the bar changes it.

/** The box of `locator` in viewport coordinates. */
async function box(locator) {
  const b = await locator.boundingBox();
  expect(b, 'a box on screen').not.toBeNull();
  return b;
}

/** The docked bar: sticky, its bottom edge on the viewport's, and where it starts. */
async function dockTop(page, dock) {
  expect(await dock.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const b = await box(dock);
  const inner = await page.evaluate(() => innerHeight);
  expect(Math.abs(b.y + b.height - inner), 'the bar sits on the bottom edge').toBeLessThanOrEqual(1);
  return b.y;
}

/** `locator` is entirely inside the viewport and above the docked bar. */
async function expectAboveDock(locator, top, what) {
  const b = await box(locator);
  expect(b.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, `${what}: bottom, above the bar at ${top}`).toBeLessThanOrEqual(top);
}

/** Waits until the tiles have stopped travelling (Web Animations). */
async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The texts of the bar that do not fit: a strategy name wider than the select, a button
 *  whose text overflows it. */
async function clippedInBar(dock) {
  return dock.evaluate((el) => {
    const select = el.querySelector('#pg-strategy');
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    const names = [...select.options].map((o) => o.text).filter((t) => ctx.measureText(t).width > room);
    const buttons = [...el.querySelectorAll('button')]
      .filter((b) => b.getBoundingClientRect().width > 0 && b.scrollWidth > b.clientWidth)
      .map((b) => b.textContent.trim());
    return [...names, ...buttons];
  });
}

/** The shown controls of the bar, by role and name. */
async function barControls(dock, roles) {
  return dock.evaluate((el, roles) => {
    const shown = [...el.querySelectorAll(roles)].filter((c) => c.getBoundingClientRect().width > 0);
    return shown.map((c) => c.getAttribute('aria-label') ?? (c.labels?.[0]?.textContent ?? c.textContent).trim());
  }, roles);
}

for (const viewport of PHONES) {
  test.describe(`docked controls, ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('playground: after "Add consumer" in the bar, the first lane and a moved tile are in view', async ({ page }) => {
      await page.goto('./?lang=en&pg_q=16&pg_c=5#/');
      await appReady(page);
      const dock = page.locator('.pg-controls');
      expect(await barControls(dock, 'button, select')).toEqual([
        'More settings', 'Strategy', 'Fewer queues', 'More queues', 'Add consumer', 'Remove consumer',
      ]);
      // Every strategy's whole name fits the bar's select (its text, padding and the arrow's
      // ~20 px), in both languages, and no bar button's text runs past its border.
      for (const lang of ['en', 'zh-CN']) {
        await page.goto(`./?lang=${lang}&pg_q=16&pg_c=5#/`);
        await appReady(page);
        expect(await clippedInBar(dock), lang).toEqual([]);
      }
      await page.goto('./?lang=en&pg_q=16&pg_c=5#/');
      await appReady(page);
      await expect(page.locator('#pg-queues')).toBeHidden();
      await dockTop(page, dock);
      await page.getByRole('button', { name: 'Add consumer' }).click();
      await expect(page.locator('.pg-lane')).toHaveCount(6);
      const moved = page.locator('.pg-lane .pg-tile.is-moved').first();
      await expect(moved).toBeAttached();
      await settled(page);
      const after = await dockTop(page, dock);
      await expectAboveDock(page.locator('.pg-lane').first(), after, 'the first lane');
      await expectAboveDock(moved, after, 'a moved tile');
      // The stepper changes the queue count by one, as the slider does.
      await page.getByRole('button', { name: 'More queues' }).click();
      await expect(page.locator('.pg-lane .pg-tile')).toHaveCount(17);
      await expect(page.locator('.pg-stepper-count strong')).toHaveText('17');
    });

    test('playground: "More settings" opens every control as a sheet, by keyboard too', async ({ page }) => {
      await page.goto('./?lang=en&pg_q=16&pg_c=5#/');
      await appReady(page);
      const more = page.getByRole('button', { name: 'More settings' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#pg-queues')).toBeVisible();
      await expect(page.getByLabel('Compare strategies')).toBeVisible();
      // The sheet's first control follows the toggle.
      await page.keyboard.press('Tab');
      await expect(page.locator('#pg-queues-range')).toBeFocused();
      expect(await overflow(page), 'the page scrolls sideways by').toBeLessThanOrEqual(0);
      expect(await smallTargets(page), 'touch targets under 44 × 44').toEqual([]);
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#pg-queues')).toBeHidden();
    });

    for (const [what, name] of [['play', 'Play'], ['next event', 'Next event']]) {
      test(`timeline: after ${what} in the bar, the first lane is in view`, async ({ page }) => {
        await page.goto('./?lang=en&tl_scenario=gc-pause&tl_speed=8#/timeline');
        await appReady(page);
        const dock = page.locator('.tl-top');
        expect(await barControls(dock, 'button, select')).toEqual([
          'More settings', 'Play', 'Step', 'Speed', 'Previous event', 'Next event',
        ]);
        const top = await dockTop(page, dock);
        await page.getByRole('button', { name, exact: true }).click();
        await expect.poll(() => page.locator('#tl-clock').getAttribute('data-tick').then(Number)).toBeGreaterThan(0);
        await expectAboveDock(page.locator('.tl-lane').first(), top, 'the first lane');
      });
    }

    test('timeline: "More settings" opens both cards as a sheet', async ({ page }) => {
      await page.goto('./?lang=en&tl_scenario=gc-pause#/timeline');
      await appReady(page);
      await expect(page.locator('#tl-scenario')).toBeHidden();
      const more = page.getByRole('button', { name: 'More settings' });
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#tl-scenario')).toBeVisible();
      await expect(page.locator('#tl-tick')).toBeAttached();
      await expect(page.getByRole('button', { name: 'Step back' })).toBeAttached();
      expect(await overflow(page), 'the page scrolls sideways by').toBeLessThanOrEqual(0);
      expect(await smallTargets(page), 'touch targets under 44 × 44').toEqual([]);
    });
  });
}

test('the page list is given', () => {
  expect(PAGES.length, 'E2E_PAGES is set by cargo xtask test').toBeGreaterThan(1);
});
