// One event's page (#/event/ID or #/event?name=&family=&size=&part=, and
// kind=&scoring=&tie-breaks= to lay it out otherwise), from /api/event
// (`ludex event --json`): the standings with their tie-breaks and the
// table of the event's kind: a crosstable, Swiss/McMahon rounds or a
// knockout bracket; for a Little Golem level, the events below it with
// their leaders. Every cell opens its game, every name the player's page,
// and "these games" opens the search with the event's filter.

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { href, go } from './router.js';
import { errorBox } from './errors.js';
import { boardText, eventGamesHref, eventHref } from './events_page.js';

const KINDS = ['', 'round-robin', 'swiss', 'knockout', 'match', 'games'];
const KIND_NAMES = {
  'round-robin': 'Round robin', swiss: 'Swiss / McMahon rounds', knockout: 'Knockout', match: 'Match',
  games: 'No layout', levels: 'Little Golem level',
};
const RESULT_WORDS = { 1: 'won', 0: 'lost', '=': 'drawn', '?': 'not scored', '+': 'won', '-': 'lost' };

function number(v) {
  return Number.isInteger(v) ? fmt.format(v) : String(Math.round(v * 100) / 100);
}

function playerLink(name) {
  return h('a', { href: href('player', name), class: 'name' }, name);
}

function gameLink(id, text, title) {
  return h('a', { href: href('game', String(id)), class: 'cell-game', title }, text);
}

function dates(e) {
  if (!e.first_date) return 'no dates';
  return e.first_date === e.last_date ? e.first_date : `${e.first_date} – ${e.last_date}`;
}

function standingsTable(page) {
  const tbs = page.tie_breaks;
  return h('table', { class: 'players standings', id: 'event-standings' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, '#'), h('th', { scope: 'col' }, 'Player'),
      ...['Score', 'Games', 'W', 'D', 'L'].map((t) => h('th', { scope: 'col', class: 'num' }, t)),
      ...tbs.map((t) => h('th', { scope: 'col', class: 'num' }, t)))),
    h('tbody', {}, page.standings.map((s) => h('tr', { class: 'standing', 'data-name': s.name },
      h('td', { class: 'num' }, `${s.rank}${s.shared ? '=' : ''}`),
      h('td', {}, playerLink(s.name), s.unscored ? h('span', { class: 'aliases', title: 'games in the event without a result ludex can score' }, ` +${s.unscored} not scored`) : null),
      h('td', { class: 'num score' }, number(s.score)), h('td', { class: 'num' }, fmt.format(s.games)),
      h('td', { class: 'num' }, fmt.format(s.wins)), h('td', { class: 'num' }, fmt.format(s.draws)),
      h('td', { class: 'num' }, fmt.format(s.losses)),
      ...tbs.map((t) => h('td', { class: 'num' }, number(s.tie_breaks[t])))))));
}

function crosstable(page) {
  const rows = page.crosstable;
  return h('table', { class: 'players crosstable', id: 'event-crosstable' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, '#'), h('th', { scope: 'col' }, 'Player'),
      ...rows.map((_, j) => h('th', { scope: 'col', class: 'num' }, String(j + 1))),
      h('th', { scope: 'col', class: 'num' }, 'Score'))),
    h('tbody', {}, rows.map((row, i) => h('tr', { 'data-name': row.name },
      h('td', { class: 'num' }, String(i + 1)), h('td', {}, playerLink(row.name)),
      ...row.cells.map((cell, j) => h('td', { class: i === j ? 'cross self' : 'cross' },
        i === j ? '' : cell.map((g) => gameLink(g.game, `${g.result === '=' ? '½' : g.result}${g.seat === 1 ? 'b' : 'w'}`,
          `${RESULT_WORDS[g.result]} against ${rows[j].name}, ${g.seat === 1 ? 'seat 1 (first move)' : 'seat 2'}`)))),
      h('td', { class: 'num score' }, number(page.standings[i].score))))));
}

function roundTable(page) {
  const { count, rows } = page.rounds;
  const rounds = Array.from({ length: count }, (_, r) => r + 1);
  return h('table', { class: 'players rounds', id: 'event-rounds' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, '#'), h('th', { scope: 'col' }, 'Player'),
      ...rounds.map((r) => h('th', { scope: 'col' }, `R${r}`)), h('th', { scope: 'col', class: 'num' }, 'Score'))),
    h('tbody', {}, rows.map((row, i) => h('tr', { 'data-name': row.name },
      h('td', { class: 'num' }, String(i + 1)), h('td', {}, playerLink(row.name)),
      ...row.rounds.map((cell) => h('td', { class: 'round' }, cell.length ? cell.map((c) => gameLink(c.game,
        `${c.opponent}${c.result}/${c.colour}${c.handicap ? c.handicap : ''}`,
        `${RESULT_WORDS[c.result]} against ${rows[c.opponent - 1] ? rows[c.opponent - 1].name : '?'}${c.handicap ? `, handicap ${c.handicap}` : ''}`)) : '–')),
      h('td', { class: 'num score' }, number(page.standings[i].score))))));
}

function bracket(page) {
  const stages = page.bracket;
  const title = (k) => {
    if (k === stages.length - 1 && stages[k].length === 1) return 'Final';
    if (k === stages.length - 2) return 'Semi-finals';
    if (k === stages.length - 3) return 'Quarter-finals';
    return `Stage ${k + 1}`;
  };
  return h('div', { class: 'bracket', id: 'event-bracket' }, stages.map((stage, k) => h('section', { class: 'stage' },
    h('h3', {}, title(k)),
    stage.map((p) => h('div', { class: 'pairing' },
      h('div', { class: p.winner === p.a ? 'side won' : 'side' }, playerLink(p.a), h('span', { class: 'score' }, number(p.score_a))),
      h('div', { class: p.winner === p.b ? 'side won' : 'side' }, playerLink(p.b), h('span', { class: 'score' }, number(p.score_b))),
      h('div', { class: 'games' }, p.games.map((g, i) => gameLink(g, `game ${i + 1}`, `game ${g}`))))))));
}

function groupsTable(page) {
  return h('table', { class: 'players groups', id: 'event-groups' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Event'), h('th', { scope: 'col' }, 'Kind'),
      h('th', { scope: 'col', class: 'num' }, 'Games'), h('th', { scope: 'col', class: 'num' }, 'Players'), h('th', { scope: 'col' }, 'Leader'))),
    h('tbody', {}, page.groups.map((g) => h('tr', { 'data-name': g.name },
      h('td', {}, h('a', { href: eventHref(g) }, g.name)),
      h('td', {}, g.kind === 'levels' ? `${fmt.format(g.groups)} below` : g.kind),
      h('td', { class: 'num' }, h('a', { href: eventGamesHref(g) }, fmt.format(g.games))),
      h('td', { class: 'num' }, fmt.format(g.players)),
      h('td', {}, g.leader ? [playerLink(g.leader), ` ${number(g.leader_score)}${g.leader_shared ? ' (shared)' : ''}`] : '')))));
}

export function renderEventPage(main, arg, params) {
  const own = ['kind', 'scoring', 'tie-breaks'];
  const which = arg ? [['id', arg]] : ['name', 'family', 'size', 'part'].map((k) => [k, params.get(k) || '']);
  const layout = own.map((k) => [k, params.get(k) || '']);
  const body = h('div', { class: 'player-page event-page', 'aria-busy': 'true' }, h('p', { class: 'loading' }, 'Loading the event…'));
  main.replaceChildren(body);
  api.event([...which, ...layout]).then((page) => {
    const e = page.event;
    const level = page.kind === 'levels';
    const inputs = {
      kind: h('select', { id: 'event-kind', name: 'kind' }, KINDS.map((k) => h('option', { value: k, selected: (params.get('kind') || '') === k }, k ? KIND_NAMES[k] : 'as detected'))),
      scoring: h('input', { id: 'event-scoring', name: 'scoring', value: params.get('scoring') || '', placeholder: '1,0.5,0', size: 8 }),
      'tie-breaks': h('input', { id: 'event-tie-breaks', name: 'tie-breaks', value: params.get('tie-breaks') || '', placeholder: page.tie_breaks.join(','), size: 28 }),
    };
    const form = h('form', { class: 'players-form', id: 'event-form', onsubmit: (ev) => {
      ev.preventDefault();
      go(href('event', arg || '', [...(arg ? [] : which), ...own.map((k) => [k, inputs[k].value.trim()])]));
    } },
    h('label', { for: 'event-kind' }, 'Table'), ' ', inputs.kind, ' ', h('label', { for: 'event-scoring' }, 'Scoring'), ' ', inputs.scoring, ' ',
    h('label', { for: 'event-tie-breaks' }, 'Tie-breaks'), ' ', inputs['tie-breaks'], ' ', h('button', { type: 'submit', id: 'event-apply' }, 'Lay out'));
    const heading = h('header', {},
      h('h1', {}, e.name, e.part > 1 ? h('span', { class: 'aliases' }, ` (part ${e.part})`) : null),
      h('p', { class: 'summary' }, `${boardText(e)} · `, h('a', { href: eventGamesHref(e), id: 'event-games' }, `${fmt.format(e.games)} games`),
        ` · ${fmt.format(e.players)} players · ${dates(e)}`, e.rounds ? ` · ${e.rounds} rounds` : '',
        e.parent_id ? [' · in ', h('a', { href: href('event', String(e.parent_id)), id: 'event-parent' }, 'the level above')] : null),
      h('p', { class: 'kind', id: 'event-kind-line' }, h('strong', {}, KIND_NAMES[page.kind] || page.kind),
        page.kind !== page.detected_kind ? ` (asked for; the games read as ${page.detected_kind})` : '', level ? '' : `: ${page.why}`));
    const parts = [heading];
    if (level) {
      parts.push(h('h2', {}, 'Below it'), groupsTable(page));
    } else {
      parts.push(form, h('h2', {}, 'Standings'),
        h('p', { class: 'note' }, `Win ${number(page.scoring.win)}, draw ${number(page.scoring.draw)}, loss ${number(page.scoring.loss)}; tie-breaks in order: ${page.tie_breaks.join(', ') || 'none'}.`),
        standingsTable(page));
      if (page.crosstable) parts.push(h('h2', {}, 'Crosstable'), h('p', { class: 'note' }, 'Each game from the row’s side: 1 won, 0 lost, ½ drawn, ? not scored; b the row’s player had seat 1 (the first move; Black in Go), w seat 2.'), crosstable(page));
      if (page.rounds) parts.push(h('h2', {}, 'Rounds'), h('p', { class: 'note' }, 'Each cell: the opponent’s place, + won, − lost, = drawn, ? not scored, the colour (b seat 1, w seat 2) and the handicap; – no game (a bye or an absence).'), roundTable(page));
      if (page.bracket) parts.push(h('h2', {}, 'Bracket'), bracket(page));
      if (page.kind === 'games') parts.push(h('p', { class: 'note' }, `No table: ${page.why}. Choose a table above to lay the games out as one.`));
    }
    if (page.unplaced.length) {
      parts.push(h('h2', {}, 'Not placed or not scored'), h('ul', { id: 'event-unplaced' },
        page.unplaced.map((u) => h('li', {}, gameLink(u.game, `game ${u.game}`), `: ${u.why}`))));
    }
    body.replaceChildren(...parts);
    body.setAttribute('aria-busy', 'false');
    document.title = `ludex · ${e.name}`;
  }).catch((err) => {
    body.replaceChildren(errorBox(err, 'event'));
    body.setAttribute('aria-busy', 'false');
  });
}
