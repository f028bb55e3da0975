// Screenshots of pages of a database, for the docs: node shoot.mjs LUDEX DB OUT_DIR NAME=#/path ...
// Serves DB with `ludex serve`, opens each hash in headless Chromium, waits
// for the page to finish loading (aria-busy false, boards drawn) and writes
// OUT_DIR/NAME.png of the whole page.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [LUDEX, DB, OUT, ...shots] = process.argv.slice(2);
const server = spawn(LUDEX, ['serve', '--db', DB, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
const BASE = await new Promise((resolve, reject) => {
  let buf = '';
  server.stdout.on('data', (d) => {
    buf += d;
    const m = /ludex serve: (http:\/\/\S+)/.exec(buf);
    if (m) resolve(m[1].replace(/\/$/, ''));
  });
  server.on('exit', (code) => reject(new Error(`ludex serve exited ${code}`)));
});
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ludex-shoot-')), {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = context.pages()[0] || (await context.newPage());
try {
  for (const shot of shots) {
    const at = shot.indexOf('=');
    const name = shot.slice(0, at);
    await page.goto(`${BASE}/${shot.slice(at + 1)}`);
    await page.waitForSelector('[aria-busy="false"]', { timeout: 30000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
    console.log(`${name}.png`);
  }
} finally {
  await context.close();
  server.kill();
}
