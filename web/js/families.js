// What each family looks like: the colours its players know, the letters
// its SGF uses for them (the labels the API sends in board.colours), and a
// board description for a family and size when no game document is at
// hand (the search page's pattern editor, the explorer), in the same shape
// as the API's `board` (docs/api.md): column_labels, row_labels, colours.

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

// Column letters as Hex and Twixt write them: a..z, then aa, ab, ...
export function letters(i) {
  let s = '';
  let n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(97 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const GO_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

// Whether a Go board is labelled in board notation (A-Z without I, rows
// from the bottom): those letters name 25 columns, so a wider board is
// labelled with SGF letters on both axes, never a mix. The server's rule
// (query/game_document.h go_board_notation), which `ludex show` follows.
export function goBoardNotation(columns) {
  return columns <= GO_LETTERS.length;
}

// Whether a board's point names depend on letter case: Go's SGF letters
// ('a' = 0, 'A' = 26). Every other notation reads either case.
export function caseSensitivePoints(board) {
  return board.family === 'go' && !goBoardNotation(board.columns);
}

// A board description for family and size, as the API would send it
// (without Blokus geometry, which only the server knows).
export function makeBoard(family, columns, rows = columns, variant = '') {
  const cols = [];
  const rowLabels = [];
  if (family === 'go' && goBoardNotation(columns)) {
    for (let x = 0; x < columns; x++) cols.push(GO_LETTERS[x]);
    for (let y = 0; y < rows; y++) rowLabels.push(String(rows - y));
  } else if (family === 'go') {
    // Wider boards: SGF letters on both axes, a..z then A..Z, rows from the top.
    const sgf = (i) => (i < 26 ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i - 26));
    for (let x = 0; x < columns; x++) cols.push(sgf(x));
    for (let y = 0; y < rows; y++) rowLabels.push(sgf(y));
  } else {
    for (let x = 0; x < columns; x++) cols.push(letters(x));
    for (let y = 0; y < rows; y++) rowLabels.push(String(y + 1));
  }
  const colours =
    family === 'twixt'
      ? [{ color: 1, label: 'W', seat: 1 }, { color: 2, label: 'B', seat: 2 }]
      : [{ color: 1, label: 'B', seat: 1 }, { color: 2, label: 'W', seat: 2 }];
  return { family, variant, columns, rows, column_labels: cols, row_labels: rowLabels, colours };
}

// A point in the family's query notation ("e5", Go "Q16", Blokus "f9"):
// the board's own column and row labels.
export function pointText(board, x, y) {
  return `${board.column_labels[x] ?? x}${board.row_labels[y] ?? y}`;
}

// Go star points [[x, y], ...] by the rule of the server's board
// description and `ludex show` (games/go_points.h go_star_points), for
// boards the page builds itself: the corner points on the third line under
// 13 lines, else the fourth; the centre of an odd board but 7x7; the side
// points only on odd sides over 13 lines; none under 7 lines.
export function goStarPoints(width, height) {
  if (width < 7 || height < 7) return [];
  const edgeX = width >= 13 ? 3 : 2;
  const edgeY = height >= 13 ? 3 : 2;
  const xs = [edgeX, width - 1 - edgeX];
  const ys = [edgeY, height - 1 - edgeY];
  const points = [];
  for (const x of xs) for (const y of ys) points.push([x, y]);
  const oddW = width % 2 === 1;
  const oddH = height % 2 === 1;
  if (oddW && oddH && width !== 7 && height !== 7) points.push([(width - 1) / 2, (height - 1) / 2]);
  if (oddW && width > 13) for (const y of ys) points.push([(width - 1) / 2, y]);
  if (oddH && height > 13) for (const x of xs) points.push([x, (height - 1) / 2]);
  return points;
}

export const FAMILIES = ['hex', 'twixt', 'go', 'blokus', 'other'];
export const FAMILY_NAMES = { hex: 'Hex', twixt: 'Twixt', go: 'Go', blokus: 'Blokus', other: 'Other' };
