// What the family geometries (board_hex.js, board_twixt.js, board_go.js,
// board_blokus.js) share: the contract each one keeps, and the parts more
// than one of them draws alike.
//
// Contract of a geometry: xxxGeometry(board), for a board as the server
// describes it (docs/api.md, `board`), returns {viewBox: [x, y, w, h],
// center(x, y) -> [cx, cy], radius (of a mark on a point), drawBase(g) (the
// empty board with its coordinates), drawOccupant(c, x, y), drawLink?([c,
// x1, y1, x2, y2]) (Twixt), drawLastMark(x, y, c), points() (every point
// of the board, [x, y]), hitShape(x, y) (the click target of a point),
// outline?(x, y) (Blokus: a cell's corners, for the explorer's piece
// outlines)}.
// board_view.js draws with it.

import { s, label } from './svg.js';

// The attributes of an occupant of colour c at (x, y), which the browser
// test reads: class "stone" (Hex, Go), "peg" (Twixt) or "cell" (Blokus),
// data-x, data-y and data-color.
export function occupantAttrs(kind, c, x, y) {
  return { class: kind, 'data-x': x, 'data-y': y, 'data-color': c };
}

// A round occupant (a stone or a peg) of colour `col` ({fill, stroke}).
export function roundOccupant(kind, c, x, y, [cx, cy], r, col, strokeWidth) {
  return s('circle', { cx, cy, r, fill: col.fill, stroke: col.stroke, 'stroke-width': strokeWidth, ...occupantAttrs(kind, c, x, y) });
}

// The colour of the last-move mark on a stone of colour c: white on black
// (1), black on white (2), red where no stone stands.
export function lastMarkColour(c) {
  return c === 1 ? '#fff' : c === 2 ? '#111' : '#d33';
}

// Every point of a columns x rows grid row by row, those `keep` accepts.
export function* gridPoints(columns, rows, keep = () => true) {
  for (let y = 0; y < rows; y++) for (let x = 0; x < columns; x++) if (keep(x, y)) yield [x, y];
}

// A square click target of side `side` centred on (cx, cy).
export function squareHit([cx, cy], side) {
  return s('rect', { x: cx - side / 2, y: cy - side / 2, width: side, height: side, fill: 'transparent' });
}

// The board's coordinates into g: column x's label at each place
// columnAt(x) gives ([[px, py], ...], above and below the board), row y's
// at each place rowAt(y) gives (left and right of it), in `font`. columns
// and rows (default: all) are the indices to label.
export function drawCoordinates(g, board, { columnAt, rowAt, font, columns = indices(board.columns), rows = indices(board.rows) }) {
  for (const x of columns) for (const [px, py] of columnAt(x)) g.append(label(px, py, board.column_labels[x] ?? '', font));
  for (const y of rows) for (const [px, py] of rowAt(y)) g.append(label(px, py, board.row_labels[y] ?? '', font));
}

const indices = (n) => Array.from({ length: n }, (_, i) => i);
