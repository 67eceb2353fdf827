// A copy of the release build in a temporary folder, served under a sub-path by a small
// server of the test's own, so a test can take the network away for real (close the server)
// and deploy a changed build (edit the copy). Used by offline.spec.mjs and a11y.spec.mjs.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const BASE = '/sub/offline/';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** Every file under `dir`, as paths relative to it with `/`. */
export function filesOf(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
}

/** Copies dist/ and serves the copy at http://127.0.0.1:PORT/sub/offline/. */
export async function serveCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'rebalance-lab-offline-'));
  cpSync(DIST, dir, { recursive: true });
  const requests = [];
  const sockets = new Set();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    requests.push(path);
    const inside = path.startsWith(BASE) ? path.slice(BASE.length) : null;
    const file = inside === '' ? 'index.html' : inside;
    if (file === null || file.split('/').includes('..') || !filesOf(dir).includes(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    response.end(readFileSync(join(dir, file)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}${BASE}`;
  return {
    url,
    dir,
    requests,
    /** The files the service worker should keep: every file but the worker itself, as URLs. */
    precached() {
      return filesOf(dir)
        .filter((file) => file !== 'sw.js')
        .map((file) => new URL(file === 'index.html' ? '' : file, url).href)
        .sort();
    },
    /**
     * Deploys a changed build, as `cargo xtask build` would write it: boot.js changed (so a
     * new hashed name), index.html naming it and carrying a marker the test can see, and the
     * worker listing the new name under a new version. The old boot.js is gone from the server.
     */
    deployChange(marker) {
      const oldBoot = filesOf(dir).find((file) => /^static\/boot-.*\.js$/.test(file));
      if (!oldBoot) throw new Error('dist/ holds no static/boot-*.js');
      const newBoot = `static/boot-e2e${marker}.js`;
      writeFileSync(join(dir, newBoot), `${readFileSync(join(dir, oldBoot), 'utf8')}\n// e2e build ${marker}\n`);
      rmSync(join(dir, oldBoot));
      const index = join(dir, 'index.html');
      const html = readFileSync(index, 'utf8').replace(oldBoot, newBoot);
      writeFileSync(index, html.replace('</head>', `<meta name="e2e-build" content="${marker}"></head>`));
      const worker = join(dir, 'sw.js');
      const text = readFileSync(worker, 'utf8').replace(`./${oldBoot}`, `./${newBoot}`);
      const version = text.match(/["']([0-9a-f]{16})["']/)?.[1];
      if (!version) throw new Error('sw.js holds no version');
      const next = [...version].map((digit) => ((parseInt(digit, 16) + 1) % 16).toString(16)).join('');
      writeFileSync(worker, text.replaceAll(version, next));
    },
    /** Stops answering: every open connection is cut, and new ones are refused. */
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until an activated service worker controls the page; returns the caches' names. */
export async function workerReady(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
  return page.evaluate(() => caches.keys());
}

/** The URLs the page's caches hold, by cache name. */
export function cachedUrls(page) {
  return page.evaluate(async () => {
    const found = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      found[name] = requests.map((request) => request.url).sort();
    }
    return found;
  });
}
