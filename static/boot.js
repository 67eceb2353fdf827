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
