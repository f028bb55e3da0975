// The Blokus family as Pentobi draws it: every cell of the variant's board
// from the outlines the API sends (board.cells: square, Trigon triangle,
// Nexos segment or junction, GembloQ half-square; frame y up, scaled by
// board.unit), Pentobi's grey board and colours per variant
// (families.js blokusPalette), the starting points as dots in their
// colour, Pentobi's coordinates (a.. from the left, 1.. from the bottom),
// and the cells of the last piece marked with a dot.

import { s, points } from './svg.js';
import { blokusPalette } from './families.js';
import { drawCoordinates, occupantAttrs } from './board_geometry.js';

const S = 20; // one frame unit

export function blokusGeometry(board) {
  const [ux, uy] = board.unit || [1, 1];
  const cells = board.cells || [];
  const grid = board.grid || 'square';
  let maxY = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  for (const [, , corners] of cells) {
    for (const [cx, cy] of corners) {
      maxY = Math.max(maxY, cy);
      minY = Math.min(minY, cy);
      minX = Math.min(minX, cx);
      maxX = Math.max(maxX, cx);
    }
  }
  if (!cells.length) {
    minX = 0; minY = 0; maxX = board.columns; maxY = board.rows;
  }
  const tx = (fx) => fx * ux * S;
  const ty = (fy) => (maxY - fy) * uy * S;
  const outline = new Map();
  const centres = new Map();
  for (const [x, y, corners] of cells) {
    const pts = corners.map(([cx, cy]) => [tx(cx), ty(cy)]);
    outline.set(`${x},${y}`, pts);
    const c = pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
    centres.set(`${x},${y}`, c);
  }
  const center = (x, y) => centres.get(`${x},${y}`) || [tx(x + 0.5), ty(y + 0.5)];
  const palette = blokusPalette(board);
  const m = S * 1.4;
  const viewBox = [tx(minX) - m, 0 - m, tx(maxX) - tx(minX) + 2 * m, ty(minY) + 2 * m];
  const nexos = grid === 'nexos';
  const radius = grid === 'square' ? S * 0.42 : grid === 'trigon' ? S * 0.38 : S * 0.3;

  function shape(pts, attrs) {
    if (pts.length === 1) return s('circle', { cx: pts[0][0], cy: pts[0][1], r: S * 0.18, ...attrs });
    if (pts.length === 2) {
      return s('line', { x1: pts[0][0], y1: pts[0][1], x2: pts[1][0], y2: pts[1][1], 'stroke-linecap': 'round', ...attrs, stroke: attrs.fill, 'stroke-width': S * 0.36 });
    }
    return s('polygon', { points: points(pts), ...attrs });
  }

  function drawBase(g) {
    if (nexos) {
      // Nexos: a light square grid under the segments, as Pentobi shows it.
      g.append(s('rect', { x: tx(minX), y: ty(maxY), width: tx(maxX) - tx(minX), height: ty(minY) - ty(maxY), fill: '#d4d4d4' }));
    }
    for (const [x, y] of cells) {
      const pts = outline.get(`${x},${y}`);
      g.append(shape(pts, { fill: pts.length <= 2 ? '#9a9a9a' : '#aeaeae', stroke: '#868686', 'stroke-width': 0.8, class: 'blokus-cell' }));
    }
    for (const [c, x, y] of board.starting_points || []) {
      const [cx, cy] = center(x, y);
      const col = palette[c - 1] || palette[0];
      g.append(s('circle', { cx, cy, r: radius * 0.45, fill: col.fill, stroke: col.dark, 'stroke-width': 0.8, class: 'starting-point', 'data-color': c }));
    }
    // Coordinates: each column's label under the mean x of its cells, each
    // row's label beside the mean y of its cells.
    const colX = new Map();
    const rowY = new Map();
    for (const [x, y] of cells) {
      const [cx, cy] = center(x, y);
      if (!colX.has(x)) colX.set(x, []);
      colX.get(x).push(cx);
      if (!rowY.has(y)) rowY.set(y, []);
      rowY.get(y).push(cy);
    }
    const mean = (a) => a.reduce((p, q) => p + q, 0) / a.length;
    // Nexos: label the lines (even coordinates) only.
    const labelled = (m) => [...m.keys()].filter((i) => !nexos || i % 2 === 0);
    drawCoordinates(g, board, {
      columns: labelled(colX),
      rows: labelled(rowY),
      columnAt: (x) => [[mean(colX.get(x)), ty(minY) + S * 0.7], [mean(colX.get(x)), ty(maxY) - S * 0.7]],
      rowAt: (y) => [[tx(minX) - S * 0.75, mean(rowY.get(y))], [tx(maxX) + S * 0.75, mean(rowY.get(y))]],
      font: { 'font-size': S * 0.5, fill: '#444', class: 'coord' },
    });
  }

  function drawOccupant(c, x, y) {
    const pts = outline.get(`${x},${y}`) || [[tx(x), ty(y + 1)], [tx(x + 1), ty(y + 1)], [tx(x + 1), ty(y)], [tx(x), ty(y)]];
    const col = palette[c - 1] || palette[0];
    return shape(pts, { fill: col.fill, stroke: col.dark, 'stroke-width': 1, 'stroke-linejoin': 'round', ...occupantAttrs('cell', c, x, y) });
  }

  function drawLastMark(x, y, c) {
    const [cx, cy] = center(x, y);
    const dark = c === 2 && palette.length === 4 ? '#333' : '#fff';
    return s('circle', { cx, cy, r: radius * 0.3, fill: dark, class: 'last-move' });
  }

  function* allPoints() {
    for (const [x, y] of cells) yield [x, y];
  }

  return {
    viewBox,
    center,
    radius,
    drawBase,
    drawOccupant,
    drawLastMark,
    points: allPoints,
    // A cell's corners in the drawing (Nexos: two or one).
    outline: (x, y) => outline.get(`${x},${y}`) || [],
    hitShape: (x, y) => {
      const pts = outline.get(`${x},${y}`);
      if (pts.length <= 2) {
        const [cx, cy] = center(x, y);
        return s('circle', { cx, cy, r: S * 0.3, fill: 'transparent' });
      }
      return s('polygon', { points: points(pts), fill: 'transparent' });
    },
  };
}

// Shapes of the square piece sets (Pentobi's classic and Junior names),
// as cells (x right, y down), for the "pieces left" display; other
// geometries show names only.
const SQUARE_PIECES = {
  1: '0,0', 2: '0,0 1,0', I3: '0,0 1,0 2,0', I: '0,0 1,0 2,0', V3: '0,0 1,0 0,1', V: '0,0 1,0 0,1',
  I4: '0,0 1,0 2,0 3,0', L4: '0,0 1,0 2,0 0,1', L: '0,0 1,0 2,0 0,1', O: '0,0 1,0 0,1 1,1',
  T4: '0,0 1,0 2,0 1,1', Z4: '0,0 1,0 1,1 2,1', Z: '0,0 1,0 1,1 2,1', V5: '0,0 1,0 2,0 0,1 0,2',
  L5: '0,0 1,0 2,0 3,0 0,1', Z5: '0,0 1,0 1,1 1,2 2,2', N: '0,0 1,0 2,0 2,1 3,1',
  W: '0,0 1,0 1,1 2,1 2,2', X: '1,0 0,1 1,1 2,1 1,2', F: '1,0 0,1 1,1 1,2 2,2',
  I5: '0,0 1,0 2,0 3,0 4,0', T5: '1,0 1,1 0,2 1,2 2,2', Y: '0,0 1,0 2,0 3,0 1,1',
  P: '0,0 1,0 0,1 1,1 0,2', U: '0,0 1,0 2,0 0,1 2,1',
};

// A small SVG of a piece of the square sets in colour `col`, or null.
export function pieceGlyph(name, col, grid) {
  if (grid !== 'square' || !SQUARE_PIECES[name]) return null;
  const cells = SQUARE_PIECES[name].split(' ').map((p) => p.split(',').map(Number));
  const w = Math.max(...cells.map((c) => c[0])) + 1;
  const hgt = Math.max(...cells.map((c) => c[1])) + 1;
  const k = 7;
  return s('svg', { class: 'piece-glyph', viewBox: `0 0 ${w * k} ${hgt * k}`, width: w * k, height: hgt * k, 'aria-hidden': 'true' },
    cells.map(([x, y]) => s('rect', { x: x * k + 0.5, y: y * k + 0.5, width: k - 1, height: k - 1, fill: col.fill, stroke: col.dark, 'stroke-width': 0.6 })));
}
