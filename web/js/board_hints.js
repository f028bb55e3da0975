// The explorer's marks on a board (board_view.js draws them): a candidate
// move on a point as a labelled disc (a small dot when it has no label),
// and a Blokus placement as the outline of the piece with its label on
// one of its cells.
//
// Contract: hintsMarkup(geo, [{x, y, text, move, minor}]) -> SVG markup:
// a labelled hint is a g.hint with data-move (the move's text, for
// highlighting it) and data-x/data-y, the minor ones are one path.hint.minor
// together; minorHintMarkup(geo, hints) -> the markup of some minor hints
// as circles of class "hint minor active" with data-move (the highlighted
// one, drawn over that path). pieceHintsMarkup(geo, pieces, colourOf) ->
// SVG markup of g.hint-piece elements with data-move; pieces are [{cells:
// [[x, y]], text, title, move, colour}] in order of popularity;
// geo.outline(x, y) gives a cell's corners (board_blokus.js).

import { points, val } from './svg.js';
import { escapeMarkup, tag } from './dom.js';

const ACCENT = '#2b7bd6';

// The hints of a position as one SVG markup string: an empty Go board has
// some 300 candidate moves, and parsing them at once is several times
// quicker than making their elements one by one. The small dots, all alike,
// are one path of circles: an element each made the browser style, lay out
// and paint some 300 more elements every step. No hint has a <title>:
// hints let the pointer through to the point under them (whose title names
// it), so theirs never showed.
export function hintsMarkup(geo, hints) {
  const minor = hints.filter((hint) => hint.minor);
  const labelled = hints.filter((hint) => !hint.minor).map((hint) => hintMarkup(geo, hint)).join('');
  if (!minor.length) return labelled;
  const r = geo.radius * MINOR;
  const d = minor.map(({ x, y }) => {
    const [cx, cy] = geo.center(x, y);
    return `M${val(cx - r)} ${val(cy)}a${val(r)} ${val(r)} 0 1 0 ${val(2 * r)} 0a${val(r)} ${val(r)} 0 1 0 ${val(-2 * r)} 0z`;
  }).join('');
  return `${labelled}<path class="hint minor" d="${d}" ${discStyle(r, true)}></path>`;
}

export function minorHintMarkup(geo, hints) {
  return hints.map((hint) => hintMarkup(geo, { ...hint, minor: true })).join('');
}

// The radius of a small dot and of a labelled disc, in geo.radius.
const MINOR = 0.32;
const LABELLED = 0.85;

function discStyle(r, minor) {
  return `fill="${ACCENT}" fill-opacity="${minor ? 0.6 : 0.85}" stroke="#fff" stroke-width="${val(r * 0.12)}"`;
}

function hintMarkup(geo, { x, y, text, move, minor }) {
  const [cx, cy] = geo.center(x, y);
  const r = geo.radius * (minor ? MINOR : LABELLED);
  const data = `data-x="${val(x)}" data-y="${val(y)}"${move === undefined || move === null ? '' : ` data-move="${escapeMarkup(move)}"`}`;
  const disc = `cx="${val(cx)}" cy="${val(cy)}" r="${val(r)}" ${discStyle(r, minor)}`;
  // A small dot drawn on its own is a highlighted one (the others are
  // hintsMarkup's one path).
  if (minor) return `<circle class="hint minor active" ${data} ${disc}></circle>`;
  const label = text
    ? `<text x="${val(cx)}" y="${val(cy)}" text-anchor="middle" dominant-baseline="central" fill="#fff" font-size="${val(r * 1.1)}" font-weight="bold">${escapeMarkup(text)}</text>`
    : '';
  return `<g class="hint" ${data}><circle ${disc}></circle>${label}</g>`;
}

// The edges of a set of cells that no two of them share: the piece's
// outline, as "M x y L x y" segments.
function outlinePath(corners) {
  const edges = new Map();
  const key = ([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`;
  for (const pts of corners) {
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[(i + 1) % pts.length];
      const k = [key(a), key(b)].sort().join(' ');
      const e = edges.get(k);
      if (e) e.n++;
      else edges.set(k, { a, b, n: 1 });
    }
  }
  return [...edges.values()].filter((e) => e.n === 1).map(({ a, b }) => `M${points([a])}L${points([b])}`).join('');
}

// The cell each piece's label stands on: the one fewest other pieces
// cover and no earlier label took, nearest the piece's middle.
function labelCells(geo, pieces) {
  const cover = new Map();
  const k = ([x, y]) => `${x},${y}`;
  for (const p of pieces) for (const c of p.cells) cover.set(k(c), (cover.get(k(c)) || 0) + 1);
  const taken = new Set();
  return pieces.map((p) => {
    const centres = p.cells.map(([x, y]) => geo.center(x, y));
    const mx = centres.reduce((a, c) => a + c[0], 0) / centres.length;
    const my = centres.reduce((a, c) => a + c[1], 0) / centres.length;
    let best = null;
    p.cells.forEach((c, i) => {
      const score = [taken.has(k(c)) ? 1 : 0, cover.get(k(c)), Math.hypot(centres[i][0] - mx, centres[i][1] - my)];
      if (!best || before(score, best.score)) best = { c, score };
    });
    taken.add(k(best.c));
    return best.c;
  });
}

// Lexicographic order of two score lists.
function before(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

// dom.js's tag() with the numbers rounded as svg.js's s() rounds them.
function el(name, attrs, inner = '') {
  const rounded = {};
  for (const k in attrs) rounded[k] = val(attrs[k]);
  return tag(name, rounded, inner);
}

// One markup string for all pieces, parsed at once: made element by
// element they were a third of a Blokus step's script.
export function pieceHintsMarkup(geo, pieces, colourOf) {
  const at = labelCells(geo, pieces);
  return pieces.map((p, i) => {
    const col = colourOf(p.colour);
    const corners = p.cells.map(([x, y]) => geo.outline(x, y));
    let inner = '';
    // Polygons (squares, triangles) get their outline; Nexos segments and
    // junctions (two and one corner) are drawn over.
    const polygons = corners.filter((c) => c.length > 2);
    if (polygons.length) {
      for (const c of polygons) inner += el('polygon', { points: points(c), fill: col.fill, 'fill-opacity': 0.28, stroke: 'none' });
      const d = outlinePath(polygons);
      inner += el('path', { d, fill: 'none', stroke: '#fff', 'stroke-width': 4, 'stroke-linecap': 'round', class: 'halo' }) +
        el('path', { d, fill: 'none', stroke: col.dark, 'stroke-width': 2, 'stroke-linecap': 'round', class: 'edge' });
    }
    for (const c of corners.filter((c) => c.length === 2)) {
      inner += el('line', { x1: c[0][0], y1: c[0][1], x2: c[1][0], y2: c[1][1], stroke: col.fill, 'stroke-opacity': 0.55, 'stroke-width': geo.radius * 1.1, 'stroke-linecap': 'round' });
    }
    for (const c of corners.filter((c) => c.length === 1)) {
      inner += el('circle', { cx: c[0][0], cy: c[0][1], r: geo.radius * 0.7, fill: col.fill, 'fill-opacity': 0.55 });
    }
    const [cx, cy] = geo.center(...at[i]);
    const r = Math.max(geo.radius * 0.62, 5);
    inner += el('circle', { cx, cy, r, fill: col.dark, stroke: '#fff', 'stroke-width': 1.2, class: 'badge' }) +
      el('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#fff', 'font-size': r * 1.25, 'font-weight': 'bold' }, escapeMarkup(p.text)) +
      el('title', {}, escapeMarkup(p.title));
    return el('g', { class: 'hint-piece', 'data-move': p.move }, inner);
  }).join('');
}
