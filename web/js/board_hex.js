// Hex as HexGui draws it: a rhombus of hexagons (pointed tops), a1 at the
// top left, each row shifted half a cell to the right of the one above.
// Seat 1 (Black, moves first) joins the top and bottom edges, seat 2
// (White) the left and right ones: the band around the board is black
// along the top and bottom rows and white along the left and right
// columns, split on the lines from the centre through the corners.

import { s, points } from './svg.js';
import { STONE_COLOURS } from './families.js';
import { drawCoordinates, gridPoints, lastMarkColour, roundOccupant } from './board_geometry.js';

const R = 10; // circumradius of a cell
const W = Math.sqrt(3) * R; // width of a cell

export function hexGeometry(board) {
  const C = board.columns;
  const Rows = board.rows;
  const center = (x, y) => [x * W + y * W / 2, y * 1.5 * R];
  const corners = (x, y) => {
    const [cx, cy] = center(x, y);
    const out = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k - 90);
      out.push([cx + R * Math.cos(a), cy + R * Math.sin(a)]);
    }
    return out;
  };
  // The rhombus through the corner cells' centres, moved out by `band`.
  const band = R * 1.75;
  const rhombus = offsetPolygon([center(0, 0), center(C - 1, 0), center(C - 1, Rows - 1), center(0, Rows - 1)], band);
  const xs = rhombus.map((p) => p[0]);
  const ys = rhombus.map((p) => p[1]);
  const pad = R * 1.6;
  const viewBox = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];

  function drawBase(g) {
    const mid = center((C - 1) / 2, (Rows - 1) / 2);
    const [tl, tr, br, bl] = rhombus;
    const black = STONE_COLOURS[1].fill;
    const white = '#f4f4f0';
    // A grey table under the board, so that the white edges show.
    g.append(s('rect', { x: viewBox[0] + 2, y: viewBox[1] + 2, width: viewBox[2] - 4, height: viewBox[3] - 4, rx: 6, fill: '#cbc6bb' }));
    g.append(
      s('polygon', { points: points([mid, tl, tr]), fill: black, class: 'edge edge-1' }),
      s('polygon', { points: points([mid, br, bl]), fill: black, class: 'edge edge-1' }),
      s('polygon', { points: points([mid, tr, br]), fill: white, class: 'edge edge-2' }),
      s('polygon', { points: points([mid, bl, tl]), fill: white, class: 'edge edge-2' }),
      s('polygon', { points: points(rhombus), fill: 'none', stroke: '#555', 'stroke-width': 0.8 }),
    );
    for (let y = 0; y < Rows; y++) {
      for (let x = 0; x < C; x++) {
        g.append(s('polygon', { points: points(corners(x, y)), class: 'hex-cell', fill: '#e9d8a6', stroke: '#7a6743', 'stroke-width': 0.9 }));
      }
    }
    const shift = ([px, py], dx, dy) => [px + dx, py + dy];
    drawCoordinates(g, board, {
      columnAt: (x) => [shift(center(x, 0), 0, -R * 2.35), shift(center(x, Rows - 1), 0, R * 2.35)],
      rowAt: (y) => [shift(center(0, y), -W * 1.45, 0), shift(center(C - 1, y), W * 1.45, 0)],
      font: { 'font-size': R * 0.95, fill: '#333', class: 'coord' },
    });
  }

  function drawOccupant(c, x, y) {
    return roundOccupant('stone', c, x, y, center(x, y), W * 0.41, STONE_COLOURS[c] || STONE_COLOURS[1], 0.8);
  }

  function drawLastMark(x, y, c) {
    const [cx, cy] = center(x, y);
    return s('circle', { cx, cy, r: W * 0.12, fill: lastMarkColour(c), class: 'last-move' });
  }

  return {
    viewBox,
    center,
    radius: W * 0.45,
    drawBase,
    drawOccupant,
    drawLastMark,
    points: () => gridPoints(C, Rows),
    hitShape: (x, y) => s('polygon', { points: points(corners(x, y)), fill: 'transparent' }),
  };
}

// A convex polygon (clockwise on screen, y down) with every edge moved out
// by d: the intersections of the moved edge lines.
function offsetPolygon(pts, d) {
  const n = pts.length;
  const lines = [];
  for (let i = 0; i < n; i++) {
    const [x1, y1] = pts[i];
    const [x2, y2] = pts[(i + 1) % n];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    // Outward normal of a clockwise (screen) polygon: (dy, -dx).
    const nx = (y2 - y1) / len;
    const ny = -(x2 - x1) / len;
    lines.push([[x1 + nx * d, y1 + ny * d], [x2 + nx * d, y2 + ny * d]]);
  }
  const out = [];
  for (let i = 0; i < n; i++) out.push(intersect(lines[(i + n - 1) % n], lines[i]));
  return out;
}

function intersect([[x1, y1], [x2, y2]], [[x3, y3], [x4, y4]]) {
  const den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
  if (Math.abs(den) < 1e-9) return [x2, y2];
  const t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den;
  return [x1 + t * (x2 - x1), y1 + t * (y2 - y1)];
}
