// Starts the WebAssembly app. An external module, so the CSP needs no 'unsafe-inline'.
// `cargo xtask build` rewrites the two `../pkg/` paths to their content-hashed names.
import init from '../pkg/rebalance_lab.js';

const wasm = new URL('../pkg/rebalance_lab_bg.wasm', import.meta.url);

init({ module_or_path: wasm }).catch((error) => {
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
});
