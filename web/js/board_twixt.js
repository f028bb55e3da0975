// Twixt as its players know it: a grid of holes without the four corners;
// the border lines that cut off each side's border rows, drawn in the
// colour of the seat that owns them (seat 1, red, joins top and bottom;
// seat 2, black, left and right: families.js TWIXT_COLOURS); pegs, and
// links as thick bars between them.
//
// Guide lines: the printed TwixT board (and twixtbot-ui's "guidelines")
// draws, from each of the four inner corners (the corner holes of the
// playing area, inside the border rows), the two lines of knight's-move
// slope (1:2 and 2:1) into the board, each running until it meets the line
// of the same slope family from the opposite corner. They show which holes
// a chain of knight's moves from a corner reaches, and so where a peg is
// already connected to an edge in practice. On 24x24 they meet at O9/I16
// (0-based (15,8)/(8,15)), as twixtbot-ui draws them; on other sizes the
// same construction gives the meeting points.

import { s } from './svg.js';
import { TWIXT_COLOURS } from './families.js';
import { drawCoordinates, gridPoints, roundOccupant, squareHit } from './board_geometry.js';

const U = 20;

export function twixtGeometry(board) {
  const C = board.columns;
  const R = board.rows;
  const center = (x, y) => [x * U, y * U];
  const m = U * 1.6;
  const viewBox = [-m, -m, (C - 1) * U + 2 * m, (R - 1) * U + 2 * m];
  const hole = (x, y) => !((x === 0 || x === C - 1) && (y === 0 || y === R - 1)); // not a corner

  function drawBase(g) {
    g.append(s('rect', { x: -m + 2, y: -m + 2, width: (C - 1) * U + 2 * m - 4, height: (R - 1) * U + 2 * m - 4, rx: 4, fill: '#f3ecd9', class: 'twixt-board' }));
    // Guide lines first, under everything.
    if (C >= 5 && R >= 5) {
      const guides = s('g', { stroke: '#b9ae94', 'stroke-width': 0.8, class: 'guide-lines' });
      const c00 = [1, 1];
      const c11 = [C - 2, R - 2];
      const c10 = [C - 2, 1];
      const c01 = [1, R - 2];
      const segments = [
        [c00, [2, 1], c11, [-1, -2]],
        [c00, [1, 2], c11, [-2, -1]],
        [c11, [-2, -1], c00, [1, 2]],
        [c11, [-1, -2], c00, [2, 1]],
        [c10, [-2, 1], c01, [1, -2]],
        [c10, [-1, 2], c01, [2, -1]],
        [c01, [2, -1], c10, [-1, 2]],
        [c01, [1, -2], c10, [-2, 1]],
      ];
      for (const [p, d, q, e] of segments) {
        const meet = meetPoint(p, d, q, e);
        if (!meet) continue;
        guides.append(s('line', { x1: p[0] * U, y1: p[1] * U, x2: meet[0] * U, y2: meet[1] * U }));
      }
      g.append(guides);
    }
    // Border lines: between the border rows/columns and the playing area.
    const red = TWIXT_COLOURS[1].fill;
    const black = TWIXT_COLOURS[2].fill;
    const h = U / 2;
    const line = (x1, y1, x2, y2, stroke, cls) => s('line', { x1, y1, x2, y2, stroke, 'stroke-width': 2.2, class: cls, 'stroke-linecap': 'round' });
    g.append(
      line(U - h * 0.4, h, (C - 2) * U + h * 0.4, h, red, 'border border-1'),
      line(U - h * 0.4, (R - 1) * U - h, (C - 2) * U + h * 0.4, (R - 1) * U - h, red, 'border border-1'),
      line(h, U - h * 0.4, h, (R - 2) * U + h * 0.4, black, 'border border-2'),
      line((C - 1) * U - h, U - h * 0.4, (C - 1) * U - h, (R - 2) * U + h * 0.4, black, 'border border-2'),
    );
    const holes = s('g', { fill: '#6f6759', class: 'holes' });
    for (const [x, y] of gridPoints(C, R, hole)) holes.append(s('circle', { cx: x * U, cy: y * U, r: U * 0.09 }));
    g.append(holes);
    drawCoordinates(g, board, {
      columnAt: (x) => [[x * U, -U], [x * U, (R - 1) * U + U]],
      rowAt: (y) => [[-U, y * U], [(C - 1) * U + U, y * U]],
      font: { 'font-size': U * 0.48, fill: '#4b4436', class: 'coord' },
    });
  }

  function drawOccupant(c, x, y) {
    return roundOccupant('peg', c, x, y, center(x, y), U * 0.3, TWIXT_COLOURS[c] || TWIXT_COLOURS[1], 1);
  }

  function drawLink([c, x1, y1, x2, y2]) {
    const col = TWIXT_COLOURS[c] || TWIXT_COLOURS[1];
    return s('line', { x1: x1 * U, y1: y1 * U, x2: x2 * U, y2: y2 * U, stroke: col.fill, 'stroke-width': U * 0.16, 'stroke-linecap': 'round', class: 'link', 'data-color': c, 'data-x1': x1, 'data-y1': y1, 'data-x2': x2, 'data-y2': y2 });
  }

  function drawLastMark(x, y) {
    return s('circle', { cx: x * U, cy: y * U, r: U * 0.45, fill: 'none', stroke: '#2b7bd6', 'stroke-width': 1.6, class: 'last-move' });
  }

  return {
    viewBox,
    center,
    radius: U * 0.4,
    drawBase,
    drawOccupant,
    drawLink,
    drawLastMark,
    points: () => gridPoints(C, R, hole),
    hitShape: (x, y) => squareHit(center(x, y), U),
  };
}

// Where the ray p + t*d (t >= 0) meets the ray q + u*e; null if parallel.
function meetPoint(p, d, q, e) {
  const den = d[0] * e[1] - d[1] * e[0];
  if (Math.abs(den) < 1e-9) return null;
  const t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / den;
  if (t <= 0) return null;
  return [p[0] + t * d[0], p[1] + t * d[1]];
}
