// Starts the WebAssembly app. An external module, so the CSP needs no 'unsafe-inline'.
//
// The release build has one wasm per page of pages.toml (xtask/src/build.rs); `cargo xtask
// build` replaces the table below with { page: [glue, wasm, [stylesheets]] }, paths relative
// to this file, and LANDING with the landing page's name (the first of pages.toml).
// Every wasm holds both languages. A debug build has one bundle, `all`, with every page.
// index.html links only style.css; the page's own stylesheet comes from the table, so a
// visit loads no other page's CSS. The app reloads the document when the reader opens a page
// that another bundle holds (src/pages/mod.rs, OtherBundle).
const BUNDLES = /* xtask:bundles */ {};
const LANDING = /* xtask:landing */ '';

// The bundle for a `location.hash`; mirrors Route::from_hash and Route::bundle in
// src/router.rs: no hash or a hash that is not a path is the landing page, a page is at
// `#/<page>` (a page with sub-paths also below it: `#/learn/group/2`), and an unknown path
// (the not-found page) is in every bundle.
function bundleFor(hash) {
  if ('all' in BUNDLES) return 'all';
  const path = hash.replace(/^#/, '');
  if (!path.startsWith('/')) return LANDING;
  const page = path.split(/[?#]/)[0].split('/')[1].toLowerCase();
  return Object.hasOwn(BUNDLES, page) ? page : LANDING;
}

// The compiled module at `url`: streaming compilation as the bytes arrive, or, when the
// server sends the wasm with another Content-Type (some static hosts do), from the bytes.
async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch (error) {
    if (response.headers.get('Content-Type') === 'application/wasm') throw error;
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

// Adds <link rel="stylesheet"> for `href`; resolves when it has loaded or failed.
function addStylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(href, import.meta.url).href;
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => {
      console.error(`Rebalance Lab: stylesheet ${href} did not load`);
      resolve();
    });
    document.head.append(link);
  });
}

function showFailure(error) {
  console.error('Rebalance Lab failed to start:', error);
  // A Rust panic has already shown its own banner (src/panic_banner.rs).
  if (document.getElementById('panic-banner')) return;
  const status = document.querySelector('#app .boot-status');
  if (status) {
    status.classList.add('boot-failed');
    status.textContent =
      'Rebalance Lab could not start in this browser (it needs WebAssembly). ' +
      'Rebalance Lab 无法在此浏览器中启动（需要 WebAssembly）。';
  }
}

async function start() {
  const name = bundleFor(location.hash);
  const bundle = BUNDLES[name];
  if (!bundle) throw new Error(`no bundle for ${location.hash || '#/'} (was the site built with cargo xtask build?)`);
  document.documentElement.dataset.bundle = name;
  // Fetch and compile the wasm and fetch the stylesheets while the glue loads.
  const wasm = compile(new URL(bundle[1], import.meta.url));
  const styles = Promise.all((bundle[2] || []).map(addStylesheet));
  const { default: init } = await import(new URL(bundle[0], import.meta.url).href);
  // Render only once the page's styles apply (a missing stylesheet does not stop the app).
  await styles;
  await init({ module_or_path: await wasm });
}

start().catch(showFailure);

// Offline use: the service worker (../sw.js, see static/sw.js) keeps every built file. When a
// new version's worker is installed and waiting, a notice offers to reload; nothing reloads
// until the reader clicks, so an answer being typed is never lost. The texts come from
// src/i18n/<lang>/shell.toml; the notice follows the page's language (<html lang>).
const TEXTS = /* xtask:texts */ {};

function offerUpdate(worker) {
  if (document.querySelector('.update-notice')) return;
  const notice = document.createElement('div');
  notice.className = 'update-notice';
  notice.setAttribute('role', 'status');
  const text = document.createElement('p');
  const button = document.createElement('button');
  button.type = 'button';
  const translate = () => {
    const texts = TEXTS[document.documentElement.lang] || TEXTS.en;
    text.textContent = texts['update.available'];
    button.textContent = texts['update.reload'];
  };
  translate();
  new MutationObserver(translate).observe(document.documentElement, { attributeFilter: ['lang'] });
  button.addEventListener('click', () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
    worker.postMessage('skipWaiting');
  });
  notice.append(text, button);
  document.body.append(notice);
}

// Whether this page already runs `worker`'s version: its script (whose hashed name covers
// every page's wasm, glue and stylesheet) and its stylesheets are among the files the worker
// keeps. A page opened while the new version was deployed got it from the network already.
function runsVersionOf(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      const files = new Set(data.map((file) => new URL(file, worker.scriptURL).href));
      const own = [import.meta.url, ...[...document.styleSheets].map((sheet) => sheet.href).filter(Boolean)];
      resolve(own.every((url) => files.has(url)));
    };
    worker.postMessage('files', [channel.port2]);
  });
}

async function registerWorker() {
  const registration = await navigator.serviceWorker.register(new URL('../sw.js', import.meta.url));
  // Without a controller this is the first visit's worker, not a new version.
  const offer = async (worker) => {
    if (!worker || !navigator.serviceWorker.controller) return;
    if (await runsVersionOf(worker)) worker.postMessage('skipWaiting');
    else offerUpdate(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
  });
  // A page left open looks for a new version every hour (the browser itself looks only when
  // a page is opened); offline, the look fails quietly.
  setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
}

// After the page has loaded, so the worker's downloads never compete with the page's own.
if ('serviceWorker' in navigator) {
  const register = () => registerWorker().catch((error) => console.warn('Rebalance Lab: no offline use:', error));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
