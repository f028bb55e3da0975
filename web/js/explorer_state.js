// The explore page's state and its URL. The hash holds all of it, so that
// a link, a reload and the back button show the same position:
//   #/explore                                     the board picker
//   #/explore?family=go&size=19&line=B%20pd,W%20dp  a line from the empty board
//       (Blokus: family=blokus&variant=Blokus%20Duo, moves separated by ';')
//   #/explore?position=GAME:MOVE|node:ID          a stored game's position
// plus symmetric=1, the filters (date-from, date-to, player, event, and any
// other filter of /api/games, sent with every request) and the games list's
// sort, desc, offset and limit (which /api/next never gets).
//
// Contract: readState(params) -> state {family, size, variant, line: [move
// texts], position, symmetric, filters: [[name, value]], list: {sort, desc,
// offset, limit}}; stateHref(state) is its hash (readState(parse(...)) of it
// gives the state back); positionPairs(state) and filterPairs(state) are the
// request parameters naming the position and the filters.

const POSITION_KEYS = ['family', 'size', 'variant', 'line', 'position', 'symmetric'];
const LIST_KEYS = ['sort', 'desc', 'offset', 'limit'];
// The filters the page's form edits; others in the URL are kept and sent.
export const FORM_FILTERS = ['date-from', 'date-to', 'player', 'as', 'event', 'rank-min', 'rank-max'];
export const LIST_DEFAULTS = { sort: 'date', desc: true, offset: 0, limit: 50 };

const isOn = (v) => ['1', 'true', 'yes', 'on', ''].includes(String(v).toLowerCase());

// ',' between moves, ';' for Blokus (whose moves hold commas).
export function lineSeparator(family) {
  return family === 'blokus' ? ';' : ',';
}

export function splitLine(family, text) {
  return (text || '').split(lineSeparator(family)).map((m) => m.trim()).filter(Boolean);
}

export function readState(params) {
  const family = params.get('family') || '';
  const num = (k, d) => (params.has(k) && Number.isFinite(Number(params.get(k))) ? Number(params.get(k)) : d);
  return {
    family,
    size: params.get('size') || '',
    variant: params.get('variant') || '',
    line: splitLine(family, params.get('line')),
    position: params.get('position') || '',
    symmetric: params.has('symmetric') && isOn(params.get('symmetric')),
    filters: [...params].filter(([k]) => !POSITION_KEYS.includes(k) && !LIST_KEYS.includes(k)),
    list: {
      sort: params.get('sort') || LIST_DEFAULTS.sort,
      desc: params.has('desc') ? isOn(params.get('desc')) : LIST_DEFAULTS.desc,
      offset: num('offset', LIST_DEFAULTS.offset),
      limit: num('limit', LIST_DEFAULTS.limit),
    },
  };
}

// 'picker' (no board chosen), 'line' or 'position'.
export function modeOf(state) {
  if (state.position) return 'position';
  return state.family ? 'line' : 'picker';
}

export function positionPairs(state) {
  const sym = ['symmetric', state.symmetric ? '1' : ''];
  if (state.position) return [['position', state.position], sym];
  const board = state.family === 'blokus'
    ? [['variant', state.variant]]
    : [['size', state.size], ['variant', state.variant]];
  return [['family', state.family], ...board, ['line', state.line.join(lineSeparator(state.family))], sym];
}

export function filterPairs(state) {
  return state.filters.filter(([, v]) => v !== '');
}

function listPairs({ sort, desc, offset, limit }) {
  return [
    ['sort', sort === LIST_DEFAULTS.sort ? '' : sort],
    ['desc', desc === LIST_DEFAULTS.desc ? '' : desc ? '1' : '0'],
    ['offset', offset || ''],
    ['limit', limit === LIST_DEFAULTS.limit ? '' : limit],
  ];
}

// A URL value readable in the address bar: spaces as %20, and the commas,
// semicolons and colons of a line or a position left as they are.
const encodeValue = (v) => encodeURIComponent(String(v)).replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3A/g, ':');

export function stateHref(state) {
  const pairs = [...positionPairs(state), ...filterPairs(state), ...listPairs(state.list)];
  const q = pairs.filter(([, v]) => v !== '' && v !== undefined && v !== null).map(([k, v]) => `${k}=${encodeValue(v)}`).join('&');
  return `#/explore${q ? `?${q}` : ''}`;
}

// The state of the same board and filters `depth` moves down the line
// (the games list back at its first page).
export function atDepth(state, depth) {
  return { ...state, line: state.line.slice(0, depth), list: { ...state.list, offset: 0 } };
}

export function withMove(state, move) {
  return { ...state, line: [...state.line, move], list: { ...state.list, offset: 0 } };
}

// The explorer at a line from the empty board of a board ({family, variant,
// columns}), or, when line is null, at a stored position (node:ID).
export function exploreHref(board, line, { position = '', symmetric = false, filters = [] } = {}) {
  const blank = readState(new URLSearchParams());
  if (line === null) return stateHref({ ...blank, position, symmetric, filters });
  return stateHref({
    ...blank,
    family: board.family,
    size: board.family === 'blokus' ? '' : String(board.columns),
    variant: board.variant || '',
    line,
    symmetric,
    filters,
  });
}

// What names one position and its filters: two states with the same key
// ask /api/next the same question.
export function positionKey(state) {
  return JSON.stringify([positionPairs(state), filterPairs(state)]);
}
