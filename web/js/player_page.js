// One player's page (#/player/NAME?<game filters>&player=OPPONENT), from
// /api/player (`ludex player --json`): the record in total, by seat, by
// colour as finally played, by board, year and event and against each
// opponent; the ranks stated over time as a plot; the openings in each
// seat as a small board and moves tables, which open the explorer as this
// player sees it. Every count
// links to its games; an opponent's name opens the head-to-head (this page
// with player=OPPONENT).

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { href } from './router.js';
import { errorBox } from './errors.js';
import { FAMILY_NAMES } from './families.js';
import { playerGamesHref } from './players_page.js';
import { boardFor } from './boards.js';
import { canDraw, createBoard } from './board_view.js';
import { candidateMarks, moveText } from './continuation_table.js';

const SVG = 'http://www.w3.org/2000/svg';

function score(r) {
  const decided = r.wins + r.losses + r.draws;
  return decided ? `${Math.round((100 * (r.wins + r.draws / 2)) / decided)}%` : '–';
}

// A date as the tables show it: its first ten characters (DT as written
// may carry a time, "2007.03.20 19:16"; the cell's title has it whole).
function day(date) {
  return (date || '').slice(0, 10);
}

// The search pairs that give a table row's games.
function rowPairs(table, key) {
  switch (table) {
    case 'by_seat': return [['as', key]];
    case 'by_colour': return [['as', key]];
    case 'by_year': return key ? [['date-from', key], ['date-to', key]] : [];
    case 'by_event': return key ? [['event', key]] : [];
    case 'by_board': {
      const [family, size] = key.split(' ');
      return [['family', family], ['size', size ? size.split('x')[0] : '']];
    }
    case 'by_opponent': return [['player', key]];
    default: return [];
  }
}

function keyText(table, key) {
  if (table === 'by_seat') return key === '1' ? 'seat 1 (moved first)' : `seat ${key}`;
  if (table === 'by_colour') return key === 'black' ? 'Black' : 'White';
  if (table === 'by_board') {
    const [family, size] = key.split(' ');
    return `${FAMILY_NAMES[family] || family}${size ? ` ${size}` : ''}`;
  }
  return key || '(none)';
}

function recordTable(page, filters, table, title, opts = {}) {
  const rows = page[table];
  if (!rows || rows.length === 0) return null;
  const shown = opts.limit ? rows.slice(0, opts.limit) : rows;
  const gamesLink = (pairs, n) => h('a', { href: playerGamesHref(page.name, filters, pairs) }, fmt.format(n));
  return h('section', { class: 'player-table', 'data-table': table },
    h('h2', {}, title),
    h('table', { class: 'record', id: `player-${table.replace('_', '-')}` },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), h('th', { scope: 'col', class: 'num' }, 'Games'),
        h('th', { scope: 'col', class: 'num' }, 'Won'), h('th', { scope: 'col', class: 'num' }, 'Lost'),
        h('th', { scope: 'col', class: 'num' }, 'Drawn'), h('th', { scope: 'col', class: 'num' }, 'Score'),
        h('th', { scope: 'col' }, 'First'), h('th', { scope: 'col' }, 'Last'))),
      h('tbody', {}, shown.map((r) => h('tr', { 'data-key': r.key },
        h('th', { scope: 'row' }, table === 'by_opponent'
          ? h('a', { href: href('player', page.name, [...filters, ['player', r.key]]), title: `${page.name} against ${r.key}` }, r.key)
          : keyText(table, r.key)),
        h('td', { class: 'num games' }, gamesLink(rowPairs(table, r.key), r.games)),
        h('td', { class: 'num' }, fmt.format(r.wins)), h('td', { class: 'num' }, fmt.format(r.losses)),
        h('td', { class: 'num' }, fmt.format(r.draws)), h('td', { class: 'num' }, score(r)),
        h('td', { class: 'date', title: r.first_date || null }, day(r.first_date)),
        h('td', { class: 'date', title: r.last_date || null }, r.last_game ? h('a', { href: href('game', r.last_game) }, day(r.last_date) || `#${r.last_game}`) : day(r.last_date)))))),
    rows.length > shown.length ? h('p', { class: 'more' }, `and ${fmt.format(rows.length - shown.length)} more`) : null);
}

// The ranks stated, by date: one point per game whose rank was read, on
// the rank order (kyu low, dan above, professional on top), joined by a
// line. Unread ranks are listed under it.
function rankPlot(page) {
  const order = (text) => {
    const m = /^(\d+)([kdp])/.exec(text || '');
    if (!m) return null;
    const n = Number(m[1]);
    return m[2] === 'k' ? 100 - n : m[2] === 'd' ? 100 + n : 200 + n;
  };
  const points = page.ranks.filter((r) => r.rank).map((r, i) => ({ i, r, y: order(r.rank) }));
  if (points.length === 0) return null;
  const w = 520;
  const hgt = 140;
  const lo = Math.min(...points.map((p) => p.y)) - 1;
  const hi = Math.max(...points.map((p) => p.y)) + 1;
  const x = (i) => 30 + ((w - 40) * i) / Math.max(1, points.length - 1);
  const y = (v) => 10 + ((hgt - 30) * (hi - v)) / Math.max(1, hi - lo);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${hgt}`);
  svg.setAttribute('class', 'rank-plot');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Ranks stated in ${points.length} games, from ${points[0].r.rank} to ${points[points.length - 1].r.rank}`);
  const el = (name, attrs, text) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  el('polyline', { points: points.map((p, k) => `${x(k)},${y(p.y)}`).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 });
  const labels = new Set();
  points.forEach((p, k) => {
    const c = el('circle', { cx: x(k), cy: y(p.y), r: 3 });
    c.appendChild(document.createElementNS(SVG, 'title')).textContent = `${p.r.date || 'no date'}: ${p.r.rank} (game ${p.r.game})`;
    if (!labels.has(p.r.rank)) {
      labels.add(p.r.rank);
      el('text', { x: 2, y: y(p.y) + 4, 'font-size': 10 }, p.r.rank);
    }
  });
  const first = points[0].r.date || '';
  const last = points[points.length - 1].r.date || '';
  el('text', { x: 30, y: hgt - 4, 'font-size': 10 }, first);
  el('text', { x: w - 10, y: hgt - 4, 'font-size': 10, 'text-anchor': 'end' }, last);
  return svg;
}

// One step of the openings as a moves table: each move opens the explorer
// after it, as this player in this seat (its games listed there).
function openingTable(o, step, explorePairs, id) {
  return h('table', { class: 'record opening-moves', id },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'after-text' }, step.after ? `After ${step.after}` : 'First move'),
      h('th', { scope: 'col', class: 'num' }, 'Games'), h('th', { scope: 'col', class: 'num' }, 'Won'),
      h('th', { scope: 'col', class: 'num' }, 'Lost'), h('th', { scope: 'col', class: 'num' }, 'Score'))),
    h('tbody', {}, step.moves.map((m) => h('tr', { 'data-move': m.move },
      h('th', { scope: 'row', class: 'move-text' }, m.move),
      h('td', { class: 'num games' }, h('a', { href: href('explore', '', [['family', o.family], ['size', String(o.size)], ['line', m.line], ...explorePairs]), title: `the explorer after ${m.line}, with these games` }, fmt.format(m.games))),
      h('td', { class: 'num' }, fmt.format(m.wins)), h('td', { class: 'num' }, fmt.format(m.losses)),
      h('td', { class: 'num' }, m.wins + m.losses ? `${Math.round((100 * m.wins) / (m.wins + m.losses))}%` : '–')))));
}

// The first moves on a small board: the explorer's marks (letters for the
// most played, dots for the rest), drawn once the board is known; then the
// moves of `tables` get the board's labels (Go "B Q16" for "B pd").
function openingBoard(o, tables) {
  const holder = h('div', { class: 'opening-board' });
  boardFor(o.family, { size: String(o.size) }).then((board) => {
    const steps = [o.first, o.replies].filter(Boolean);
    tables.filter(Boolean).forEach((table, k) => {
      table.querySelectorAll('tbody th.move-text').forEach((th, j) => {
        const m = steps[k].moves[j];
        if (m) th.textContent = moveText(board, m);
      });
    });
    const after = tables[1] && tables[1].querySelector('thead th.after-text');
    if (after && o.first.moves[0]) after.textContent = `After ${moveText(board, o.first.moves[0])}`;
    if (!canDraw(board)) return;
    const view = createBoard(board);
    const { hints } = candidateMarks(o.first, board);
    view.render({ stones: new Map(), links: new Map() }, { hints });
    holder.replaceChildren(view.element);
  }).catch(() => {});
  return holder;
}

// The openings of /api/player (query/player_openings.h): on the board the
// player played most, in each seat, the first moves of its games from the
// empty board as the explorer counts them, and in seat 2 its replies to
// the first move it met most.
function openings(page, filters) {
  const list = (page.openings || []).filter((o) => o.first.games > 0);
  if (list.length === 0) return null;
  const own = filters.filter(([k]) => k !== 'player');
  const opponent = filters.filter(([k]) => k === 'player');
  return h('section', { class: 'player-openings' }, h('h2', {}, 'Openings'),
    h('p', {}, 'The first moves of ', page.name, '’s games from the empty board, in the explorer; won and lost by its seat. A count opens the explorer there, with its games.'),
    list.map((o, i) => {
      const explorePairs = [['player', page.name], ...opponent.map(([, v]) => ['player', v]), ['as', String(o.seat)], ...own.filter(([k]) => k !== 'family' && k !== 'size')];
      const colour = o.colour === 'black' ? 'Black' : 'White';
      return h('div', { class: 'opening', 'data-seat': String(o.seat), 'data-family': o.family },
        h('h3', {}, `${FAMILY_NAMES[o.family] || o.family} ${o.size}×${o.size}, seat ${o.seat} (${colour}${o.family === 'go' ? '' : ' before any swap'}, ${o.seat === 1 ? 'moving first' : 'moving second'}): `,
          h('a', { href: href('explore', '', [['family', o.family], ['size', String(o.size)], ...explorePairs]), class: 'explore-as' }, `${fmt.format(o.first.games)} game${o.first.games === 1 ? '' : 's'}`)),
        (() => {
          const tables = [openingTable(o, o.first, explorePairs, `opening-${i}-first`),
            o.replies && o.replies.moves.length ? openingTable(o, o.replies, explorePairs, `opening-${i}-replies`) : null];
          return h('div', { class: 'opening-body' }, openingBoard(o, tables), h('div', {}, tables.filter(Boolean)));
        })());
    }));
}

export function renderPlayerPage(main, name, params) {
  const filters = [...params];
  const section = h('div', { class: 'player-page', 'aria-busy': 'true' }, h('h1', {}, name), h('p', { class: 'loading' }, 'Loading…'));
  main.replaceChildren(section);
  api.player([['name', name], ...filters]).then((page) => {
    const opponent = filters.find(([k]) => k === 'player');
    const unread = page.ranks.filter((r) => !r.rank);
    section.replaceChildren(...[
      h('h1', { id: 'player-name' }, page.name, opponent ? h('span', { class: 'versus' }, ` against ${opponent[1]}`) : null),
      page.aliases.length ? h('p', { class: 'aliases' }, 'Also written: ', page.aliases.join(', ')) : null,
      h('p', { class: 'families' }, page.families.map((f) => FAMILY_NAMES[f] || f).join(', '), ' · ',
        h('a', { href: href('players', '', filters.filter(([k]) => k !== 'player')) }, 'all players'),
        opponent ? [' · ', h('a', { href: href('player', page.name, filters.filter(([k]) => k !== 'player')) }, `every opponent of ${page.name}`)] : null),
      recordTable({ ...page, total_row: [{ key: 'all games', ...page.total }] }, filters, 'total_row', 'Total'),
      recordTable(page, filters, 'by_seat', 'By seat'),
      recordTable(page, filters, 'by_colour', 'By colour, as finally played (after any swap)'),
      recordTable(page, filters, 'by_board', 'By board'),
      recordTable(page, filters, 'by_year', 'By year'),
      recordTable(page, filters, 'by_event', 'By event', { limit: 30 }),
      recordTable(page, filters, 'by_opponent', 'Against', { limit: 50 }),
      openings(page, filters),
      page.ranks.length ? h('section', { class: 'player-ranks' }, h('h2', {}, 'Ranks stated'), rankPlot(page),
        unread.length ? h('p', {}, 'Not read as ranks: ', [...new Set(unread.map((r) => r.written))].join(', ')) : null) : null,
    ].filter(Boolean));
    section.setAttribute('aria-busy', 'false');
  }).catch((e) => {
    section.replaceChildren(h('h1', {}, name), errorBox(e, 'player'));
    section.setAttribute('aria-busy', 'false');
  });
}
