// "Find this position": the games that reach a position and the moves
// played next there (`ludex next`), as the lichess opening explorer shows
// them. Used as a panel of the game page (the position after the current
// node) and as the explore page (#/explore?position=GAME:MOVE|node:ID
// &symmetric=1), where following a continuation shows the position after
// it (position=node:example_node) with its own continuations.
//
// Contract: continuationTable(next, board, onFollow) renders /api/next's
// answer (labels in the family's colours: B/W for Go and Hex, W/B for
// Twixt, Pentobi's colours for Blokus); hintsOf(next) gives the board
// marks (A, B, C... on the continuations' points).

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { href, go } from './router.js';
import { createBoard, canDraw } from './board_view.js';
import { staticPosition } from './position.js';
import { renderHits } from './hit_list.js';
import { errorBox } from './errors.js';
import { colourFill, colourName, colourLabel, pointText, FAMILY_NAMES } from './families.js';

const HINTS = 12;
const hintLetter = (k) => String.fromCharCode(65 + k);

// "Black" / "White" / "Blue and Red": the colours a seat plays.
export function seatColours(board, seat) {
  const cs = (board.colours || []).filter((c) => c.seat === seat).map((c) => c.color);
  if (!cs.length) return `seat ${seat}`;
  if (board.family === 'blokus') return cs.map((c) => colourName(board, c)).join('/');
  return colourLabel(board.family, cs[0]);
}

export function moveText(board, m) {
  if (m.kind === 'place' && m.points_xy && m.points_xy.length && board.column_labels) {
    const pts = m.points_xy.map(([x, y]) => pointText(board, x, y));
    if (board.family === 'blokus') return `${m.piece || ''} ${pts.join(',')}`.trim();
    return `${colourLabel(board.family, m.color || m.seat)} ${pts.join(',')}`;
  }
  return m.move;
}

// A move's text with a line-break opportunity after each comma, so that a
// Blokus piece's list of points wraps inside a narrow table.
function breakable(text) {
  return text.split(',').flatMap((part, k) => (k ? [',', h('wbr'), part] : [part]));
}

export function hintsOf(next) {
  const out = [];
  next.moves.slice(0, HINTS).forEach((m, k) => {
    if (m.kind !== 'place') return;
    for (const [x, y] of m.points_xy || []) out.push({ x, y, text: hintLetter(k), title: `${m.move}: ${m.occurrences}×` });
  });
  return out;
}

export function continuationTable(next, board, onFollow, ownMove = null) {
  const c1 = seatColours(board, 1);
  const c2 = seatColours(board, 2);
  if (!next.moves.length) return h('p', { class: 'empty' }, 'No move was played from this position in the games found.');
  const rows = next.moves.map((m, k) => {
    const decided = m.seat1_wins + m.seat2_wins;
    const rate = m.seat1_win_rate;
    const colour = board.family === 'blokus' ? m.color : m.seat;
    const mine = ownMove && ownMove(m);
    return h('tr', { class: 'continuation', 'data-move': m.move, 'data-example': m.example_node },
      h('td', { class: 'hint-letter' }, k < HINTS && m.kind === 'place' ? hintLetter(k) : ''),
      h('td', {}, h('button', { type: 'button', class: 'follow', title: 'Show the position after this move', onclick: () => onFollow(m) },
        h('span', { class: 'swatch', style: `background:${colourFill(board, colour)}`, title: colourName(board, colour) }), breakable(moveText(board, m))),
      mine ? h('span', { class: 'own', title: 'the move played in this game' }, ' ◀') : null),
      h('td', { class: 'num' }, fmt.format(m.occurrences)),
      h('td', { class: 'num' }, fmt.format(m.games)),
      h('td', { class: 'num' }, fmt.format(m.seat1_wins)),
      h('td', { class: 'num' }, fmt.format(m.seat2_wins)),
      // The number beside the bar, not on it: on a bar of one colour (0% or
      // 100%) no text colour reads on every family's colours.
      h('td', { class: 'rate' }, decided ? h('span', { class: 'rate-cell', title: `${c1} ${Math.round(rate * 100)}% – ${c2} ${Math.round((1 - rate) * 100)}%` },
        h('span', { class: 'bar' },
          h('span', { class: 'bar1', style: `width:${(rate * 100).toFixed(1)}%;background:${colourFill(board, firstColour(board, 1))}` }),
          h('span', { class: 'bar2', style: `width:${((1 - rate) * 100).toFixed(1)}%;background:${colourFill(board, firstColour(board, 2))}` })),
        h('span', { class: 'bar-text' }, `${Math.round(rate * 100)}%`)) : '–'));
  });
  return h('div', { class: 'table-wrap' }, h('table', { class: 'continuations' },
    h('caption', {}, `Moves played next · win rate for ${c1}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), h('th', { scope: 'col' }, 'Move'), h('th', { scope: 'col', class: 'num' }, 'Played'),
      h('th', { scope: 'col', class: 'num' }, 'Games'), h('th', { scope: 'col', class: 'num' }, `${c1} wins`), h('th', { scope: 'col', class: 'num' }, `${c2} wins`),
      h('th', { scope: 'col' }, `${c1} win rate`))),
    h('tbody', {}, rows)));
}

function firstColour(board, seat) {
  const c = (board.colours || []).find((x) => x.seat === seat);
  return c ? c.color : seat;
}

function summary(next) {
  return h('p', { class: 'count', id: 'explore-count', 'data-games': next.games, 'data-positions': next.positions },
    h('strong', {}, fmt.format(next.positions)), ` time${next.positions === 1 ? '' : 's'} in `,
    h('strong', {}, fmt.format(next.games)), ` game${next.games === 1 ? '' : 's'}`,
    next.with_images ? ' (with symmetric images)' : '');
}

// The games reaching a position, paged.
function gamesReaching(position, symmetric, filters, container) {
  const load = (offset, limit) => {
    api.games([['position', position], ['symmetric', symmetric ? '1' : ''], ...filters, ['offset', offset || ''], ['limit', limit], ['first', '1']])
      .then((answer) => container.replaceChildren(h('h3', {}, 'Games reaching it'), renderHits(answer, { onPage: load, perGame: true, compact: true })))
      .catch((e) => container.replaceChildren(errorBox(e, 'games')));
  };
  load(0, 20);
}

export function exploreHref(position, symmetric, filters = []) {
  return href('explore', '', [['position', position], ['symmetric', symmetric ? '1' : ''], ...filters]);
}

// The panel of the game page. getTarget() -> {nodeId, ownMove(m)} for the
// current node; onHints(list) puts the hints on the game's board.
export function createExplorePanel(board, getTarget, onHints) {
  const sym = h('input', { type: 'checkbox', id: 'explore-symmetric' });
  const live = h('input', { type: 'checkbox', id: 'explore-live', checked: true });
  const out = h('div', { class: 'explore-out', 'aria-live': 'polite' });
  const games = h('div', { class: 'explore-games' });
  let shown = false;
  let seq = 0;
  const find = async () => {
    shown = true;
    const { nodeId, ownMove } = getTarget();
    const position = `node:${nodeId}`;
    const my = ++seq;
    out.replaceChildren(h('p', { class: 'loading' }, 'Looking up…'));
    try {
      const next = await api.next([['position', position], ['symmetric', sym.checked ? '1' : '']]);
      if (my !== seq) return;
      out.replaceChildren(summary(next),
        h('p', {}, h('a', { href: exploreHref(position, sym.checked), id: 'open-explorer' }, 'Open in the explorer')),
        continuationTable(next, board, (m) => go(exploreHref(`node:${m.example_node}`, sym.checked)), ownMove));
      onHints(hintsOf(next));
      gamesReaching(position, sym.checked, [], games);
    } catch (e) {
      if (my === seq) out.replaceChildren(errorBox(e, 'find this position'));
    }
  };
  const element = h('div', { class: 'explore-panel' },
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'find-position', onclick: find }, 'Find this position'),
      h('span', {}, sym, h('label', { for: 'explore-symmetric' }, ' with symmetries')),
      h('span', {}, live, h('label', { for: 'explore-live' }, ' follow my steps'))),
    out, games);
  let timer = 0;
  return {
    element,
    // Called on every step: refresh when the results are shown and live.
    moved() {
      if (!shown) return;
      onHints([]);
      if (!live.checked) { shown = false; out.replaceChildren(); games.replaceChildren(); return; }
      clearTimeout(timer);
      timer = setTimeout(find, 250);
    },
    find,
  };
}

export function renderExplorePage(main, params) {
  const position = params.get('position') || '';
  const symmetric = ['1', 'true', 'yes', 'on'].includes(params.get('symmetric') || '');
  const filters = [...params].filter(([k]) => !['position', 'symmetric'].includes(k));
  const input = h('input', { id: 'explore-position', value: position, placeholder: 'GAME:MOVE or node:NODE_ID', required: true });
  const symBox = h('input', { type: 'checkbox', id: 'explore-page-symmetric', checked: symmetric });
  const form = h('form', { class: 'explore-form', onsubmit: (e) => { e.preventDefault(); go(exploreHref(input.value.trim(), symBox.checked, filters)); } },
    h('label', { for: 'explore-position' }, 'Position '), input, ' ', symBox, h('label', { for: 'explore-page-symmetric' }, ' with symmetries'), ' ',
    h('button', { type: 'submit' }, 'Explore'));
  const boardCol = h('section', { class: 'board-col', 'aria-label': 'Position' });
  const side = h('section', { class: 'side-col explore-side', 'aria-label': 'Continuations' });
  const games = h('div', { class: 'explore-games' });
  main.replaceChildren(h('div', { class: 'explore-page' }, h('h1', {}, 'Explore'), form, h('div', { class: 'game-page' }, boardCol, side)));
  if (!position) {
    side.replaceChildren(h('p', {}, 'Give a position as GAME:MOVE (after MOVE moves of the main line of game GAME) or node:NODE_ID, or open a game and use “Find this position”.'));
    return;
  }
  side.replaceChildren(h('p', { class: 'loading' }, 'Looking up…'));
  api.next([['position', position], ['symmetric', symmetric ? '1' : ''], ...filters]).then((next) => {
    const pos = next.position;
    // /api/next sends the position's board, the object GET /api/board gives
    // (with the torus of a toroidal game): nothing to build or fetch here.
    const board = pos.board;
    const name = pos.family === 'blokus' && pos.variant ? pos.variant : `${FAMILY_NAMES[pos.family] || pos.family}${pos.variant && pos.family !== 'go' ? ` ${pos.variant}` : ''}`;
    const title = h('p', { class: 'game-title' }, `${name} ${pos.columns}×${pos.rows}, after move ${pos.move_number}`);
    if (canDraw(board)) {
      const view = createBoard(board);
      view.render(staticPosition(pos.occupants, pos.links), { last: pos.last_move || [], hints: hintsOf(next) });
      boardCol.replaceChildren(title, h('div', { class: 'board-wrap' }, view.element));
    } else {
      boardCol.replaceChildren(title, h('p', {}, 'No board to draw for this position.'));
    }
    side.replaceChildren(summary(next), continuationTable(next, board, (m) => go(exploreHref(`node:${m.example_node}`, symmetric, filters))), games);
    gamesReaching(position, symmetric, filters, games);
  }).catch((e) => side.replaceChildren(errorBox(e, 'explore')));
}
