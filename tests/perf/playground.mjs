// Benchmark, not a test: how fast the allocation playground repaints after a slider input
// at 256 queues / 64 consumers, for every strategy (and BROADCASTING). It never asserts a
// timing; it prints p50/p95 of "input event → next animation frame (after layout)" and the
// first-render time. Run it with `cargo xtask perf`, or against a served release build:
//
//   node tests/perf/playground.mjs http://127.0.0.1:8080/
//
// Uses Debian's Chromium with the e2e suite's flags (tests/e2e/chromium.mjs). PERF_ROUNDS,
// PERF_MODES (comma list) and PERF_REDUCED_MOTION=1 tune a run.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.mjs';

const base = process.argv[2] || process.env.PERF_BASE_URL;
if (!base) {
  console.error('usage: node tests/perf/playground.mjs BASE_URL   (or set PERF_BASE_URL)');
  process.exit(2);
}
const ROUNDS = Number(process.env.PERF_ROUNDS || 80);
const MODES = (process.env.PERF_MODES ||
  'AVG,AVG_BY_CIRCLE,CONSISTENT_HASH,MACHINE_ROOM_NEARBY,MACHINE_ROOM,CONFIG,BROADCASTING').split(',');

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

// The functions with the most self time in a CDP CPU profile, as a share of all samples.
function printProfile(mode, profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (const id of profile.samples) {
    const { functionName, url } = byId.get(id).callFrame;
    const name = functionName || (url ? url.split('/').pop() : '(program)');
    self.set(name, (self.get(name) || 0) + 1);
  }
  const total = profile.samples.length;
  // Inclusive ("total") time: each sample counts once for every function on its stack.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children || []) parent.set(child, node.id);
  const inclusive = new Map();
  for (const id of profile.samples) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (name && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) || 0) + 1);
      }
    }
  }
  const pct = (count) => ((100 * count) / total).toFixed(1).padStart(5);
  const topInclusive = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PERF_PROFILE_TOP || 30));
  console.log(`  ${mode}: top total (inclusive) time of ${total} samples`);
  for (const [name, count] of topInclusive) console.log(`  ${pct(count)}%  ${name.slice(0, 110)}`);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PERF_PROFILE_TOP || 30));
  console.log(`  ${mode}: top self time of ${total} samples`);
  for (const [name, count] of top) console.log(`  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${name.slice(0, 110)}`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (x) => (x === undefined ? '-' : x.toFixed(1).padStart(7));

console.log(`playground repaint benchmark: 256 queues, 64 consumers, 4 brokers, ${ROUNDS} slider inputs each`);
console.log('strategy              first render   p50 ms   p95 ms   max ms   tiles');
const rows = [];
for (const mode of MODES) {
  // PERF_REDUCED_MOTION=1 measures without the travel animation (render cost alone).
  const reducedMotion = process.env.PERF_REDUCED_MOTION ? 'reduce' : 'no-preference';
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${mode}: page error: ${error.message}`));
  // First render: when the first lane appears, in ms since navigation started.
  await page.addInitScript(() => {
    const seen = () => {
      if (!window.__firstLanes && document.querySelector('.pg-lane')) window.__firstLanes = performance.now();
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true });
  });
  const url = new URL(base);
  url.search = `?lang=en&pg_q=256&pg_c=64&pg_b=4&pg_s=${mode}&pg_cfg=${['a0', 'a1', 'b0', 'c0'].join(',')}`;
  url.hash = '#/';
  // Wait for the lanes, not for `load`: one slow stylesheet must not stall the benchmark.
  await page.goto(url.href, { waitUntil: 'commit' });
  await page.waitForSelector('.pg-lane', { timeout: 60_000 });
  const firstRender = await page.evaluate(() => window.__firstLanes);
  // PERF_PROFILE: where the first render's time went (ms since navigation start).
  if (process.env.PERF_PROFILE) {
    const phases = await page.evaluate(() => {
      const end = (suffix) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(suffix))?.responseEnd;
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        html: nav?.responseEnd,
        domContentLoaded: nav?.domContentLoadedEventEnd,
        bootJs: performance.getEntriesByType('resource').find((e) => /boot-[0-9a-f]+\.js$/.test(e.name))?.responseEnd,
        wasm: end('.wasm'),
        firstLanes: window.__firstLanes,
      };
    });
    console.log(`  ${mode}: first render phases, ms: ${Object.entries(phases).map(([k, v]) => `${k} ${v?.toFixed(0)}`).join(', ')}`);
  }
  const tiles = await page.locator('.pg-tile').count();
  // In the page: input event (capture, before the app sees it) → next animation frame,
  // with a layout flush inside that frame so layout cost is counted.
  await page.evaluate(() => {
    window.__samples = [];
    document.addEventListener(
      'input',
      (event) => {
        if (event.target.id !== 'pg-consumers-range') return;
        const start = performance.now();
        requestAnimationFrame(() => {
          document.body.getBoundingClientRect();
          window.__samples.push(performance.now() - start);
        });
      },
      true,
    );
  });
  await page.focus('#pg-consumers-range');
  // PERF_PROFILE=1: sample the CPU during the inputs and print the functions with the most
  // self time (build with `cargo xtask perf` and PERF_PROFILE=1 so the wasm keeps its names).
  const cdp = process.env.PERF_PROFILE ? await context.newCDPSession(page) : null;
  let metricsBefore;
  if (cdp) {
    await cdp.send('Performance.enable');
    metricsBefore = await metrics(cdp);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  for (let i = 0; i < ROUNDS; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
    await page.waitForFunction((n) => window.__samples.length >= n, i + 1);
  }
  if (cdp) {
    printProfile(mode, (await cdp.send('Profiler.stop')).profile);
    const after = await metrics(cdp);
    const per = (name) => (((after[name] - metricsBefore[name]) * 1000) / ROUNDS).toFixed(1);
    console.log(
      `  ${mode}: per input, ms: script ${per('ScriptDuration')}, style ${per('RecalcStyleDuration')}, ` +
        `layout ${per('LayoutDuration')}, all tasks ${per('TaskDuration')}`,
    );
  }
  const samples = (await page.evaluate(() => window.__samples)).sort((a, b) => a - b);
  const row = {
    mode,
    firstRender,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    max: samples[samples.length - 1],
    tiles,
  };
  rows.push(row);
  console.log(
    `${mode.padEnd(22)}${ms(row.firstRender)}      ${ms(row.p50)}  ${ms(row.p95)}  ${ms(row.max)}   ${tiles}`,
  );
  await context.close();
}
await browser.close();
if (process.env.PERF_JSON) console.log(JSON.stringify(rows));
