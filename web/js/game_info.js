// The game's metadata (players per colour, event, round, date, result,
// variant, board, source file and game index, format, warnings, the root's
// other properties) and its downloads (SGF, and the binary game-tree file
// for Hex and Twixt). Contract: renderGameInfo(doc) -> element;
// playersLine(doc) -> the one-line title above the board.

import * as api from './api.js';
import { h, saveBlob } from './dom.js';
import { errorBox } from './errors.js';
import { href } from './router.js';
import { colourFill, colourName, FAMILY_NAMES } from './families.js';

function seatSwatches(doc, seat) {
  return (doc.board.colours || []).filter((c) => c.seat === seat).map((c) =>
    h('span', { class: 'swatch', style: `background:${colourFill(doc.board, c.color)}`, title: colourName(doc.board, c.color) }));
}

export function playersLine(doc) {
  const seats = doc.players.length ? doc.players : [{ seat: 1, name: '?' }, { seat: 2, name: '?' }];
  return h('p', { class: 'game-title' },
    seats.map((p, k) => [k ? h('span', { class: 'vs' }, ' vs ') : null,
      h('span', { class: `player${doc.winner === p.seat ? ' winner' : ''}`, 'data-seat': p.seat }, seatSwatches(doc, p.seat), ' ',
        p.name ? h('a', { href: href('player', p.name), class: 'player-link' }, p.name) : '?')]),
    doc.result ? h('span', { class: 'result' }, ` · ${doc.result}`) : null,
    doc.date ? h('span', { class: 'date' }, ` · ${doc.date}`) : null);
}

export function downloadButtons(doc) {
  const status = h('span', { class: 'download-status', 'aria-live': 'polite' });
  const get = async (ext) => {
    status.textContent = '';
    try {
      const { blob, name } = await api.gameFile(doc.game_id, ext);
      saveBlob(blob, name);
    } catch (e) {
      status.replaceChildren(errorBox(e, 'download'));
    }
  };
  const gtv = doc.family === 'hex' ? 'hgt' : doc.family === 'twixt' ? 'tgt' : null;
  return h('div', { class: 'downloads' }, 'Download: ',
    h('button', { type: 'button', class: 'secondary', id: 'download-sgf', onclick: () => get('sgf') }, doc.family === 'blokus' ? 'SGF (.blksgf)' : 'SGF'),
    gtv ? h('button', { type: 'button', class: 'secondary', id: 'download-gtv', onclick: () => get(gtv) }, `game tree (.${gtv})`) : null,
    status);
}

export function renderGameInfo(doc) {
  const rows = [];
  const add = (k, v) => { if (v !== undefined && v !== null && v !== '') rows.push(h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, v))); };
  for (const p of doc.players) add(`Seat ${p.seat}`, [seatSwatches(doc, p.seat), ' ', h('a', { href: href('player', p.name), class: 'player-link' }, p.name)]);
  add('Result', doc.result);
  add('Date', doc.date);
  add('Event', doc.event);
  add('Round', doc.round);
  add('Game', `${FAMILY_NAMES[doc.family] || doc.family}${doc.variant ? ` · ${doc.variant}` : ''} · ${doc.board.columns}×${doc.board.rows}`);
  add('Source file', h('span', { class: 'path' }, doc.file));
  add('Game in file', `#${doc.game_index} (0-based)`);
  add('Format', `${doc.format}${doc.dialect && doc.dialect !== doc.format ? ` (${doc.dialect})` : ''}${doc.charset ? ` · ${doc.charset}` : ''}`);
  add('Database id', `game ${doc.game_id}, ${doc.nodes.length} nodes, ${doc.main_line.length - 1} main-line nodes after the root`);
  const root = doc.nodes[0];
  const props = (root.properties || []).filter((p) => !['AB', 'AW', 'AE'].includes(p.id));
  const warnings = doc.warnings.length ? h('div', { class: 'warnings' }, h('h3', {}, `${doc.warnings.length} warning${doc.warnings.length > 1 ? 's' : ''} when read`),
    h('ul', {}, doc.warnings.map((w) => h('li', {}, `line ${w.line}, column ${w.column}: ${w.message}`)))) : null;
  const propRows = props.map((p) => h('tr', {}, h('th', { scope: 'row' }, p.id), h('td', {}, p.values.join(' · '))));
  const propTable = props.length
    ? h('details', {}, h('summary', {}, `Other properties (${props.length})`), h('table', { class: 'meta props' }, h('tbody', {}, propRows)))
    : null;
  return h('div', { class: 'game-info' }, h('table', { class: 'meta' }, h('tbody', {}, rows)), downloadButtons(doc), warnings, propTable);
}
