// Debian's Chromium as every browser run here launches it (the e2e suites, Lighthouse): root needs
// --no-sandbox; the rest keeps Chromium from doing work of its own while it is measured.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
