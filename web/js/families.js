// What each family looks like: the colours its players know, the letters
// its SGF uses for them (the labels the API sends in board.colours), and
// how a point of a board is named. The boards themselves (labels, star
// points, Blokus cells) are the server's: a game document's `board`,
// /api/next's `position.board` or GET /api/board (boards.js), never built
// here.

// Blokus: Pentobi's colours (pentobi/Theme.qml, light theme) and its choice
// per variant (GameViewDesktop.qml): Duo purple/orange, Junior
// green/orange, the other two-colour variants (Callisto and GembloQ
// Two-Player) blue/green, the rest blue, yellow, red, green.
const PENTOBI = {
  blue: { fill: '#0073cf', dark: '#004881', light: '#1499ff', name: 'Blue' },
  yellow: { fill: '#f5c320', dark: '#aa8516', light: '#ffdb58', name: 'Yellow' },
  red: { fill: '#e63e2c', dark: '#90261b', light: '#ff655a', name: 'Red' },
  green: { fill: '#00c000', dark: '#007800', light: '#00fa00', name: 'Green' },
  orange: { fill: '#f09217', dark: '#9d5e0b', light: '#ffbb67', name: 'Orange' },
  purple: { fill: '#a12ccf', dark: '#6d2787', light: '#be70dc', name: 'Purple' },
};

export function blokusPalette(variant, colourCount) {
  const v = (variant || '').toLowerCase();
  if (v === 'blokus duo') return [PENTOBI.purple, PENTOBI.orange];
  if (v === 'blokus junior') return [PENTOBI.green, PENTOBI.orange];
  if (colourCount === 2) return [PENTOBI.blue, PENTOBI.green];
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
    const pal = blokusPalette(board.variant, (board.colours || []).length);
    return (pal[c - 1] || PENTOBI.blue).fill;
  }
  if (fam === 'twixt') return (TWIXT_COLOURS[c] || TWIXT_COLOURS[1]).fill;
  return (STONE_COLOURS[c] || STONE_COLOURS[1]).fill;
}

export function colourName(board, c) {
  const fam = board.family;
  if (fam === 'blokus') {
    const pal = blokusPalette(board.variant, (board.colours || []).length);
    return (pal[c - 1] || { name: `Colour ${c}` }).name;
  }
  if (fam === 'twixt') return TWIXT_COLOURS[c] ? TWIXT_COLOURS[c].name : `Seat ${c}`;
  return STONE_COLOURS[c] ? STONE_COLOURS[c].name : `Seat ${c}`;
}

// The letter the family's SGF and the query notation use for colour c.
export function colourLabel(family, c) {
  if (family === 'blokus') return String(c);
  if (family === 'twixt') return c === 1 ? 'W' : 'B';
  return c === 1 ? 'B' : 'W';
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
// the names `--variant` and GET /api/board take.
export const BLOKUS_VARIANTS = ['Blokus', 'Blokus Two-Player', 'Blokus Three-Player', 'Blokus Duo', 'Blokus Trigon',
  'Blokus Trigon Two-Player', 'Blokus Trigon Three-Player', 'Blokus Junior', 'Nexos', 'Nexos Two-Player', 'Callisto',
  'Callisto Two-Player', 'Callisto Two-Player Four-Color', 'Callisto Three-Player', 'GembloQ', 'GembloQ Two-Player',
  'GembloQ Three-Player', 'GembloQ Two-Player Four-Color'];

export const FAMILIES = ['hex', 'twixt', 'go', 'blokus', 'other'];
export const FAMILY_NAMES = { hex: 'Hex', twixt: 'Twixt', go: 'Go', blokus: 'Blokus', other: 'Other' };
