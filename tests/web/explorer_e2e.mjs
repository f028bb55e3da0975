// The explore page in the browser (web_e2e.mjs runs it on its archive of
// the four families): from the board picker, down a line of moves from the
// empty board of Go, Hex, Twixt and a Blokus variant, clicking moves on the
// board and in the table. At every step the page's counts are `ludex next
// --line`'s (the games of each move and of the position) and its games list
// is `ludex query --line --first`'s; the back button, a reload and the
// breadcrumbs show the same counts again; each step asks /api/next at most
// once for its position, else only for positions one move after it or
// after the position before it (the answers asked ahead), and fetches no
// game; a move the pointer rested on is asked before the click and not
// again after it. Then the filters (in the URL and in every request),
// the games list sorted by result, and "Open in the explorer" from a game.
// Screenshots: explore-picker.png and explore-FAMILY.png.

import { join } from 'node:path';

export async function testExplorer({ page, BASE, DB, OUT, ludex, ludexJsonLines, check, apiGet }) {
  const boards = (await apiGet('/api/boards')).body;
  const sep = (fam) => (fam === 'blokus' ? ';' : ',');
  const where = (b) => (b.family === 'blokus' ? ['--variant', b.variant] : ['--size', String(b.columns)]);
  const lineArgs = (b, line) => (line.length ? ['--line', line.join(sep(b.family))] : []);

  // ludex next's answer for a line: its moves (JSON lines) and the
  // position's games (the table's header, "position H: N games (M nodes)").
  const cliNext = (b, line, extra = []) => {
    const args = ['next', '--db', DB, '--family', b.family, ...where(b), ...lineArgs(b, line), ...extra];
    const header = /: (\d+) games? \(/.exec(ludex(...args));
    return { moves: ludexJsonLines(...args, '--json'), games: header ? Number(header[1]) : NaN };
  };
  // The page asks for the empty line too (line=, the games through the
  // empty board: a handicap game's setup stones keep it out), so the count
  // always names its --line.
  const cliCount = (b, line, extra = []) =>
    Number(ludex('query', '--db', DB, '--family', b.family, ...where(b), '--line', line.join(sep(b.family)), '--first', '--count', ...extra).trim());

  // Waits for the page to show `line`, then compares it with the command line.
  async function checkStep(b, line, what, extra = []) {
    const text = line.join(sep(b.family));
    await page.waitForFunction((l) => document.querySelector('#explore-count')?.dataset.line === l &&
      document.querySelector('.explore-page')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('.explore-games')?.getAttribute('aria-busy') === 'false', text);
    // A long table shows its first moves and a button for the rest.
    const more = page.locator('button.show-all-moves');
    while (await more.count()) await more.first().click();
    const rows = await page.$$eval('tr.continuation', (rs) => rs.map((r) => `${r.dataset.move}=${r.dataset.games}`));
    const cli = cliNext(b, line, extra);
    const expected = cli.moves.map((m) => `${m.move}=${m.games}`);
    const games = Number(await page.getAttribute('#explore-count', 'data-games'));
    check(JSON.stringify(rows) === JSON.stringify(expected) && games === cli.games,
      `${b.family} ${what} [${text}]: ${cli.games} games, ${expected.length} moves with their games, as ludex next --line`,
      `page ${games} ${rows.join(' ')}\n  cli  ${cli.games} ${expected.join(' ')}`);
    const listed = Number(await page.getAttribute('.explore-games #hit-count', 'data-total'));
    const count = cliCount(b, line, extra);
    check(listed === count, `${b.family} [${text}]: the games list holds the ${count} games of ludex query --line --first`, `page ${listed}`);
    return cli;
  }

  // The move to follow: the next of a preferred line when it is played
  // (Hex: through the swap), else the first (most popular) one after which
  // the games go on, so that the line goes deep.
  const PREFER = { hex: ['B f6', 'W swap-pieces', 'B e7'] };
  const pick = (b, line, moves) => moves.find((m) => m.move === (PREFER[b.family] || [])[line.length]) ||
    moves.find((m) => cliNext(b, [...line, m.move]).moves.length) || moves[0];

  // Goes one move down by a click on the board: a point of the move (a
  // cell no more popular move covers); returns false when there is none.
  async function clickOnBoard(b, line, move) {
    const pairs = new URLSearchParams({ family: b.family, ...(b.family === 'blokus' ? { variant: b.variant } : { size: b.columns }) });
    if (line.length) pairs.set('line', line.join(sep(b.family)));
    const answer = (await apiGet(`/api/next?${pairs}`)).body;
    const k = answer.moves.findIndex((m) => m.move === move.move);
    const covered = new Set(answer.moves.slice(0, k).flatMap((m) => (m.points_xy || []).map(([x, y]) => `${x},${y}`)));
    const free = (answer.moves[k].points_xy || []).find(([x, y]) => !covered.has(`${x},${y}`));
    if (!free) return false;
    await page.locator(`.board-col svg.board .hit[data-x="${free[0]}"][data-y="${free[1]}"]`).click({ force: true });
    return true;
  }

  // Records the API requests of one step: {paths, lines}, lines counting
  // the /api/next and /api/games requests by "PATH LINE".
  async function requestsOf(action) {
    const seen = { paths: [], lines: new Map() };
    const note = (r) => {
      const u = new URL(r.url());
      if (!u.pathname.startsWith('/api/')) return;
      seen.paths.push(u.pathname);
      const key = `${u.pathname} ${u.searchParams.get('line')}`;
      if (u.pathname === '/api/next' || u.pathname === '/api/games') seen.lines.set(key, (seen.lines.get(key) || 0) + 1);
    };
    page.on('request', note);
    await action();
    page.off('request', note);
    return seen;
  }

  // --- the picker ------------------------------------------------------------
  await page.goto(`${BASE}/#/explore`);
  await page.waitForSelector('a.board-choice');
  const offered = await page.$$eval('a.board-choice', (as) => as.map((a) => `${a.dataset.family}|${a.dataset.size}|${a.dataset.variant}=${a.dataset.games}`));
  const square = boards.filter((b) => b.family === 'blokus' || b.columns === b.rows);
  check(offered.length === square.length && square.every((b) => offered.includes(`${b.family}|${b.family === 'blokus' ? '' : b.columns}|${b.variant}=${b.games}`)),
    `the picker offers the ${square.length} boards of /api/boards with their game counts`, offered.join(' '));
  const go19 = boards.find((b) => b.family === 'go' && b.columns === 19);
  check(go19 && go19.games === Number(ludex('query', '--db', DB, '--family', 'go', '--size', '19', '--count').trim()), 'the count of 19x19 Go is ludex query --count\'s');
  await page.screenshot({ path: join(OUT, 'explore-picker.png') });

  const largest = (fam, test = () => true) => boards.filter((b) => b.family === fam && test(b)).sort((a, b) => b.games - a.games)[0];
  const families = [go19, largest('hex', (b) => b.columns === 11), largest('twixt'), largest('blokus', (b) => b.variant === 'Blokus Duo')];
  for (const b of families) {
    if (!b) { check(false, 'a board of each family in the archive'); continue; }
    await page.goto(`${BASE}/#/explore`);
    const choice = b.family === 'blokus' ? `a.board-choice[data-variant="${b.variant}"]` : `a.board-choice[data-family="${b.family}"][data-size="${b.columns}"]`;
    await page.click(choice);
    const line = [];
    let cli = await checkStep(b, line, 'empty board');
    const marks = b.family === 'blokus' ? '.board-col .hint-piece' : '.board-col .hint:not(.minor)';
    const labelled = Math.min(12, cli.moves.filter((m) => m.kind === 'place').length);
    check(await page.locator(marks).count() === labelled, `${b.family}: the ${labelled} most played moves are labelled on the board`);
    for (let depth = 0; depth < 3 && cli.moves.length; depth++) {
      const move = pick(b, line, cli.moves);
      const byBoard = depth !== 1 && move.kind === 'place';
      const asked = await requestsOf(async () => {
        if (!(byBoard && await clickOnBoard(b, line, move))) {
          await page.locator(`tr.continuation[data-move="${move.move}"] button.follow`).click();
        }
        line.push(move.move);
        cli = await checkStep(b, line, `after a click ${byBoard ? 'on the board' : 'in the table'}`);
      });
      const text = line.join(sep(b.family));
      const lines = [...asked.lines.keys()].filter((k) => k.startsWith('/api/next ')).map((k) => k.slice(10));
      // A line one move after `from` (the moves asked ahead there).
      const after = (l, from) => {
        const moves = l.split(sep(b.family));
        return moves.length === from.length + 1 && moves.slice(0, -1).join(sep(b.family)) === from.join(sep(b.family));
      };
      check((asked.lines.get(`/api/next ${text}`) || 0) <= 1 && lines.every((l) => l === text || after(l, line) || after(l, line.slice(0, -1))) &&
        !asked.paths.some((p) => /^\/api\/games\/\d+/.test(p)),
        `${b.family}: a step asks /api/next at most once for its position, else for the moves after it or its siblings, and fetches no game`, `${asked.paths.join(' ')} lines ${lines.join(' | ')}`);
      const url = new URLSearchParams(page.url().split('?')[1] || '');
      check(url.get('line') === line.join(sep(b.family)) && url.get('family') === b.family, `${b.family}: the URL holds the line`, page.url());
    }
    const crumbs = await page.$$eval('.explore-line .crumb', (cs) => cs.map((c) => c.dataset.depth));
    check(crumbs.length === line.length + 1, `${b.family}: the breadcrumbs show the empty board and the ${line.length} moves`, crumbs.join(','));
    await page.screenshot({ path: join(OUT, `explore-${b.family}.png`) });
    if (line.length < 2) { check(false, `${b.family}: a line of two moves at least`); continue; }
    await page.goBack();
    await checkStep(b, line.slice(0, -1), 'after the back button');
    await page.reload();
    await checkStep(b, line.slice(0, -1), 'after a reload');
    await page.click('.explore-line a.crumb[data-depth="1"]');
    await checkStep(b, line.slice(0, 1), 'after a click on the first breadcrumb');
  }

  // --- asked ahead -----------------------------------------------------------
  // The pointer rests on the third move of the empty 19x19 board: its
  // answers are asked then, and the click asks nothing more for them.
  {
    const third = cliNext(go19, []).moves[2];
    await page.goto(`${BASE}/#/explore?family=go&size=19`);
    await checkStep(go19, [], 'before a pointer rests on a move');
    const askedAhead = (path) => page.waitForResponse((r) => { const u = new URL(r.url()); return u.pathname === path && u.searchParams.get('line') === third.move; });
    const both = Promise.all([askedAhead('/api/next'), askedAhead('/api/games')]);
    await page.hover(`tr.continuation[data-move="${third.move}"] button.follow`);
    await both;
    const asked = await requestsOf(async () => {
      await page.locator(`tr.continuation[data-move="${third.move}"] button.follow`).click();
      await checkStep(go19, [third.move], 'after a click on a move asked ahead');
    });
    check(!asked.lines.get(`/api/next ${third.move}`) && !asked.lines.get(`/api/games ${third.move}`),
      'a move the pointer rested on is asked before the click, not again after it', asked.paths.join(' '));
  }

  // --- filters, sorting the games, a link from a game ---------------------------
  const goLine = [cliNext(go19, []).moves[0].move];
  await page.goto(`${BASE}/#/explore?family=go&size=19&line=${encodeURIComponent(goLine[0])}`);
  await checkStep(go19, goLine, 'from a link');
  await page.fill('#explore-date-from', '2018');
  await page.fill('#explore-player', '*');
  await page.click('#explore-apply');
  await page.waitForFunction(() => location.hash.includes('date-from=2018') && location.hash.includes('player='));
  await checkStep(go19, goLine, 'with date-from=2018 and player=*', ['--date-from', '2018', '--player', '*']);
  await page.click('#explore-filters button.secondary'); // Clear
  await page.waitForFunction(() => !location.hash.includes('date-from'));
  await checkStep(go19, goLine, 'with the filters cleared');
  await page.click('.explore-games button.sort[data-sort="result"]');
  await page.waitForFunction(() => location.hash.includes('sort=result') && document.querySelector('.explore-games')?.getAttribute('aria-busy') === 'false');
  const byResult = await page.$$eval('.explore-games tr.hit', (rs) => rs.map((r) => Number(r.dataset.game)));
  const cliByResult = ludexJsonLines('query', '--db', DB, '--family', 'go', '--size', '19', '--line', goLine[0], '--first', '--sort', 'result', '--limit', '50', '--json').map((g) => g.game_id);
  check(byResult.length > 1 && JSON.stringify(byResult) === JSON.stringify(cliByResult), 'the games list sorts by result as ludex query --sort result', byResult.join(','));

  // A Go game's "Open in the explorer" at move 3: its line, and the counts
  // of ludex next at the game's position.
  const goGame = ludexJsonLines('query', '--db', DB, '--family', 'go', '--size', '19', '--moves-min', '10', '--json', '--limit', '1')[0];
  await page.goto(`${BASE}/#/game/${goGame.game_id}?node=3`);
  await page.waitForFunction(() => document.querySelector('#move-status')?.dataset.node === '3');
  await page.click('#tab-explore');
  await page.click('#open-explorer');
  await page.waitForFunction(() => location.hash.startsWith('#/explore?'));
  const opened = new URLSearchParams(page.url().split('?')[1]);
  const openedLine = (opened.get('line') || '').split(',').filter(Boolean);
  await page.waitForSelector('#explore-count');
  const atGame = /: (\d+) games? \(/.exec(ludex('next', '--db', DB, '--position', `${goGame.game_id}:3`));
  check(openedLine.length === 3 && Number(await page.getAttribute('#explore-count', 'data-games')) === Number(atGame[1]),
    `"Open in the explorer" at move 3 of game ${goGame.game_id} shows its line and its ${atGame[1]} games`, page.url());
}
