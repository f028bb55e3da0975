// Times the explore page's steps in headless Chromium: click to drawn.
//
//   node bench/explorer_steps.mjs --base http://127.0.0.1:8202 [--runs 9]
//        [--steps 2] [--row 0] [--dwell 0] [--families go,hex,twixt,duo]
//        [--vs http://127.0.0.1:8203] [--width 1280 --height 900]
//
// Each run opens a new page at a family's empty board, waits for it to be
// drawn and idle, then takes --steps steps, each a click on row --row of
// the moves table (0: the most popular move) after the pointer rested
// --dwell ms on it. A step's times are taken in the page from the click
// event's time stamp (the button's release, as Interaction to Next Paint
// counts a click): "moves" when the count and the table show the new
// position and a frame after that is out, "all" when the games list is
// drawn too; "next" and "games" are the ends of the /api/next and
// /api/games answers for the new position (Resource Timing) when they were
// asked after the press, "-" when they were asked ahead of it. With
// --vs, runs alternate between the two servers (the same page served by
// two builds), pair by pair. Prints the medians (min–max) per family and
// step, and the load average. Needs tests/web's playwright-core
// (npm ci --prefix tests/web) and Chromium at /usr/bin/chromium (or
// $CHROMIUM). A benchmark, not a test: nothing here fails on a time.

import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../tests/web/package.json'));
const { chromium } = require('playwright-core');

const FAMILIES = {
  go: 'family=go&size=19',
  hex: 'family=hex&size=13',
  twixt: 'family=twixt&size=24&symmetric=1',
  duo: 'family=blokus&variant=Blokus%20Duo',
};

function options(argv) {
  const o = { runs: 9, steps: 2, row: 0, dwell: 0, families: 'go,hex,twixt,duo', width: 1280, height: 900 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, '');
    if (!(k in o) && !['base', 'vs'].includes(k)) throw new Error(`unknown option ${argv[i]}`);
    o[k] = typeof o[k] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!o.base) throw new Error('--base URL is required');
  return o;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const span = (xs) => (xs.length ? `${Math.round(median(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})` : '-');

// Installed in the page before each step: records the click's time and,
// from an animation frame loop, the first frame after the moves and the
// games list show the new position: a task posted from the frame's
// callback runs after that frame is drawn (posted as user-blocking, so
// that it runs before the page's own tasks waiting for that frame; the
// Event Timing API's duration of the click, its "paint" below, agrees
// when the answers were at hand).
function arm(line) {
  const w = window;
  w.__step = { press: 0, down: 0, moves: 0, all: 0 };
  const st = w.__step;
  addEventListener('pointerdown', () => { st.press = performance.now(); }, { capture: true, once: true });
  addEventListener('click', (e) => { st.down = e.timeStamp; }, { capture: true, once: true });
  let pending = null;
  const stamp = () => { st[pending] = performance.now(); pending = null; };
  const post = window.scheduler && scheduler.postTask
    ? () => scheduler.postTask(stamp, { priority: 'user-blocking' })
    : () => { const ch = new MessageChannel(); ch.port1.onmessage = stamp; ch.port2.postMessage(0); };
  w.__events = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'click') w.__events.push(e.duration); })
    .observe({ type: 'event', durationThreshold: 16 });
  const done = () => {
    const count = document.querySelector('#explore-count');
    const root = document.querySelector('.explore-page');
    const games = document.querySelector('.explore-games');
    const moves = st.down && count && count.dataset.line !== line && root.getAttribute('aria-busy') === 'false';
    return { moves, all: moves && games.getAttribute('aria-busy') === 'false' };
  };
  const frame = () => {
    const d = done();
    if (!pending && !st.moves && d.moves) { pending = 'moves'; post(); }
    else if (!pending && st.moves && !st.all && d.all) { pending = 'all'; post(); }
    if (!st.all) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function readStep() {
  const st = window.__step;
  const line = document.querySelector('#explore-count').dataset.line;
  const ends = {};
  for (const e of performance.getEntriesByType('resource')) {
    const u = new URL(e.name);
    const p = u.pathname;
    if (e.startTime >= st.press - 1 && (p === '/api/next' || p === '/api/games') && u.searchParams.get('line') === line) ends[p.slice(5)] = e.responseEnd - st.down;
  }
  return { moves: st.moves - st.down, all: st.all - st.down, next: ends.next, games: ends.games, paint: window.__events[0] };
}

async function ready(page) {
  await page.waitForFunction(() => document.querySelector('#explore-count') &&
    document.querySelector('.explore-page')?.getAttribute('aria-busy') === 'false' &&
    document.querySelector('.explore-games')?.getAttribute('aria-busy') === 'false', null, { timeout: 30000 });
}

async function run(browser, base, query, o) {
  const page = await browser.newPage({ viewport: { width: o.width, height: o.height } });
  await page.goto(`${base}/#/explore?${query}`);
  await ready(page);
  await page.waitForTimeout(400);
  const steps = [];
  for (let k = 0; k < o.steps; k++) {
    const line = await page.getAttribute('#explore-count', 'data-line');
    const row = page.locator('tr.continuation').nth(o.row);
    await row.scrollIntoViewIfNeeded();
    const box = await row.boundingBox();
    await page.evaluate(() => performance.clearResourceTimings());
    await page.evaluate(arm, line);
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    if (o.dwell) await page.waitForTimeout(o.dwell);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => window.__step.all > 0, null, { timeout: 30000 });
    steps.push(await page.evaluate(readStep));
    await page.waitForTimeout(400);
  }
  await page.close();
  return steps;
}

async function main() {
  const o = options(process.argv.slice(2));
  const servers = o.vs ? [o.base, o.vs] : [o.base];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const loads = [];
  const results = {}; // family -> server -> step -> measure -> [ms]
  for (const fam of o.families.split(',')) {
    results[fam] = servers.map(() => Array.from({ length: o.steps }, () => ({ moves: [], all: [], paint: [], next: [], games: [] })));
    for (let i = 0; i < o.runs; i++) {
      for (let s = 0; s < servers.length; s++) {
        const order = i % 2 ? servers.length - 1 - s : s; // pairs in turn, alternating who goes first
        const steps = await run(browser, servers[order], FAMILIES[fam], o);
        loads.push(loadavg()[0]);
        steps.forEach((t, k) => {
          for (const m of ['moves', 'all', 'paint', 'next', 'games']) if (t[m] !== undefined) results[fam][order][k][m].push(t[m]);
        });
      }
    }
  }
  await browser.close();
  console.log(`click to drawn, ms: median (min–max) of ${o.runs} runs; row ${o.row}, dwell ${o.dwell} ms, viewport ${o.width}×${o.height}`);
  console.log(`load average during the runs: median ${median(loads).toFixed(1)}, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  for (const [fam, per] of Object.entries(results)) {
    per.forEach((steps, s) => {
      steps.forEach((t, k) => {
        const who = servers.length > 1 ? ` ${servers[s]}` : '';
        console.log(`${fam.padEnd(6)} step ${k + 1}${who}: moves ${span(t.moves)}  all ${span(t.all)}  paint ${span(t.paint)}  ` +
          `/api/next ${span(t.next)} (${t.next.length} asked)  /api/games ${span(t.games)} (${t.games.length} asked)`);
      });
    });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
