// Benchmark, not a test: how fast the allocation playground repaints after a slider input
// at 256 queues / 64 consumers, for every strategy (and BROADCASTING), and in a small group
// (8 queues / 3 consumers, the first strategy of PERF_MODES). It never asserts a timing; it
// prints the first-render time and p50/p95 of "input event → the next frame is rendered
// (style, layout, paint, commit)" for three ways of moving the consumers slider between 64 and
// 63 (the small group: between 3 and 2):
// - drag: the mouse holds the thumb and moves, as a reader drags a slider. Chromium aligns
//   pointer moves to frames, so the sample is the page's work for the input (script, style,
//   layout, paint) inside the frame that shows it: this is the number the 16 ms goal is about.
//   The inputs of a drag come less than 150 ms apart, a burst: the tiles go straight to their
//   new lanes (src/pages/playground/flip.rs), except after the first input.
// - keys: ArrowLeft / ArrowRight. A key press arrives between frames, so its sample also holds
//   the wait for the next frame; the first row, a page with nothing but a slider, shows that
//   floor (about 14 ms here). Held down, the inputs come faster than 150 ms: a burst.
// - step: dragged one value at a time with a 1 s rest between (longer than a tile travels): every change is a single
//   one, so its tiles travel (Web Animations start in that frame). Run it with `cargo xtask perf`, or against a served release build:
//
//   node xtask/perf/playground.mjs http://127.0.0.1:8080/
//
// Uses Debian's Chromium with the e2e suite's flags (tests/e2e/chromium.mjs). PERF_ROUNDS,
// PERF_MODES (comma list), PERF_REDUCED_MOTION=1, PERF_TRACE=1 (per-thread breakdown of the
// dragged inputs; PERF_TRACE=steps: of the single steps; PERF_TRACE_CATEGORIES=v8,toplevel
// adds trace categories; PERF_TRACE_WINDOWS=1 counts only the work inside the samples and
// splits each sample into the main thread's part and the frame's raster and draw),
// PERF_STEPS (single steps with a rest between, which travel; 0 skips them), PERF_FIRST
// (fresh loads per page for the first-render table at the end; 0 skips it), PERF_SMALL (0
// skips the small group's row, `only` measures only it) and PERF_CPU_THROTTLE (Chromium's CPU
// slowdown factor, e.g. 4 for a mid-range phone, applied to every page measured, first
// renders included) tune a run. PERF_JSON=1 prints every row as JSON at the end.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/chromium.mjs';

const base = process.argv[2] || process.env.PERF_BASE_URL;
if (!base) {
  console.error('usage: node xtask/perf/playground.mjs BASE_URL   (or set PERF_BASE_URL)');
  process.exit(2);
}
const ROUNDS = Number(process.env.PERF_ROUNDS || 80);
const MODES = (process.env.PERF_MODES ||
  'AVG,AVG_BY_CIRCLE,CONSISTENT_HASH,MACHINE_ROOM_NEARBY,MACHINE_ROOM,CONFIG,BROADCASTING').split(',');

// PERF_CPU_THROTTLE=4: DevTools' CPU throttling (`Emulation.setCPUThrottlingRate`), the
// slowdown DevTools offers as "mid-tier mobile". 1 (or unset) runs at the machine's speed.
const THROTTLE = Number(process.env.PERF_CPU_THROTTLE || 1);
if (!(THROTTLE >= 1)) {
  console.error(`PERF_CPU_THROTTLE must be a number >= 1, got ${JSON.stringify(process.env.PERF_CPU_THROTTLE)}`);
  process.exit(2);
}
// PERF_TRACE_WINDOWS=1: PERF_TRACE counts only the work inside the samples (see printTrace).
const WINDOWS = process.env.PERF_TRACE_WINDOWS === '1';
// PERF_SMALL=0 skips the small group (8 queues / 3 consumers), PERF_SMALL=only measures it alone.
const SMALL = process.env.PERF_SMALL !== '0';
const BIG = process.env.PERF_SMALL !== 'only';

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

// A new page in `context`, CPU-throttled by PERF_CPU_THROTTLE before anything loads (the CDP
// session is kept with the page: the emulation ends with its session).
async function newPage(context) {
  const page = await context.newPage();
  if (THROTTLE > 1) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    page.__throttle = session;
  }
  return page;
}

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

// PERF_TRACE=1: a Chromium trace of the dragged inputs, summed per thread and event name as
// self time (an event's time minus its children's on the same thread), per input: where
// the browser's own work ("(program)" in a CPU profile) goes — style, layout, paint, layerize,
// commit on the main thread, and the compositor's and raster threads' share of the 2 cores.
// The time is the thread's CPU time (`tdur`) where the trace has it, so other load on the
// machine (which stretches wall time while a thread waits for a core) counts less; wall time
// (`dur`) otherwise. With PERF_TRACE_WINDOWS=1 only the events that start inside a sample
// (between the probe's `perf-in` and `perf-out` marks) count: the work of the inputs
// themselves, without what runs between them (a travel's later frames, timers, the
// harness's polling). Returns the total per thread name, ms per input.
function printTrace(mode, events, inputs) {
  const names = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const marks = (name) => events.filter((e) => e.name === name).map((e) => e.ts).sort((a, b) => a - b);
  const outs = marks('perf-out');
  const windows = marks('perf-in').map((t) => [t, outs.find((o) => o > t) ?? t]);
  const inSample = (e) => !WINDOWS || windows.some(([from, to]) => e.ts >= from && e.ts < to);
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || typeof e.dur !== 'number' || !inSample(e)) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const cost = (e) => (typeof e.tdur === 'number' ? e.tdur : e.dur);
  const rows = [];
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const self = new Map();
    const stack = [];
    for (const e of list) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent.name, (self.get(parent.name) || 0) - cost(e));
      self.set(e.name, (self.get(e.name) || 0) + cost(e));
      stack.push(e);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    rows.push({ thread: names.get(key) || key, total, self });
  }
  rows.sort((a, b) => b.total - a.total);
  // Inside the samples, per input traced: the drag's first moves, which find the slider's
  // values, are inputs too.
  const count = WINDOWS ? Math.max(1, windows.length) : inputs;
  const perInput = (us) => (us / 1000 / count).toFixed(2).padStart(6);
  const cpu = events.some((e) => e.ph === 'X' && typeof e.tdur === 'number') ? 'thread CPU' : 'wall';
  const within = WINDOWS ? `, inside the samples of ${windows.length} inputs` : '';
  console.log(`  ${mode}: trace, ms per input (self time, ${cpu}${within}), busiest threads`);
  for (const { thread, total, self } of rows.slice(0, 6)) {
    const top = [...self].filter(([, us]) => us > 0).sort((a, b) => b[1] - a[1]).slice(0, 9);
    console.log(`  ${thread.padEnd(22)}${perInput(total)}  ${top.map(([n, us]) => `${n} ${perInput(us).trim()}`).join(', ')}`);
  }
  const totals = {};
  for (const { thread, total } of rows) totals[thread] = (totals[thread] || 0) + Number(perInput(total));
  if (WINDOWS) printFrames(mode, events, names, windows);
  return totals;
}

// With PERF_TRACE_WINDOWS=1: when the frame that shows each input was done on the main thread
// and when it was drawn, in ms after the input (p50 / p95 over the inputs traced). "Main
// thread done": the end of the first commit after the input (the page's script, style,
// layout, paint and the hand-over to the compositor). "Drawn": the compositor's first draw
// after that commit's tree was activated (its new content rastered), when the frame can reach
// the screen. The probe's sample ends between the two: its message task runs after the
// commit, sometimes while the frame still waits for raster.
function printFrames(mode, events, names, windows) {
  const on = (thread) => (e) => names.get(`${e.pid}:${e.tid}`) === thread;
  const [main, compositor] = [on('CrRendererMain'), on('Compositor')];
  const timed = events.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const done = [];
  const drawn = [];
  for (const [from] of windows) {
    const commit = timed.find((e) => main(e) && e.name === 'Commit' && e.ts > from);
    if (!commit) continue;
    done.push((commit.ts + commit.dur - from) / 1000);
    const activated = timed.find((e) => compositor(e) && e.name === 'LayerTreeHostImpl::ActivateSyncTree' && e.ts > commit.ts);
    const draw = activated && timed.find((e) => compositor(e) && e.name === 'ProxyImpl::ScheduledActionDraw' && e.ts > activated.ts);
    if (draw) drawn.push((draw.ts + draw.dur - from) / 1000);
  }
  if (!done.length) return;
  const pair = (samples) => {
    if (!samples.length) return '-';
    const { p50, p95 } = stats(samples);
    return `${ms(p50).trim()} / ${ms(p95).trim()}`;
  };
  console.log(
    `  ${mode}: frame of each input, ms after it (p50 / p95): main thread done ${pair(done)}, drawn ${pair(drawn)}` +
      ` (${drawn.length} of ${windows.length} inputs)`,
  );
}

// Starts a Chromium trace of `page`; the function returned ends it and prints it (see
// printTrace) for `inputs` inputs.
async function traceInputs(context, page, name, inputs) {
  const events = [];
  const tracer = await context.newCDPSession(page);
  tracer.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
  await tracer.send('Tracing.start', {
    traceConfig: { includedCategories: ['blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'viz', 'blink', ...(process.env.PERF_TRACE_CATEGORIES ? process.env.PERF_TRACE_CATEGORIES.split(',') : [])] },
    transferMode: 'ReportEvents',
  });
  return async () => {
    await tracer.send('Tracing.end');
    await complete;
    return printTrace(name, events, inputs);
  };
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (x) => (x === undefined ? '      -' : x.toFixed(1).padStart(7));
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted[sorted.length - 1] };
};

// Installs the probe: for every `input` event on the slider (capture phase, before the app
// sees it), the time from the event until the next frame has been rendered: a task posted
// from that frame's animation-frame callback runs after the frame's style, layout, paint and
// commit, so all of the page's work for the input is inside the sample. The sample's start
// and end are also marked in the trace (`perf-in`, `perf-out`; see PERF_TRACE_WINDOWS).
async function installProbe(page, id) {
  await page.evaluate((id) => {
    window.__samples = [];
    window.__starts = [];
    const channel = new MessageChannel();
    let pending = [];
    channel.port1.onmessage = () => {
      const now = performance.now();
      performance.mark('perf-out');
      for (const start of pending) window.__samples.push(now - start);
      pending = [];
    };
    document.addEventListener(
      'input',
      (event) => {
        if (event.target.id !== id) return;
        const start = performance.now();
        performance.mark('perf-in');
        window.__starts.push(start);
        requestAnimationFrame(() => {
          pending.push(start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
  }, id);
}

// Drag: the mouse holds the slider's thumb and moves it between two values, as a reader drags
// it. Chromium delivers pointer moves aligned to animation frames, so each input is handled at
// the start of a frame and the sample is the page's own work until that frame's layout.
// With `pause` (ms), the mouse rests between moves: every input is a single change, which
// travels (a burst of changes less than 150 ms apart does not: src/pages/playground/flip.rs).
// The slider moves between its value now (`high`) and one less; the value must be above the
// slider's minimum.
async function drag(page, id, rounds, pause = 0) {
  const slider = page.locator(`#${id}`);
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const value = () => slider.evaluate((el) => Number(el.value));
  const [min, max, high] = await slider.evaluate((el) => [Number(el.min), Number(el.max), Number(el.value)]);
  // Start on the thumb: at the right end for the maximum, else about where the value sits on
  // the track; once pressed, the value follows the pointer's x only after it moves (a thumb
  // grabbed off its centre shifts where each value is), so move, then step to the x that
  // reads `high`…
  let right = box.x + box.width - 2;
  if (high < max) right = box.x + ((high - min) / (max - min)) * box.width;
  await page.mouse.move(right, y);
  await page.mouse.down();
  await page.mouse.move(right - 0.5, y);
  await page.mouse.move(right, y);
  for (let dx = 1; dx < box.width && (await value()) < high; dx += 1) await page.mouse.move((right += 1), y);
  for (let dx = 1; dx < box.width && (await value()) > high; dx += 1) await page.mouse.move((right -= 1), y);
  // …and the x that reads `high - 1`.
  let left = right;
  for (let dx = 1; dx < box.width && (await value()) !== high - 1; dx += 1) {
    left = right - dx;
    await page.mouse.move(left, y);
  }
  await page.mouse.move(right, y);
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.__samples = [];
    window.__starts = [];
  });
  for (let i = 0; i < rounds; i += 1) {
    await page.mouse.move(i % 2 === 0 ? left : right, y);
    await page.waitForFunction((n) => window.__samples.length >= n, i + 1, { polling: 'raf' });
    if (pause) await page.waitForTimeout(pause);
  }
  await page.mouse.up();
  return page.evaluate(() => window.__samples);
}

// Keys: ArrowLeft / ArrowRight on the focused slider. Key presses are not aligned to frames,
// so each sample also holds the wait for the next frame (see the empty page's row).
async function keys(page, id, rounds) {
  await page.focus(`#${id}`);
  await page.evaluate(() => (window.__samples = []));
  for (let i = 0; i < rounds; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
    await page.waitForFunction((n) => window.__samples.length >= n, i + 1);
  }
  return page.evaluate(() => window.__samples);
}

const header =
  'strategy              first render |  drag p50   p95   max |  keys p50   p95   max |  step p50   p95   max | tiles';
const throttled = THROTTLE > 1 ? `, CPU throttled ${THROTTLE}×` : '';
console.log(
  `playground repaint benchmark: 256 queues, 64 consumers, 4 brokers, ${ROUNDS} slider inputs each way${throttled}` +
    (SMALL ? `; the small group (8 / 3) under ${MODES[0]}` : ''),
);
console.log(header);
const row = (name, first, dragged, keyed, stepped, tiles) =>
  console.log(
    `${name.padEnd(22)}${ms(first)}      |${ms(dragged.p50)}${ms(dragged.p95)}${ms(dragged.max)} |` +
      `${ms(keyed.p50)}${ms(keyed.p95)}${ms(keyed.max)} |${ms(stepped.p50)}${ms(stepped.p95)}${ms(stepped.max)} | ${tiles}`,
  );
// Single steps: the slider dragged one value at a time with a rest between (each change travels).
const STEPS = Number(process.env.PERF_STEPS ?? 20);
const STEP_PAUSE_MS = 1000;
const rows = [];

// The floor: the same probe on a page holding nothing but a slider.
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  await page.setContent('<input type="range" id="floor" min="0" max="64" value="64" style="width: 640px">');
  await installProbe(page, 'floor');
  // PERF_TRACE=1: the harness's own share of a traced input (probe, pointer, polling).
  const stopTrace = process.env.PERF_TRACE && process.env.PERF_TRACE !== 'steps'
    ? await traceInputs(context, page, '(a bare slider)', ROUNDS) : null;
  const dragged = stats(await drag(page, 'floor', ROUNDS));
  if (stopTrace) await stopTrace();
  const keyed = stats(await keys(page, 'floor', ROUNDS));
  const stepped = STEPS > 0 ? stats(await drag(page, 'floor', STEPS, STEP_PAUSE_MS)) : {};
  row('(a bare slider)', undefined, dragged, keyed, stepped, 0);
  rows.push({ mode: 'floor', throttle: THROTTLE, drag: dragged, keys: keyed, steps: stepped });
  await context.close();
}

// Opens `url` in `page` and returns when `selector` first matched, in ms since navigation
// started. A MutationObserver installed before the page's own scripts sees the element
// arrive and reports the time on the console; the harness waits for that message and runs
// nothing in the page meanwhile (a `waitForSelector` would inject Playwright's selector
// engine into the page and poll it: main-thread work during the load that no reader's
// browser does). Waits for the element, not for `load`: one slow stylesheet must not stall
// the benchmark.
async function openAndTime(page, url, selector) {
  await page.addInitScript((selector) => {
    const seen = () => {
      if (window.__shown || !document.querySelector(selector)) return;
      window.__shown = performance.now();
      console.log(`perf:shown ${window.__shown}`);
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true });
  }, selector);
  const shown = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('perf:shown '), timeout: 60_000 });
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await shown).text().slice('perf:shown '.length));
}

// One row: the playground opened with `queues` queues, `consumers` consumers (the consumers
// slider moves between that and one less) and 4 brokers under `mode`.
async function measure(mode, queues, consumers) {
  const name = queues === 256 && consumers === 64 ? mode : `${mode} ${queues}/${consumers}`;
  // PERF_REDUCED_MOTION=1 measures without the travel animation (render cost alone).
  const reducedMotion = process.env.PERF_REDUCED_MOTION ? 'reduce' : 'no-preference';
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion });
  const page = await newPage(context);
  page.on('pageerror', (error) => console.error(`${name}: page error: ${error.message}`));
  const url = new URL(base);
  url.search = `?lang=en&pg_q=${queues}&pg_c=${consumers}&pg_b=4&pg_s=${mode}&pg_cfg=${['a0', 'a1', 'b0', 'c0'].join(',')}`;
  url.hash = '#/';
  // First render: when the first lane appears, in ms since navigation started.
  const firstRender = await openAndTime(page, url.href, '.pg-lane');
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
        firstLanes: window.__shown,
      };
    });
    console.log(`  ${name}: first render phases, ms: ${Object.entries(phases).map(([k, v]) => `${k} ${v?.toFixed(0)}`).join(', ')}`);
  }
  const tiles = await page.locator('.pg-tile').count();
  await installProbe(page, 'pg-consumers-range');
  // PERF_PROFILE=1: sample the CPU during the dragged inputs and print the functions with the
  // most self time (build with `cargo xtask perf` and PERF_PROFILE=1 so the wasm keeps its names).
  const cdp = process.env.PERF_PROFILE ? await context.newCDPSession(page) : null;
  let metricsBefore;
  if (cdp) {
    await cdp.send('Performance.enable');
    metricsBefore = await metrics(cdp);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  // PERF_TRACE=1 traces the dragged inputs, PERF_TRACE=steps the single steps.
  const startTrace = (inputs) => traceInputs(context, page, name, inputs);
  const traced = process.env.PERF_TRACE;
  const stopDragTrace = traced && traced !== 'steps' ? await startTrace(ROUNDS) : null;
  const dragged = stats(await drag(page, 'pg-consumers-range', ROUNDS));
  const trace = stopDragTrace ? await stopDragTrace() : undefined;
  // A drag is a burst only while its inputs come less than 150 ms apart (flip.rs's BURST_MS);
  // on a loaded machine or a throttled CPU the harness may be slower, and then inputs travel.
  dragged.burst = await page.evaluate(() => {
    const gaps = window.__starts.slice(1).map((t, i) => t - window.__starts[i]);
    return gaps.filter((gap) => gap < 150).length / Math.max(1, gaps.length);
  });
  if (dragged.burst < 0.95) {
    console.log(`  ${name}: only ${(100 * dragged.burst).toFixed(0)}% of the dragged inputs came < 150 ms apart (a burst); the others travelled`);
  }
  if (cdp) {
    printProfile(name, (await cdp.send('Profiler.stop')).profile);
    const after = await metrics(cdp);
    const per = (metric) => (((after[metric] - metricsBefore[metric]) * 1000) / ROUNDS).toFixed(1);
    console.log(
      `  ${name}: per input, ms: script ${per('ScriptDuration')}, style ${per('RecalcStyleDuration')}, ` +
        `layout ${per('LayoutDuration')}, all tasks ${per('TaskDuration')}`,
    );
  }
  const keyed = stats(await keys(page, 'pg-consumers-range', ROUNDS));
  const stopStepTrace = traced === 'steps' && STEPS > 0 ? await startTrace(STEPS) : null;
  const stepped = STEPS > 0 ? stats(await drag(page, 'pg-consumers-range', STEPS, STEP_PAUSE_MS)) : {};
  const stepTrace = stopStepTrace ? await stopStepTrace() : undefined;
  row(name, firstRender, dragged, keyed, stepped, tiles);
  rows.push({
    mode, queues, consumers, throttle: THROTTLE, firstRender, drag: dragged, keys: keyed, steps: stepped, tiles,
    ...(trace || stepTrace ? { trace: trace || stepTrace } : {}),
  });
  await context.close();
}

if (BIG) for (const mode of MODES) await measure(mode, 256, 64);
// The small group: a drag here costs what every input costs whatever the group's size.
if (SMALL) await measure(MODES[0], 8, 3);
// First render of each page, as a reader opens a link: navigation start → the page's content
// in the DOM (an exercise link: its prompt). Each load in a fresh context (nothing cached);
// median and max of PERF_FIRST loads (default 5). PERF_FIRST=0 skips it.
const FIRST = Number(process.env.PERF_FIRST ?? 5);
const PAGES = [
  ['playground', '?lang=en#/', 'main h1'],
  ['offsets', '?lang=en#/offsets', 'main h1'],
  ['planner', '?lang=en#/planner', 'main h1'],
  ['exercises (overview)', '?lang=en#/exercises', '[data-exercise]'],
  ['exercises (a link)', '?lang=en&ex_id=drain_time&ex_seed=1#/exercises', '.ex-prompt'],
  ['exercises (zh-CN link)', '?lang=zh-CN&ex_id=drain_time&ex_seed=1#/exercises', '.ex-prompt'],
  ['timeline', '?lang=en#/timeline', 'main h1'],
  ['troubleshoot', '?lang=en#/troubleshoot', 'main h1'],
  ['learn', '?lang=en#/learn', 'main h1'],
  ['interview', '?lang=en#/interview', 'main h1'],
  ['class', '?lang=en#/class', 'main h1'],
];
if (FIRST > 0) {
  console.log(`first render per page, ms since navigation start (median / max of ${FIRST} fresh loads${throttled}):`);
  for (const [name, query, selector] of PAGES) {
    const times = [];
    for (let i = 0; i < FIRST; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      const page = await newPage(context);
      page.on('pageerror', (error) => console.error(`${name}: page error: ${error.message}`));
      times.push(await openAndTime(page, new URL(query, base).href, selector));
      await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`  ${name.padEnd(24)}${ms(median)} /${ms(times[times.length - 1])}`);
    rows.push({ mode: `first:${name}`, throttle: THROTTLE, firstRender: median, max: times[times.length - 1] });
  }
}
await browser.close();
if (process.env.PERF_JSON) console.log(JSON.stringify(rows));
