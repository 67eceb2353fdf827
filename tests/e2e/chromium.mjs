// Debian's Chromium and the flags it runs with, for the e2e suite (playwright.config.mjs) and the
// benchmark (xtask/perf/playground.mjs): headless as root, no GPU, no background traffic that
// could leave the site's origin. Never `npx playwright install` here.
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
