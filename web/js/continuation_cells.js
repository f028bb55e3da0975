// The cells of the continuation table that draw numbers (continuation_table.js):
// each seat's wins as a bar, the years a move was played in as small bars,
// and the human result beside the mean evaluation after the move.
//
// Contract: each function returns the markup of one cell's content for a
// move of /api/next's answer (docs/api.md), for continuation_table.js to
// parse a table's rows at once; nothing here fetches or keeps state.

import { tag, escapeMarkup as text, fmt } from './dom.js';
import { colourFill } from './families.js';
import { SOURCES, sourceKind } from './eval_sources.js';

const pct = (x) => `${Math.round(x * 100)}%`;

// The first colour of a seat (Blokus: a seat may play two colours).
export function firstColour(board, seat) {
  const c = (board.colours || []).find((x) => x.seat === seat);
  return c ? c.color : seat;
}

// Seat 1's wins, the games without a winner and seat 2's wins as one bar
// over the move's games, with the counts beside it. The bar is one element
// with a gradient of hard stops: a child element per part made 120 more
// elements to style and lay out in each step's table.
export function winsBar(board, m, [name1, name2]) {
  const other = Math.max(0, m.games - m.seat1_wins - m.seat2_wins);
  const total = Math.max(1, m.games);
  const parts = [[m.seat1_wins, colourFill(board, firstColour(board, 1))], [other, '#c9c9c9'], [m.seat2_wins, colourFill(board, firstColour(board, 2))]];
  let at = 0;
  const stops = [];
  for (const [n, colour] of parts) {
    if (!n) continue;
    const end = at + Number(((n / total) * 100).toFixed(1));
    stops.push(`${colour} ${Number(at.toFixed(1))}% ${Number(end.toFixed(1))}%`);
    at = end;
  }
  const title = `${name1} won ${fmt.format(m.seat1_wins)}, ${name2} won ${fmt.format(m.seat2_wins)}` +
    (other ? `, ${fmt.format(other)} without a winner` : '');
  return tag('span', { class: 'wins-cell', title },
    tag('span', { class: 'wins-n' }, fmt.format(m.seat1_wins)),
    tag('span', { class: 'bar', style: stops.length ? `background-image:linear-gradient(to right,${stops.join(',')},transparent ${Number(at.toFixed(1))}%)` : null }),
    tag('span', { class: 'wins-n' }, fmt.format(m.seat2_wins)));
}

// The years over all moves of an answer, [first, last], or null.
export function yearSpan(moves) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of moves) {
    for (const y of Object.keys(m.years || {})) {
      lo = Math.min(lo, Number(y));
      hi = Math.max(hi, Number(y));
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

// The games per year of one move as bars on the span of the whole answer
// (so that rows compare), with the move's own first and last year. The bars
// are one path: at the empty board a table has hundreds of rows, and an
// element per bar made the page's steps slow to lay out.
export function yearBars(years, span) {
  const entries = Object.entries(years || {}).map(([y, n]) => [Number(y), n]).sort((a, b) => a[0] - b[0]);
  if (!entries.length || !span) return tag('span', { class: 'years none', title: 'no dated games' }, '–');
  const [lo, hi] = span;
  const W = 64;
  const H = 14;
  const slots = hi - lo + 1;
  const w = W / slots;
  const top = Math.max(...entries.map(([, n]) => n));
  const title = entries.map(([y, n]) => `${y}: ${fmt.format(n)} game${n === 1 ? '' : 's'}`).join('\n');
  const first = entries[0][0];
  const last = entries[entries.length - 1][0];
  const r = (v) => Math.round(v * 100) / 100;
  const bars = entries.map(([y, n]) => {
    const bh = Math.max(1.5, (n / top) * (H - 1));
    const x = (y - lo) * w + (w > 3 ? w * 0.1 : 0);
    const bw = Math.max(w > 3 ? w * 0.8 : w, 1);
    return `M${r(x)} ${r(H - 1 - bh)}h${r(bw)}v${r(bh)}h${r(-bw)}z`;
  }).join('');
  return tag('span', { class: 'years', title, 'data-years': entries.map(([y, n]) => `${y}:${n}`).join(',') },
    tag('svg', { class: 'year-bars', viewBox: `0 0 ${W} ${H}`, width: W, height: H, 'aria-hidden': 'true' },
      tag('line', { x1: 0, y1: H - 0.5, x2: W, y2: H - 0.5, stroke: '#ccc', 'stroke-width': 1 }),
      tag('path', { d: bars, fill: '#5b7fa8' })),
    tag('span', { class: 'year-range' }, first === last ? String(first) : `${first}–${String(last).slice(first < 2000 || last < 2000 ? 0 : 2)}`));
}

// A mean evaluation on its source's scale: a win rate as a percentage, a
// game-tree value as a whole number, the others as written.
function evalText(source, mean) {
  const kind = sourceKind(source);
  if (kind === 'winrate') return `${mean.toFixed(1)}%`;
  if (kind === 'gametree') return `${mean > 0 ? '+' : ''}${Math.round(mean)}`;
  return `${mean > 0 ? '+' : ''}${Number(mean.toFixed(2))}`;
}

// Seat 1's result in the games (its share of the decided ones) and, where
// the games store them, the mean evaluation after the move per source,
// each named: the human result next to the engines'.
export function resultCell(m, seat1Name) {
  const human = m.seat1_win_rate === null || m.seat1_win_rate === undefined
    ? tag('span', { class: 'human none', title: 'no game with a winner' }, '–')
    : tag('span', { class: 'human', title: `${seat1Name} won ${pct(m.seat1_win_rate)} of the ${fmt.format(m.seat1_wins + m.seat2_wins)} games with a winner` }, pct(m.seat1_win_rate));
  const evals = (m.evaluations || []).map((e) => {
    const name = (SOURCES[e.source] || { name: e.source }).name;
    return tag('span', { class: 'engine', 'data-source': e.source, title: `mean ${name} after the move, from ${seat1Name}'s side, over ${fmt.format(e.games)} game${e.games === 1 ? '' : 's'}` },
      tag('span', { class: 'engine-name' }, text(name)), ' ', text(evalText(e.source, e.mean)));
  });
  return tag('span', { class: 'result-cell' }, human, evals);
}
