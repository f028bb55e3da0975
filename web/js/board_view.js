// The board component every page uses: an SVG drawn by the family's
// geometry module (board_hex.js, board_twixt.js, board_go.js,
// board_blokus.js, each keeping the contract of board_geometry.js), with
// layers for the position, the marks of the last move, hints (the
// explorer's continuations, board_hints.js) and pattern marks.
//
// Contract: createBoard(board, {onPoint, onHover}) -> view, for a board as the
// server describes it (a game document's `board`, /api/next's
// `position.board`, GET /api/board), with
//   view.element   the <svg> (role img, a label describing the board)
//   view.render(position, marks)  position {stones: Map "x,y"->colour,
//       links: Map key->[c,x1,y1,x2,y2]}; marks {last: [[x,y]], hints:
//       [{x, y, text, move, minor}], pieces: [{cells, text, title,
//       move, colour}] (Blokus placements), pattern: [{x, y, kind}] (kind =
//       colour number, 'any' or 'empty')}
//   view.highlight(move)  brings out the hints of one move (data-move; a
//       minor one is drawn again, as circle.hint.minor.active), or none
//       for null
//   onPoint(x, y, event) is called for a click (or Enter on the focused
//   board's cursor) on a point of the board; onHover(x, y) when the
//   pointer comes over a point, onHover(null) when it leaves the board.
// Every occupant is an element with class "stone" (Hex, Go), "peg" (Twixt)
// or "cell" (Blokus) and data-x/data-y/data-color; every Twixt link has
// class "link" and data-x1..data-y2 and data-color: the browser test reads
// them.

import { s } from './svg.js';
import { hexGeometry } from './board_hex.js';
import { twixtGeometry } from './board_twixt.js';
import { goGeometry } from './board_go.js';
import { blokusGeometry } from './board_blokus.js';
import { blokusPalette, colourFill, FAMILY_NAMES, pointText } from './families.js';
import { hintsMarkup, minorHintMarkup, pieceHintsMarkup } from './board_hints.js';

const GEOMETRIES = { hex: hexGeometry, twixt: twixtGeometry, go: goGeometry, blokus: blokusGeometry };

export function canDraw(board) {
  return !!(board && GEOMETRIES[board.family] && board.columns > 0 && board.rows > 0);
}

export function createBoard(board, { onPoint, onHover } = {}) {
  const geo = GEOMETRIES[board.family](board);
  const layers = {
    base: s('g', { class: 'layer-base' }),
    links: s('g', { class: 'layer-links' }),
    occupants: s('g', { class: 'layer-occupants' }),
    marks: s('g', { class: 'layer-marks' }),
    hits: s('g', { class: 'layer-hits' }),
  };
  const svg = s(
    'svg',
    {
      class: `board board-${board.family}`,
      viewBox: geo.viewBox.join(' '),
      role: 'img',
      'aria-label': `${FAMILY_NAMES[board.family] || board.family} board ${board.columns}×${board.rows}${board.variant ? ` (${board.variant})` : ''}`,
      'data-family': board.family,
    },
    Object.values(layers),
  );
  geo.drawBase(layers.base);
  // Click targets: one per point, in the geometry's shape.
  for (const [x, y] of geo.points()) {
    const t = geo.hitShape(x, y);
    t.setAttribute('class', 'hit');
    t.setAttribute('data-x', x);
    t.setAttribute('data-y', y);
    const title = s('title', {}, pointText(board, x, y));
    t.append(title);
    layers.hits.append(t);
  }
  if (onPoint) {
    svg.classList.add('editable');
    svg.addEventListener('click', (e) => {
      const t = e.target.closest('.hit');
      if (t) onPoint(Number(t.dataset.x), Number(t.dataset.y), e);
    });
  }
  if (onHover) {
    svg.addEventListener('mouseover', (e) => {
      const t = e.target.closest('.hit');
      if (t) onHover(Number(t.dataset.x), Number(t.dataset.y));
    });
    svg.addEventListener('mouseleave', () => onHover(null));
  }

  // The minor hints per move: they are drawn as one path, and a move's own
  // dots are drawn again over it when it is highlighted.
  let minorHints = new Map();

  function render(position, marks = {}) {
    minorHints = new Map();
    for (const hint of marks.hints || []) {
      if (!hint.minor) continue;
      const list = minorHints.get(hint.move);
      if (list) list.push(hint);
      else minorHints.set(hint.move, [hint]);
    }
    for (const g of [layers.links, layers.occupants, layers.marks]) g.replaceChildren();
    if (position) {
      if (geo.drawLink) {
        for (const l of position.links.values()) layers.links.append(geo.drawLink(l));
      }
      for (const [k, c] of position.stones) {
        const [x, y] = k.split(',').map(Number);
        layers.occupants.append(geo.drawOccupant(c, x, y));
      }
    }
    for (const [x, y] of marks.last || []) {
      const c = position ? position.stones.get(`${x},${y}`) : undefined;
      layers.marks.append(geo.drawLastMark(x, y, c));
    }
    if ((marks.pieces || []).length && geo.outline) {
      const palette = blokusPalette(board);
      layers.marks.insertAdjacentHTML('beforeend', pieceHintsMarkup(geo, marks.pieces, (c) => palette[c - 1] || palette[0]));
    }
    layers.marks.insertAdjacentHTML('beforeend', hintsMarkup(geo, marks.hints || []));
    for (const item of marks.pattern || []) layers.marks.append(drawPatternMark(geo, board, item));
  }

  function highlight(move) {
    svg.classList.toggle('has-active', move !== null && move !== undefined);
    for (const el of layers.marks.querySelectorAll('.hint.minor.active')) el.remove();
    for (const el of layers.marks.querySelectorAll('.hint, .hint-piece')) el.classList.toggle('active', el.dataset.move === move);
    const minor = minorHints.get(move);
    if (minor) layers.marks.insertAdjacentHTML('beforeend', minorHintMarkup(geo, minor));
  }

  return { element: svg, render, highlight, board, geometry: geo };
}

function drawPatternMark(geo, board, { x, y, kind }) {
  const [cx, cy] = geo.center(x, y);
  const r = geo.radius * 0.75;
  const attrs = { class: 'pattern-mark', 'data-x': x, 'data-y': y, 'data-kind': kind };
  if (kind === 'empty') {
    const d = r * 0.6;
    return s('g', attrs,
      s('rect', { x: cx - d, y: cy - d, width: 2 * d, height: 2 * d, fill: '#fff', 'fill-opacity': 0.7, stroke: '#c0392b', 'stroke-width': r * 0.22 }),
      s('title', {}, `${pointText(board, x, y)}: empty`));
  }
  if (kind === 'any') {
    return s('g', attrs,
      s('circle', { cx, cy, r, fill: '#888', 'fill-opacity': 0.5, stroke: '#333', 'stroke-width': r * 0.15, 'stroke-dasharray': `${r * 0.4} ${r * 0.25}` }),
      s('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': r * 1.2, fill: '#000' }, '?'),
      s('title', {}, `${pointText(board, x, y)}: any stone`));
  }
  const fill = colourFill(board, kind);
  return s('g', attrs,
    s('circle', { cx, cy, r, fill, stroke: '#2b7bd6', 'stroke-width': r * 0.25 }),
    s('title', {}, `${pointText(board, x, y)}: colour ${kind}`));
}
