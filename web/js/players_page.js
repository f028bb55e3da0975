// The players page (#/players?name=&family=&size=&date-from=&date-to=&sort=&desc=&offset=):
// the archive's players from /api/players (`ludex players`), searchable by
// name and filtered like a search, sortable by every column that has an
// order. Each name opens its player page; each count opens those games.
// The URL holds the whole list, so it reloads and shares.

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { href, go } from './router.js';
import { errorBox } from './errors.js';
import { FAMILY_NAMES } from './families.js';

const PAGE = 50;
const FILTERS = ['name', 'family', 'size', 'date-from', 'date-to', 'rank-min', 'rank-max'];

// The games of one player as a search: the player, and the list's own
// game filters.
export function playerGamesHref(name, filters, extra = []) {
  const own = filters.filter(([k]) => k !== 'name');
  return href('search', '', [['player', name], ...own, ...extra]);
}

export function rankRange(p) {
  if (!p.rank_low) return '';
  return p.rank_low === p.rank_high ? p.rank_low : `${p.rank_low}–${p.rank_high}`;
}

export function renderPlayersPage(main, params) {
  const filters = FILTERS.map((k) => [k, params.get(k) || '']).filter(([, v]) => v);
  const sort = params.get('sort') || 'games';
  const desc = params.get('desc') === '1';
  const offset = Number(params.get('offset') || 0);
  const nav = (f, o = {}) => go(href('players', '', [...f,
    ['sort', (o.sort ?? sort) === 'games' ? '' : (o.sort ?? sort)], ['desc', (o.desc ?? desc) ? '1' : ''],
    ['offset', o.offset ? o.offset : '']]));

  const inputs = {
    name: h('input', { id: 'players-name', name: 'name', value: params.get('name') || '', placeholder: 'name, * wildcards', size: 18 }),
    family: h('select', { id: 'players-family', name: 'family' },
      ['', 'go', 'hex', 'twixt', 'blokus', 'other'].map((f) => h('option', { value: f, selected: (params.get('family') || '') === f }, f ? FAMILY_NAMES[f] : 'any family'))),
    size: h('input', { id: 'players-size', name: 'size', type: 'number', min: 1, value: params.get('size') || '', placeholder: 'size', size: 4 }),
    'date-from': h('input', { id: 'players-date-from', name: 'date-from', value: params.get('date-from') || '', placeholder: 'YYYY', size: 10 }),
    'date-to': h('input', { id: 'players-date-to', name: 'date-to', value: params.get('date-to') || '', placeholder: 'YYYY', size: 10 }),
    'rank-min': h('input', { id: 'players-rank-min', name: 'rank-min', value: params.get('rank-min') || '', placeholder: '5d', size: 4 }),
    'rank-max': h('input', { id: 'players-rank-max', name: 'rank-max', value: params.get('rank-max') || '', placeholder: '9d', size: 4 }),
  };
  const label = (k, text) => h('label', { for: `players-${k}` }, text);
  const form = h('form', { class: 'players-form', id: 'players-form', onsubmit: (e) => {
    e.preventDefault();
    nav(FILTERS.map((k) => [k, inputs[k].value.trim()]).filter(([, v]) => v), { offset: 0 });
  } },
  label('name', 'Name'), ' ', inputs.name, ' ', label('family', 'Family'), ' ', inputs.family, ' ',
  label('size', 'Board'), ' ', inputs.size, ' ', label('date-from', 'From'), ' ', inputs['date-from'], ' ',
  label('date-to', 'to'), ' ', inputs['date-to'], ' ', label('rank-min', 'Ranks'), ' ', inputs['rank-min'], ' ',
  label('rank-max', 'to'), ' ', inputs['rank-max'], ' ', h('button', { type: 'submit', id: 'players-apply' }, 'Find players'));

  const results = h('section', { class: 'results', 'aria-label': 'Players', 'aria-busy': 'true' }, h('p', { class: 'loading' }, 'Loading players…'));
  main.replaceChildren(h('div', { class: 'players-page' }, h('h1', {}, 'Players'), form, results));

  // Each order's own direction (the server's): names and first dates up,
  // counts, last dates and ranks down; desc=1 turns it round.
  const sortHeader = (key, text, numeric) => {
    const active = sort === key;
    const up = (key === 'name' || key === 'first') !== desc;
    return h('th', { scope: 'col', class: numeric ? 'num' : null, 'aria-sort': active ? (up ? 'ascending' : 'descending') : 'none' },
      h('button', { type: 'button', class: 'sort', 'data-sort': key, title: `Sort by ${text.toLowerCase()}`,
        onclick: () => nav(filters, { sort: key, desc: active ? !desc : false, offset: 0 }) }, text, active ? (up ? ' ▲' : ' ▼') : ''));
  };
  api.players([...filters, ['sort', sort], ['desc', desc ? '1' : ''], ['offset', offset || ''], ['limit', PAGE + 1]]).then((answer) => {
    const more = answer.players.length > PAGE;
    const rows = answer.players.slice(0, PAGE);
    const link = (p, n, extra) => h('a', { href: playerGamesHref(p.name, filters, extra) }, fmt.format(n));
    const table = h('table', { class: 'players', id: 'players-table' },
      h('thead', {}, h('tr', {},
        sortHeader('name', 'Player'), sortHeader('games', 'Games', true), sortHeader('wins', 'Won', true),
        h('th', { scope: 'col', class: 'num' }, 'Lost'), h('th', { scope: 'col', class: 'num' }, 'Drawn'),
        sortHeader('first', 'First'), sortHeader('last', 'Last'), sortHeader('rank', 'Ranks stated'),
        h('th', { scope: 'col' }, 'Families'))),
      h('tbody', {}, rows.map((p) => h('tr', { class: 'player', 'data-name': p.name },
        h('td', {}, h('a', { href: href('player', p.name, filters.filter(([k]) => k !== 'name')) }, p.name),
          p.aliases.length ? h('span', { class: 'aliases', title: p.aliases.join(', ') }, ` +${p.aliases.length}`) : null),
        h('td', { class: 'num games' }, link(p, p.games, [])),
        h('td', { class: 'num' }, fmt.format(p.wins)), h('td', { class: 'num' }, fmt.format(p.losses)),
        h('td', { class: 'num' }, fmt.format(p.draws)),
        h('td', { class: 'date', title: p.first_date || null }, (p.first_date || '').slice(0, 10)), h('td', { class: 'date', title: p.last_date || null }, (p.last_date || '').slice(0, 10)),
        h('td', {}, rankRange(p)), h('td', {}, p.families.map((f) => FAMILY_NAMES[f] || f).join(', '))))));
    const pager = h('p', { class: 'paging' },
      offset > 0 ? h('button', { type: 'button', class: 'secondary', onclick: () => nav(filters, { offset: Math.max(0, offset - PAGE) }) }, '← previous') : null,
      ` players ${fmt.format(rows.length ? offset + 1 : 0)}–${fmt.format(offset + rows.length)} `,
      more ? h('button', { type: 'button', class: 'secondary', id: 'players-next', onclick: () => nav(filters, { offset: offset + PAGE }) }, 'next →') : null);
    results.replaceChildren(rows.length ? table : h('p', {}, 'No player matches.'), pager);
    results.setAttribute('aria-busy', 'false');
  }).catch((e) => {
    results.replaceChildren(errorBox(e, 'players'));
    results.setAttribute('aria-busy', 'false');
  });
}
