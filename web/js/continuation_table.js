// The moves played from a position (/api/next's `moves`), as the explore
// page and the game page's "Find this position" panel show them: a table
// with, per move, its games, its share of the position's games, each seat's
// wins as a bar, the human result beside the mean evaluation after the
// move (where the games store evaluations), and the years it was played
// in; and the marks of the same moves on the board.
//
// Contract: continuationTable(next, board, {onFollow(m), ownMove(m),
// onHover(m | null), compact}) -> element (one tr.continuation per move,
// with data-move and data-games; compact leaves the years out, for a
// narrow panel). Past kShownMoves moves (an empty Go board has 361) the
// first ones come with a button.show-all-moves that adds the rest: drawing
// every row made each step from the empty board slow to lay out;
// createContinuationTable(opts) -> {show(next, board) -> element}, the same
// table for one answer after another (the explore page's): show() gives
// the element it returned before new rows, and returns it, when both
// answers have moves; prepare(next, board) makes show()'s markup for that answer ahead
// (kept per answer object); candidateMarks(next, board) -> {hints,
// pieces} for board_view's render: the most popular placements labelled
// A, B, C... (a Blokus placement as the outline of its piece), the others
// as small dots; candidateAt(next, x, y) -> the most popular move placing
// on (x, y), or null. Labels use the family's colours (B/W for Go and Hex,
// W/B for Twixt, Pentobi's colours for Blokus).

import { h, tag, escapeMarkup as text, fmt } from './dom.js';
import { colourFill, colourName, colourLabel, pointText } from './families.js';
import { winsBar, yearBars, yearSpan, resultCell } from './continuation_cells.js';

const LABELLED = 12;
const letter = (k) => String.fromCharCode(65 + k);

// "Black" / "White" / "Blue/Red": the colours a seat plays.
export function seatColours(board, seat) {
  const cs = (board.colours || []).filter((c) => c.seat === seat).map((c) => c.color);
  if (!cs.length) return `seat ${seat}`;
  if (board.family === 'blokus') return cs.map((c) => colourName(board, c)).join('/');
  return colourLabel(board, cs[0]);
}

// A move for people: its points with the board's labels (Go "B Q16").
export function moveText(board, m) {
  if (m.kind === 'place' && m.points_xy && m.points_xy.length && board.column_labels) {
    const pts = m.points_xy.map(([x, y]) => pointText(board, x, y));
    if (board.family === 'blokus') return `${m.piece || ''} ${pts.join(',')}`.trim();
    return `${colourLabel(board, m.color || m.seat)} ${pts.join(',')}`;
  }
  return m.move;
}

// The letter of each move that gets one: the first LABELLED placements.
function letters(next) {
  const out = new Map();
  for (const m of next.moves) {
    if (out.size >= LABELLED) break;
    if (m.kind === 'place' && (m.points_xy || []).length) out.set(m, letter(out.size));
  }
  return out;
}

export function candidateMarks(next, board) {
  const labels = letters(next);
  const hints = [];
  const pieces = [];
  for (const m of next.moves) {
    if (m.kind !== 'place' || !(m.points_xy || []).length) continue;
    const text = labels.get(m);
    if (board.family === 'blokus') {
      // Every placement of a Blokus position is a piece: only the labelled
      // ones are drawn, the rest would cover the board.
      if (text) pieces.push({ cells: m.points_xy, text, title: `${moveText(board, m)}: ${fmt.format(m.games)} game${m.games === 1 ? '' : 's'}`, move: m.move, colour: m.color });
      continue;
    }
    for (const [x, y] of m.points_xy) hints.push({ x, y, text: text || '', move: m.move, minor: !text });
  }
  return { hints, pieces };
}

export function candidateAt(next, x, y) {
  return next.moves.find((m) => m.kind === 'place' && (m.points_xy || []).some(([px, py]) => px === x && py === y)) || null;
}

// A share as a percentage, with a decimal under 1%.
function share(games, total) {
  const p = (games / total) * 100;
  return `${p < 1 ? p.toFixed(1) : Math.round(p)}%`;
}

// A move's text with a line-break opportunity after each comma, so that a
// Blokus piece's list of points wraps inside a narrow table.
function breakable(move) {
  return move.split(',').map(text).join(',<wbr>');
}

// The rows drawn at first when there are many more moves: about what
// the side column shows beside the board. Each row is some 25 boxes to
// lay out and paint; at 40 rows the table was most of a step's work.
const kShownMoves = 25;

// The rows are markup parsed at once and their buttons and hovering are
// handled on the tbody: the elements made one by one were a good part of
// each step's time from the empty board. A table shown again keeps its
// table and tbody (and their listeners) and takes new rows: patching the
// rows in place (dom.js patchChildren) saved some style work but cost
// more in script, a third of the first step's, in code the engine had not
// optimised yet; changing only the cells that changed parsed many small
// fragments, slower still.
export function createContinuationTable({ onFollow, ownMove = null, onHover = null, compact = false } = {}) {
  let next = null; // the answer shown
  let rowOf = null; // a move's row as markup
  let wrap = null; // div.table-wrap, kept from answer to answer
  let body = null; // its tbody, where the events are handled
  let headKey = '';
  let hovered = null;
  let hoveredRow = -1; // the row under the pointer, by its index
  const hover = (m) => {
    if (m === hovered) return;
    hovered = m;
    onHover(m);
  };
  // A row's move: the rows are next.moves in order (the "show all" row is
  // replaced by the rest of them).
  const rowAt = (el) => (el instanceof Element ? el.closest('tr.continuation') : null);
  const moveOf = (el) => {
    const row = rowAt(el);
    return row ? next.moves[row.sectionRowIndex] : null;
  };

  function listen(tbody) {
    // A click with the mouse leaves the focus where it was: a focused
    // button of a patched row would show another move, and its blur() at
    // the next step recalculated the page's style in the click's task.
    tbody.addEventListener('mousedown', (e) => {
      if (e.target instanceof Element && e.target.closest('button.follow')) e.preventDefault();
    });
    tbody.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (button && button.classList.contains('show-all-moves')) {
        const more = button.closest('tr');
        more.insertAdjacentHTML('beforebegin', next.moves.slice(more.sectionRowIndex).map(rowOf).join(''));
        more.remove();
      } else if (button && button.classList.contains('follow')) {
        const m = moveOf(button);
        if (m) onFollow(m);
      }
    });
    if (onHover) {
      tbody.addEventListener('mouseover', (e) => {
        const row = rowAt(e.target);
        hoveredRow = row ? row.sectionRowIndex : -1;
        hover(row ? next.moves[hoveredRow] : null);
      });
      tbody.addEventListener('mouseleave', () => { hoveredRow = -1; hover(null); });
    }
  }

  // The markup of answer n's table and what its "show all" needs, made once
  // per answer: prepare() makes it while the page is idle for an answer
  // asked ahead, so that a click finds it done.
  const made = new WeakMap();
  function markupOf(n, board) {
    let t = made.get(n);
    if (!t) {
      t = tableMarkup(n, board);
      made.set(n, t);
    }
    return t;
  }

  function tableMarkup(n, board) {
    const names = [seatColours(board, 1), seatColours(board, 2)];
    const labels = letters(n);
    const span = yearSpan(n.moves);
    const total = Math.max(1, n.games);
    const row = (m) => {
      const colour = board.family === 'blokus' ? m.color : m.seat;
      const mine = ownMove && ownMove(m);
      return tag('tr', { class: 'continuation', 'data-move': m.move, 'data-games': m.games, 'data-example': m.example_node },
        tag('td', { class: 'hint-letter' }, labels.get(m) || ''),
        tag('td', { class: 'move' }, tag('button', { type: 'button', class: 'follow', title: 'Show the position after this move' },
          tag('span', { class: 'swatch', style: `background:${colourFill(board, colour)}`, title: colourName(board, colour) }), breakable(moveText(board, m))),
        mine ? tag('span', { class: 'own', title: 'the move played in this game' }, ' ◀') : null),
        tag('td', { class: 'num games', title: `played ${fmt.format(m.occurrences)} time${m.occurrences === 1 ? '' : 's'}` }, fmt.format(m.games)),
        tag('td', { class: 'num share' }, share(m.games, total)),
        tag('td', { class: 'wins' }, winsBar(board, m, names)),
        tag('td', { class: 'result' }, resultCell(m, names[0])),
        compact ? null : tag('td', { class: 'when' }, yearBars(m.years, span)));
    };
    const cut = n.moves.length > kShownMoves + 10 ? kShownMoves : n.moves.length;
    const more = cut < n.moves.length
      ? tag('tr', { class: 'more-moves' }, tag('td', { colspan: compact ? 6 : 7 },
        tag('button', { type: 'button', class: 'show-all-moves' }, `Show all ${fmt.format(n.moves.length)} moves`)))
      : '';
    const engines = n.moves.some((m) => (m.evaluations || []).length);
    const caption = `Moves played next · ${names[0]}'s result${engines ? ' in the games and by the engines' : ''}`;
    const heads = ['', 'Move', 'Games', 'Share', `${names[0]} – ${names[1]} wins`, engines ? `${names[0]}: games · engines` : `${names[0]} won`, compact ? null : 'Years'];
    return { row, rows: n.moves.slice(0, cut).map(row).join('') + more, cut, caption, heads, key: JSON.stringify([caption, heads]) };
  }

  // -> the element showing n: the same div.table-wrap as before, with new
  // rows, when both answers have moves.
  function show(n, board) {
    next = n;
    if (!n.moves.length) {
      wrap = null;
      body = null;
      headKey = '';
      return h('p', { class: 'empty' }, 'No move was played from this position in the games found.');
    }
    const t = markupOf(n, board);
    rowOf = t.row;
    const th = (label, attrs = {}) => h('th', { scope: 'col', ...attrs }, label);
    const head = () => [h('caption', {}, t.caption),
      h('thead', {}, h('tr', {}, t.heads.map((label, i) => (label === null ? null : th(label, i === 2 || i === 3 ? { class: 'num' } : {})))))];
    if (!wrap) {
      body = h('tbody');
      body.innerHTML = t.rows;
      headKey = t.key;
      wrap = h('div', { class: 'table-wrap' }, h('table', { class: 'continuations' }, head(), body));
      listen(body);
      return wrap;
    }
    // A button of the old rows keeps the focus no more than a new one
    // would; the row under the pointer now shows another move.
    if (wrap.contains(document.activeElement)) document.activeElement.blur();
    if (t.key !== headKey) {
      headKey = t.key;
      wrap.firstChild.replaceChildren(...head(), body);
    }
    body.innerHTML = t.rows;
    // (By its index: asking which row is under the pointer, with :hover,
    // made the browser recalculate the style of the new rows at once.)
    if (onHover && hovered) hover(hoveredRow >= 0 && hoveredRow < t.cut ? n.moves[hoveredRow] : null);
    return wrap;
  }

  return { show, prepare: (n, board) => { if (n.moves.length) markupOf(n, board); } };
}

export function continuationTable(next, board, opts = {}) {
  return createContinuationTable(opts).show(next, board);
}
