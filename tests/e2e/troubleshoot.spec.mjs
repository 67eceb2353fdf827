// End-to-end tests of the Troubleshoot page (#/troubleshoot) in the release build: one test
// per symptom (the list is read from the page's source, so a new symptom gets its test),
// answering a question and following a cause's live link to the state it names.
import { readFileSync } from 'node:fs';
import { test, expect, appReady } from './fixtures.mjs';

const TREE = readFileSync(new URL('../../src/pages/troubleshoot/tree.rs', import.meta.url), 'utf8');
const SYMPTOMS = [...TREE.matchAll(/symptom!\("([a-z-]+)", \[([^\]]*)\]\)/g)].map(([, id, causes]) => ({
  id,
  causes: [...causes.matchAll(/"([a-z-]+)"/g)].map(([, c]) => c),
}));

async function open(page, query = 'lang=en') {
  await page.goto(`./?${query}#/troubleshoot`);
  await appReady(page);
}

test('the symptom list is the source\'s', async ({ page }) => {
  expect(SYMPTOMS.length).toBeGreaterThanOrEqual(12);
  await open(page);
  await expect(page.locator('.ts-symptom')).toHaveCount(SYMPTOMS.length);
  await expect(page.locator('.ts-note')).toHaveText('Pick a symptom above.');
});

for (const { id, causes } of SYMPTOMS) {
  test(`symptom ${id}: the answers order the causes and the last cause opens live`, async ({ page }) => {
    await open(page);
    const button = page.locator(`.ts-symptom[data-symptom="${id}"]`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#ts-causes-heading')).toHaveText((await button.textContent()).trim());
    const cards = page.locator('.ts-cause');
    await expect(cards).toHaveCount(causes.length);
    await expect(cards.first()).toHaveAttribute('data-cause', causes[0]);

    // "Yes" to the last cause's question moves it up as likely; "No" to the first rules it out.
    const last = causes[causes.length - 1];
    await page.locator(`.ts-cause[data-cause="${last}"]`).getByRole('radio', { name: 'Yes', exact: true }).check();
    await expect(cards.first()).toHaveAttribute('data-cause', last);
    await expect(cards.first().locator('.ts-status')).toHaveText('Likely');
    if (causes.length > 1) {
      await page.locator(`.ts-cause[data-cause="${causes[0]}"]`).getByRole('radio', { name: 'No', exact: true }).check();
      await expect(cards.last()).toHaveAttribute('data-cause', causes[0]);
      await expect(cards.last().locator('.ts-status')).toHaveText('Ruled out');
    }
    const answers = causes.map((c, i) => (c === last ? 'y' : i === 0 ? 'n' : '-')).join('');
    await expect(page).toHaveURL(new RegExp(`ts_s=${id}&ts_a=${answers.replace(/-/g, '\\-')}`));

    // A reload keeps the symptom and the answers.
    await page.reload();
    await appReady(page);
    await expect(page.locator('.ts-cause').first()).toHaveAttribute('data-cause', last);

    // The live link opens its page in the state it names, with nothing refused.
    const link = page.locator('.ts-cause').first().locator('a.ts-live');
    const href = await link.getAttribute('href');
    await link.click();
    await appReady(page);
    const target = new URL(href, page.url());
    await expect(page).toHaveURL((url) => url.hash === target.hash);
    await expect(page.locator('.url-notices')).toHaveCount(0);
    const scenario = target.searchParams.get('tl_scenario');
    if (scenario) await expect(page.locator('#tl-scenario')).toHaveValue(scenario);
  });
}

test('Chinese: the page, a symptom and a cause\'s settings', async ({ page }) => {
  await open(page, 'lang=zh-CN&ts_s=dlq');
  await expect(page.locator('h1')).toHaveText('排查');
  await expect(page.locator('#ts-causes-heading')).toHaveText('消息进了 %DLQ%<group>');
  const row = page.locator('.ts-settings tbody tr').first();
  await expect(row.locator('th')).toHaveText('maxReconsumeTimes');
  await expect(row.locator('td').first()).toHaveText('-1 → 16');
  await expect(page.locator('a.ts-live')).toHaveText('在“时间线”页上观察');
});

test('a bad link is named and the rest is kept', async ({ page }) => {
  await open(page, 'lang=en&ts_s=lag-grows&ts_a=yx');
  await expect(page.locator('.ts-notices')).toContainText('ts_a');
  await expect(page.locator('.ts-cause').first().locator('.ts-status')).toHaveText('Likely');
  await open(page, 'lang=en&ts_s=no-such');
  await expect(page.locator('.ts-notices')).toContainText('ts_s');
  await expect(page.locator('.ts-note')).toHaveText('Pick a symptom above.');
});

test('screenshots of the Troubleshoot page, wide and on a phone', async ({ page }, testInfo) => {
  await open(page, 'lang=en&ts_s=lag-grows&ts_a=-y');
  await expect(page.locator('.ts-cause').first()).toBeVisible();
  const wide = testInfo.outputPath('troubleshoot.png');
  await page.screenshot({ path: wide, fullPage: true });
  await testInfo.attach('troubleshoot', { path: wide, contentType: 'image/png' });
  await page.setViewportSize({ width: 360, height: 740 });
  const phone = testInfo.outputPath('troubleshoot-phone.png');
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach('troubleshoot-phone', { path: phone, contentType: 'image/png' });
});
