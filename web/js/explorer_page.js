// The explore page (#/explore, explorer_state.js gives its URL): a picker
// of the archive's boards; then the position after a line of moves from
// the empty board (or a stored game's position, position=GAME:MOVE|node:ID)
// with the moves played next marked on the board and listed in a table,
// the line as breadcrumbs, the filters, and every game reaching the
// position. A click on a marked move (on the board or in the table) goes
// one move down; ← goes one move up, Home to the empty board. Each step
// is one /api/next request and one page of /api/games, asked ahead of the
// click for the most played moves and the move under a resting pointer
// (explorer_cache.js): a step then waits only for the drawing.
//
// Contract: createExplorePage(main, params) -> {update(params), destroy()}:
// update() shows the state a new URL of the page names (a step, the back
// button), keeping the board when it stays the same; destroy() cancels the
// requests in flight and removes the key handler.

import * as api from './api.js';
import { h } from './dom.js';
import { go, parse, replaceQuietly } from './router.js';
import { errorBox } from './errors.js';
import { createBoardColumn, boardTitle } from './explorer_board.js';
import { createContinuationTable, candidateMarks, candidateAt } from './continuation_table.js';
import { summary } from './explorer_panel.js';
import { createGamesList, gamesAsk } from './explorer_games.js';
import { createExplorerCache } from './explorer_cache.js';
import { lineCrumbs } from './explorer_line.js';
import { renderPicker, boardSelect } from './explorer_picker.js';
import { filterForm } from './explorer_filters.js';
import { readState, modeOf, stateHref, positionPairs, filterPairs, positionKey, atDepth, withMove, lineSeparator } from './explorer_state.js';

const SOURCES = { postings: 'from the explorer’s index', replay: 'by replaying the games', mixed: 'partly from the index, partly replayed', answer: 'from the explorer’s kept answers' };

export function createExplorePage(main, params) {
  const root = h('div', { class: 'explore-page' });
  const head = h('div', { class: 'explore-head' });
  const crumbs = h('div', { class: 'explore-crumbs' });
  const boardCol = h('section', { class: 'board-col', 'aria-label': 'Position' });
  const side = h('section', { class: 'side-col explore-side', 'aria-label': 'Moves played next' });
  const body = h('div', { class: 'explore-body' }, boardCol, side);
  // The table's rows of an answer asked ahead are made while the page is
  // idle (a fifth of a step's script otherwise).
  const whenIdle = (f, opts) => (window.requestIdleCallback ? window.requestIdleCallback(f, opts) : setTimeout(f, 50));
  const cache = createExplorerCache({
    onAhead: (kind, a) => { if (kind === 'next' && a.position) whenIdle(() => moves.prepare(a, a.position.board), { timeout: 500 }); },
  });
  const games = createGamesList({ compact: true, source: cache.games, afterFrame: true, onList: (list) => { state = { ...state, list }; replaceQuietly(stateHref(state)); } });
  main.replaceChildren(root);
  let state = null;
  let answer = null; // the /api/next answer shown
  let shown = null; // the state it answers (a move of it continues that line)
  const column = createBoardColumn(boardCol, (x, y) => { const m = answer && candidateAt(answer, x, y); if (m) follow(m); },
    (x, y) => restingOn(x === null ? null : answer && candidateAt(answer, x, y)));
  let controller = null;
  let boards = null; // GET /api/boards, asked once per page
  const boardList = () => { boards = boards || api.boards(); return boards; };
  // A step starts here rather than at the hashchange the new URL fires a
  // task and a frame later: its requests leave some 10 ms sooner. That
  // hashchange then finds the state shown and changes nothing.
  const goTo = (s) => {
    const hash = stateHref(s);
    update(parse(hash).params);
    go(hash);
  };

  // The state one move m down from the position shown.
  function after(m) {
    if (modeOf(shown) === 'line') return withMove(shown, m.move);
    return { ...shown, position: `node:${m.example_node}`, list: { ...shown.list, offset: 0 } };
  }

  function follow(m) {
    goTo(after(m));
  }

  // The request parameters naming state s's position and filters, and the
  // requests a step to s makes.
  const pairsOf = (s) => [...positionPairs(s), ...filterPairs(s)];
  function asksOf(s) {
    const pairs = pairsOf(s);
    return { next: pairs, games: gamesAsk(pairs, s.list) };
  }

  // The answers of a move the pointer rests on (kRestMs: not of every row
  // it crosses) are asked ahead, before those of the most played moves.
  const kRestMs = 40;
  const kAheadMoves = 2;
  let restTimer = 0;
  function restingOn(m) {
    clearTimeout(restTimer);
    if (m && shown) restTimer = setTimeout(() => cache.ahead([asksOf(after(m))]), kRestMs);
  }
  // Counts the steps: a step's asking ahead is dropped once another began.
  let ticket = 0;
  function askAhead(next, mine) {
    whenIdle(() => {
      if (mine === ticket && answer === next) cache.ahead(next.moves.slice(0, kAheadMoves).map((m) => asksOf(after(m))));
    }, { timeout: 300 });
  }

  function chooseBoard(b) {
    goTo({ ...readState(new URLSearchParams()), family: b.family, size: b.family === 'blokus' ? '' : String(b.columns), variant: b.variant || '', symmetric: state.symmetric, filters: state.filters });
  }

  function showPicker() {
    if (controller) controller.abort();
    root.replaceChildren(h('h1', {}, 'Explore'), h('p', { class: 'loading' }, 'Reading the archive’s boards…'));
    const asked = state;
    boardList().then((list) => {
      if (state !== asked) return;
      root.replaceChildren(h('h1', {}, 'Explore'), renderPicker(list, {
        hrefOf: (b) => stateHref({ ...state, family: b.family, size: b.family === 'blokus' ? '' : String(b.columns), variant: b.variant || '' }),
        onPosition: (text) => goTo({ ...state, position: text }),
      }));
    }).catch((e) => root.replaceChildren(h('h1', {}, 'Explore'), errorBox(e, 'boards')));
  }

  function renderHead() {
    const select = h('span', { class: 'board-pick' });
    boardList().then((list) => select.replaceChildren(boardSelect(list, modeOf(state) === 'line' ? state : null, chooseBoard))).catch(() => {});
    const position = modeOf(state) === 'position' ? (() => {
      const input = h('input', { id: 'explore-position', value: state.position, placeholder: 'GAME:MOVE or node:NODE_ID' });
      return h('form', { class: 'explore-form', onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) goTo({ ...state, position: input.value.trim() }); } },
        h('label', { for: 'explore-position' }, 'Position '), input, ' ', h('button', { type: 'submit' }, 'Explore'));
    })() : null;
    head.replaceChildren(...[h('h1', {}, h('a', { href: '#/explore', class: 'explore-home', title: 'Choose another board' }, 'Explore')), select, position,
      filterForm(state, (filters, symmetric) => goTo({ ...state, filters, symmetric, list: { ...state.list, offset: 0 } }))].filter(Boolean));
  }

  function renderCrumbs(board) {
    if (modeOf(state) === 'line') {
      crumbs.replaceChildren(lineCrumbs(state, board, (d) => stateHref(atDepth(state, d))));
      return;
    }
    crumbs.replaceChildren(h('nav', { class: 'explore-line', 'aria-label': 'The position' }, h('ol', {},
      h('li', {}, h('span', { class: 'crumb current' }, `Position ${state.position}`)),
      board.family ? h('li', {}, h('a', { class: 'crumb', href: stateHref({ ...state, position: '', family: board.family, size: board.family === 'blokus' ? '' : String(board.columns), variant: board.variant || '', line: [] }) },
        'Start from the empty board')) : null)));
  }

  // The count is replaced in place, the table patched (its rows kept), the
  // games list stays: putting it back into the page made the browser lay it
  // out again.
  let count = null;
  let table = null;
  const moves = createContinuationTable({
    onFollow: (m) => follow(m),
    onHover: (m) => { column.highlight(m ? m.move : null); restingOn(m); },
  });

  function showAnswer(s, next) {
    answer = next;
    shown = s;
    const pos = next.position;
    const board = pos.board;
    document.title = `ludex · explore ${boardTitle(pos)}`;
    renderCrumbs(board);
    column.show(pos, candidateMarks(next, board));
    const newCount = summary(next);
    newCount.dataset.line = s.line.join(lineSeparator(s.family));
    newCount.append(h('span', { class: 'source' }, ` · counted ${SOURCES[next.source] || next.source}`));
    const newTable = moves.show(next, board);
    if (count && table && count.parentNode === side && table.parentNode === side && games.element.parentNode === side) {
      count.replaceWith(newCount);
      if (newTable !== table) table.replaceWith(newTable);
    } else {
      side.replaceChildren(newCount, newTable, games.element);
    }
    count = newCount;
    table = newTable;
  }

  // aria-busy says a step is under way; the page dims (class "slow") only
  // when it lasts over 150 ms. A CSS transition with that delay did the
  // same, but every step then painted the board and the side column twice
  // (into a layer of their own and back).
  let slowTimer = 0;
  function setBusy(busy) {
    root.setAttribute('aria-busy', busy ? 'true' : 'false');
    clearTimeout(slowTimer);
    if (busy) slowTimer = setTimeout(() => root.classList.add('slow'), 150);
    else root.classList.remove('slow');
  }

  async function step() {
    if (controller) controller.abort();
    controller = new AbortController();
    const { signal } = controller;
    const s = state;
    const pairs = pairsOf(s);
    cache.stop();
    clearTimeout(restTimer);
    const mine = ++ticket;
    setBusy(true);
    const listed = games.load(pairs, s.list, { title: 'Games reaching this position' });
    try {
      const next = await cache.next(pairs, { signal });
      showAnswer(s, next);
      listed.then(() => askAhead(next, mine));
    } catch (e) {
      if (e.name === 'AbortError') return;
      answer = null;
      // The line stays to go back up; no board to label its moves with.
      renderCrumbs({ family: '' });
      column.clear();
      side.replaceChildren(errorBox(e, 'explore'), games.element);
    }
    setBusy(false);
  }

  const headKey = (s) => JSON.stringify([modeOf(s), s.family, s.size, s.variant, s.position, s.symmetric, s.filters]);

  function update(p) {
    const prev = state;
    state = readState(p);
    if (modeOf(state) === 'picker') {
      showPicker();
      return;
    }
    if (!prev || modeOf(prev) === 'picker') root.replaceChildren(head, crumbs, body);
    if (!prev || modeOf(prev) === 'picker' || headKey(prev) !== headKey(state)) renderHead();
    if (!prev || modeOf(prev) === 'picker' || positionKey(prev) !== positionKey(state)) step();
    else if (JSON.stringify(prev.list) !== JSON.stringify(state.list)) games.load(pairsOf(state), state.list);
  }

  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || modeOf(state) !== 'line') return;
    const t = e.target instanceof Element ? e.target : null;
    if (t && t.closest('input, select, textarea, [contenteditable]')) return;
    const depth = { ArrowLeft: state.line.length - 1, Home: 0 }[e.key];
    if (depth === undefined || depth < 0 || depth === state.line.length) return;
    e.preventDefault();
    goTo(atDepth(state, depth));
  }
  document.addEventListener('keydown', onKey);

  update(params);
  return {
    update,
    destroy() {
      if (controller) controller.abort();
      cache.stop();
      ticket += 1;
      clearTimeout(restTimer);
      clearTimeout(slowTimer);
      document.removeEventListener('keydown', onKey);
    },
  };
}
