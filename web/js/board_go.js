// Go as players know it: a wooden board with the grid, the star points
// the server sends (board.star_points), coordinates A-T without I along
// the top and bottom and numbers counted from the bottom on both sides,
// SGF letters on both axes on boards wider than 25 lines (the labels come
// from the API: board.column_labels/row_labels), black and white stones,
// the last move marked with a ring; a torus (Little Golem's toroidal Go)
// says so in a caption above the board.

import { s, label } from './svg.js';
import { STONE_COLOURS } from './families.js';
import { drawCoordinates, gridPoints, lastMarkColour, roundOccupant, squareHit } from './board_geometry.js';

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
    for (const [x, y] of board.star_points) g.append(s('circle', { cx: x * U, cy: y * U, r: U * 0.1, fill: '#3a2a10', class: 'star-point' }));
    drawCoordinates(g, board, {
      columnAt: (x) => [[x * U, -U * 0.95], [x * U, (R - 1) * U + U * 0.95]],
      rowAt: (y) => [[-U * 0.95, y * U], [(C - 1) * U + U * 0.95, y * U]],
      font: { 'font-size': U * 0.5, fill: '#4a3510', class: 'coord' },
    });
    if (board.torus) {
      g.append(label(((C - 1) * U) / 2, -m - caption / 2, 'torus: the edges wrap', { 'font-size': U * 0.4, 'font-style': 'italic', fill: '#5a4520', class: 'torus-caption' }));
    }
  }

  function drawOccupant(c, x, y) {
    return roundOccupant('stone', c, x, y, center(x, y), U * 0.47, STONE_COLOURS[c] || STONE_COLOURS[1], 0.7);
  }

  function drawLastMark(x, y, c) {
    return s('circle', { cx: x * U, cy: y * U, r: U * 0.24, fill: 'none', stroke: lastMarkColour(c), 'stroke-width': 1.6, class: 'last-move' });
  }

  return {
    viewBox,
    center,
    radius: U * 0.47,
    drawBase,
    drawOccupant,
    drawLastMark,
    points: () => gridPoints(C, R),
    hitShape: (x, y) => squareHit(center(x, y), U),
  };
}
