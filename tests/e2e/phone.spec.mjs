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
      ['a graded exercise with queue tiles', './?lang=en&ex_id=assign_avg&ex_seed=1#/exercises', async (page) => {
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.locator('.ex-result')).toBeVisible();
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

test('the page list is given', () => {
  expect(PAGES.length, 'E2E_PAGES is set by cargo xtask test').toBeGreaterThan(1);
});
