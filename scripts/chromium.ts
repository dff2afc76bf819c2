/**
 * How every tool here starts Chromium: the machine's Debian build (never a downloaded one), with
 * the flags that keep it quiet on a closed network. Used by Playwright, the bench and make-icons.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
