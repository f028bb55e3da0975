// Go as players know it: a wooden board with the grid, star points (the
// server's star_points, or families.js goStarPoints by the same rule),
// coordinates A-T without I along the top and bottom and numbers counted
// from the bottom on both sides, SGF letters on both axes on boards wider
// than 25 lines (the labels come from the API: board.column_labels/row_labels),
// black and white stones, the last move marked with a ring; a torus (Little
// Golem's toroidal Go) says so in a caption above the board.

import { s, label } from './svg.js';
import { STONE_COLOURS, goStarPoints } from './families.js';

const U = 20; // distance between lines

export function goGeometry(board) {
  const C = board.columns;
  const R = board.rows;
  const center = (x, y) => [x * U, y * U];
  const m = U * 1.5;
  // A torus gets a strip above the board for its caption, clear of the
  // wood and the column letters.
  const caption = board.torus ? U * 0.9 : 0;
  const viewBox = [-m, -m - caption, (C - 1) * U + 2 * m, (R - 1) * U + 2 * m + caption];

  function drawBase(g) {
    g.append(s('rect', { x: -m + 2, y: -m + 2, width: (C - 1) * U + 2 * m - 4, height: (R - 1) * U + 2 * m - 4, rx: 4, fill: '#dcb35c', class: 'wood' }));
    const lines = s('g', { stroke: '#3a2a10', 'stroke-width': 0.7, 'stroke-linecap': 'square' });
    for (let x = 0; x < C; x++) lines.append(s('line', { x1: x * U, y1: 0, x2: x * U, y2: (R - 1) * U, 'stroke-width': x === 0 || x === C - 1 ? 1.3 : 0.7 }));
    for (let y = 0; y < R; y++) lines.append(s('line', { x1: 0, y1: y * U, x2: (C - 1) * U, y2: y * U, 'stroke-width': y === 0 || y === R - 1 ? 1.3 : 0.7 }));
    g.append(lines);
    // The server's star points; families.js gives them for boards built here.
    for (const [x, y] of board.star_points || goStarPoints(C, R)) g.append(s('circle', { cx: x * U, cy: y * U, r: U * 0.1, fill: '#3a2a10', class: 'star-point' }));
    const font = { 'font-size': U * 0.5, fill: '#4a3510', class: 'coord' };
    for (let x = 0; x < C; x++) {
      g.append(label(x * U, -U * 0.95, board.column_labels[x], font), label(x * U, (R - 1) * U + U * 0.95, board.column_labels[x], font));
    }
    for (let y = 0; y < R; y++) {
      g.append(label(-U * 0.95, y * U, board.row_labels[y], font), label((C - 1) * U + U * 0.95, y * U, board.row_labels[y], font));
    }
    if (board.torus) {
      g.append(label(((C - 1) * U) / 2, -m - caption / 2, 'torus: the edges wrap', { 'font-size': U * 0.4, 'font-style': 'italic', fill: '#5a4520', class: 'torus-caption' }));
    }
  }

  function drawOccupant(c, x, y) {
    const col = STONE_COLOURS[c] || STONE_COLOURS[1];
    return s('circle', { cx: x * U, cy: y * U, r: U * 0.47, fill: col.fill, stroke: col.stroke, 'stroke-width': 0.7, class: 'stone', 'data-x': x, 'data-y': y, 'data-color': c });
  }

  function drawLastMark(x, y, c) {
    const stroke = c === 1 ? '#fff' : c === 2 ? '#111' : '#d33';
    return s('circle', { cx: x * U, cy: y * U, r: U * 0.24, fill: 'none', stroke, 'stroke-width': 1.6, class: 'last-move' });
  }

  function* allPoints() {
    for (let y = 0; y < R; y++) for (let x = 0; x < C; x++) yield [x, y];
  }

  return {
    viewBox,
    center,
    radius: U * 0.47,
    drawBase,
    drawOccupant,
    drawLastMark,
    points: allPoints,
    hitShape: (x, y) => s('rect', { x: x * U - U / 2, y: y * U - U / 2, width: U, height: U, fill: 'transparent' }),
  };
}
