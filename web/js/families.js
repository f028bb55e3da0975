// What each family looks like: the colours its players know, the letters
// its SGF uses for them (the labels the API sends in board.colours), and
// how a point of a board is named. The boards themselves (labels, star
// points, Blokus cells) are the server's: a game document's `board`,
// /api/next's `position.board` or GET /api/board (boards.js), never built
// here.

import * as api from './api.js';

// Blokus: Pentobi's colours (pentobi/Theme.qml, light theme), by the names
// the server gives each colour of a variant (board.colours[].name, from
// Pentobi's choice per variant in GameViewDesktop.qml).
const PENTOBI = {
  blue: { fill: '#0073cf', dark: '#004881', light: '#1499ff', name: 'Blue' },
  yellow: { fill: '#f5c320', dark: '#aa8516', light: '#ffdb58', name: 'Yellow' },
  red: { fill: '#e63e2c', dark: '#90261b', light: '#ff655a', name: 'Red' },
  green: { fill: '#00c000', dark: '#007800', light: '#00fa00', name: 'Green' },
  orange: { fill: '#f09217', dark: '#9d5e0b', light: '#ffbb67', name: 'Orange' },
  purple: { fill: '#a12ccf', dark: '#6d2787', light: '#be70dc', name: 'Purple' },
};

// The colours a Blokus board's pieces are drawn in, colour 1 first: the
// ones the server names, else (a board without names) Pentobi's default
// for that many colours.
export function blokusPalette(board) {
  const colours = board.colours || [];
  const named = colours.map((c) => PENTOBI[c.name]);
  if (named.length && named.every(Boolean)) return named;
  if (colours.length === 2) return [PENTOBI.blue, PENTOBI.green];
  return [PENTOBI.blue, PENTOBI.yellow, PENTOBI.red, PENTOBI.green];
}

// Twixt: seat 1 (White in GM[21], moves first, joins top and bottom) is
// drawn red and seat 2 black, as on the physical TwixT sets and in
// twixtbot-ui (player 1 red, player 2 black); the labels stay W/B, the
// letters the Twixt SGF spec and the API use.
export const TWIXT_COLOURS = {
  1: { fill: '#d0312d', stroke: '#7d1411', name: 'Red' },
  2: { fill: '#222222', stroke: '#000000', name: 'Black' },
};

// Hex and Go: black (seat 1) and white stones.
export const STONE_COLOURS = {
  1: { fill: '#111111', stroke: '#000000', text: '#ffffff', name: 'Black' },
  2: { fill: '#f7f7f2', stroke: '#333333', text: '#000000', name: 'White' },
};

// A swatch colour for colour `c` of a board (legends, tables, plots).
export function colourFill(board, c) {
  const fam = board.family;
  if (fam === 'blokus') {
    const pal = blokusPalette(board);
    return (pal[c - 1] || PENTOBI.blue).fill;
  }
  if (fam === 'twixt') return (TWIXT_COLOURS[c] || TWIXT_COLOURS[1]).fill;
  return (STONE_COLOURS[c] || STONE_COLOURS[1]).fill;
}

export function colourName(board, c) {
  const fam = board.family;
  if (fam === 'blokus') {
    const pal = blokusPalette(board);
    return (pal[c - 1] || { name: `Colour ${c}` }).name;
  }
  if (fam === 'twixt') return TWIXT_COLOURS[c] ? TWIXT_COLOURS[c].name : `Seat ${c}`;
  return STONE_COLOURS[c] ? STONE_COLOURS[c].name : `Seat ${c}`;
}

// The letter the family's SGF and the query notation use for colour c: the
// label the server gives it in board.colours (the letters are written once,
// in the server's colour_label).
export function colourLabel(board, c) {
  const colour = (board.colours || []).find((x) => x.color === c);
  return colour ? colour.label : String(c);
}

// Whether a board's point names depend on letter case: a Go board the
// server labels with SGF letters ('a' = 0, 'A' = 26; over 25 lines,
// query/game_document.h go_board_notation), whose rows are letters, not
// the numbers of board notation. Every other notation reads either case.
export function caseSensitivePoints(board) {
  return board.family === 'go' && board.row_labels.some((l) => !/^\d+$/.test(l));
}

// A point in the family's query notation ("e5", Go "Q16", Blokus "f9"):
// the board's own column and row labels.
export function pointText(board, x, y) {
  return `${board.column_labels[x] ?? x}${board.row_labels[y] ?? y}`;
}

// Pentobi's game variants (GM[] names), each a Blokus board of its own:
// the names `--variant` and GET /api/board take, as GET /api/variants lists
// them. Empty until loadBlokusVariants() has resolved.
let blokusVariants = [];
export async function loadBlokusVariants() {
  const answer = await api.variants();
  blokusVariants = answer.blokus.map((v) => v.name);
}
export const blokusVariantNames = () => blokusVariants;

export const FAMILIES = ['hex', 'twixt', 'go', 'blokus', 'other'];
export const FAMILY_NAMES = { hex: 'Hex', twixt: 'Twixt', go: 'Go', blokus: 'Blokus', other: 'Other' };
