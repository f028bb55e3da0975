// The events page (#/events?event=&family=&size=&player=&date-from=&date-to=&levels=&offset=):
// the archive's events from /api/events (`ludex events`), filtered like a
// search. Each name opens its event page, each count its games in the
// search. The URL holds the whole list, so it reloads and shares.

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { href, go } from './router.js';
import { errorBox } from './errors.js';
import { FAMILY_NAMES } from './families.js';

const PAGE = 100;
const FILTERS = ['event', 'family', 'size', 'player', 'date-from', 'date-to', 'no-levels'];

// The board of an event as the tables show it: "Go 19×19".
export function boardText(e) {
  const family = FAMILY_NAMES[e.family] || e.family;
  return e.columns ? `${family} ${e.columns}×${e.rows}` : family;
}

// The link that opens an event's page: by id (kept events), else by name
// with its family, board and part.
export function eventHref(e) {
  if (e.id) return href('event', String(e.id));
  return href('event', '', [['name', e.name], ['family', e.family], ['size', e.columns || ''], ['part', e.part]]);
}

// An event's games as a search: its name, board and, for a part cut by
// dates, its dates.
export function eventGamesHref(e) {
  const pairs = [['event', e.name], ['family', e.family], ['size', e.columns && e.columns === e.rows ? e.columns : '']];
  if (e.part === 0) pairs[0] = ['event', `${e.name}.*`];
  if (e.part > 0 && e.first_date) pairs.push(['date-from', e.first_date.slice(0, 10)], ['date-to', e.last_date.slice(0, 10)]);
  return href('search', '', pairs);
}

function dates(e) {
  if (!e.first_date) return '';
  const a = e.first_date.slice(0, 10);
  const b = (e.last_date || '').slice(0, 10);
  return a === b ? a : `${a} – ${b}`;
}

function kindText(e) {
  if (e.kind === 'levels') return `${fmt.format(e.groups)} below`;
  return e.kind;
}

export function renderEventsPage(main, params) {
  const filters = FILTERS.map((k) => [k, params.get(k) || '']).filter(([, v]) => v);
  const offset = Number(params.get('offset') || 0);
  const nav = (f, o = 0) => go(href('events', '', [...f, ['offset', o || '']]));

  const inputs = {
    event: h('input', { id: 'events-event', name: 'event', value: params.get('event') || '', placeholder: 'name, * wildcards', size: 20 }),
    family: h('select', { id: 'events-family', name: 'family' },
      ['', 'go', 'hex', 'twixt', 'blokus', 'other'].map((f) => h('option', { value: f, selected: (params.get('family') || '') === f }, f ? FAMILY_NAMES[f] : 'any family'))),
    size: h('input', { id: 'events-size', name: 'size', type: 'number', min: 1, value: params.get('size') || '', placeholder: 'size', size: 4 }),
    player: h('input', { id: 'events-player', name: 'player', value: params.get('player') || '', placeholder: 'a player', size: 14 }),
    'date-from': h('input', { id: 'events-date-from', name: 'date-from', value: params.get('date-from') || '', placeholder: 'YYYY', size: 10 }),
    'date-to': h('input', { id: 'events-date-to', name: 'date-to', value: params.get('date-to') || '', placeholder: 'YYYY', size: 10 }),
    'no-levels': h('input', { id: 'events-no-levels', name: 'no-levels', type: 'checkbox', checked: params.get('no-levels') === '1' }),
  };
  const label = (k, text) => h('label', { for: `events-${k}` }, text);
  const value = (k) => (k === 'no-levels' ? (inputs[k].checked ? '1' : '') : inputs[k].value.trim());
  const form = h('form', { class: 'players-form', id: 'events-form', onsubmit: (e) => {
    e.preventDefault();
    nav(FILTERS.map((k) => [k, value(k)]).filter(([, v]) => v));
  } },
  label('event', 'Event'), ' ', inputs.event, ' ', label('family', 'Family'), ' ', inputs.family, ' ',
  label('size', 'Board'), ' ', inputs.size, ' ', label('player', 'Player'), ' ', inputs.player, ' ',
  label('date-from', 'From'), ' ', inputs['date-from'], ' ', label('date-to', 'to'), ' ', inputs['date-to'], ' ',
  inputs['no-levels'], ' ', label('no-levels', 'groups only'), ' ',
  h('button', { type: 'submit', id: 'events-apply' }, 'Find events'));

  const results = h('section', { class: 'results', 'aria-label': 'Events', 'aria-busy': 'true' }, h('p', { class: 'loading' }, 'Loading events…'));
  main.replaceChildren(h('div', { class: 'players-page events-page' }, h('h1', {}, 'Events'), form, results));

  api.events([...filters, ['offset', offset || ''], ['limit', PAGE + 1]]).then((answer) => {
    const more = answer.events.length > PAGE;
    const rows = answer.events.slice(0, PAGE);
    const num = (text) => h('th', { scope: 'col', class: 'num' }, text);
    const table = h('table', { class: 'players', id: 'events-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Event'), h('th', { scope: 'col' }, 'Board'),
        h('th', { scope: 'col' }, 'Kind'), num('Games'), num('Players'), num('Rounds'), h('th', { scope: 'col' }, 'Dates'))),
      h('tbody', {}, rows.map((e) => h('tr', { class: 'event', 'data-id': e.id || '', 'data-name': e.name },
        h('td', {}, h('a', { href: eventHref(e) }, e.name), e.part > 1 ? h('span', { class: 'aliases' }, ` (${e.part})`) : null),
        h('td', {}, boardText(e)), h('td', { class: 'kind' }, kindText(e)),
        h('td', { class: 'num games' }, h('a', { href: eventGamesHref(e), title: 'these games in the search' }, fmt.format(e.games))),
        h('td', { class: 'num' }, fmt.format(e.players)), h('td', { class: 'num' }, e.rounds ? fmt.format(e.rounds) : ''),
        h('td', { class: 'date', title: e.first_date ? `${e.first_date} – ${e.last_date}` : null }, dates(e))))));
    const pager = h('p', { class: 'paging' },
      offset > 0 ? h('button', { type: 'button', class: 'secondary', onclick: () => nav(filters, Math.max(0, offset - PAGE)) }, '← previous') : null,
      ` events ${fmt.format(rows.length ? offset + 1 : 0)}–${fmt.format(offset + rows.length)} `,
      more ? h('button', { type: 'button', class: 'secondary', id: 'events-next', onclick: () => nav(filters, offset + PAGE) }, 'next →') : null,
      answer.kept ? null : h('span', { class: 'note' }, ' (found from the games: the kept events wait for the next import)'));
    results.replaceChildren(rows.length ? table : h('p', {}, 'No event matches.'), pager);
    results.setAttribute('aria-busy', 'false');
  }).catch((e) => {
    results.replaceChildren(errorBox(e, 'events'));
    results.setAttribute('aria-busy', 'false');
  });
}
