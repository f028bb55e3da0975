// One page of hits of /api/games as a table, with the count and paging.
// Contract: renderHits(answer, {sortable, sort, desc, onSort, onPage,
// limit}) -> element. `answer` is the API's {level, total, offset, limit,
// hits}; a game hit links to #/game/ID, a node hit to the node
// (#/game/ID?node_id=N). onSort(sort, desc) and onPage(offset, limit) are
// called by the headers and the paging buttons; nothing here fetches. The
// element may be patched with another answer's (dom.js patchChildren): a
// row's click goes to the game its data-game and data-node name.

import { h, tag, escapeMarkup as text, fmt } from './dom.js';
import { href } from './router.js';
import { FAMILY_NAMES } from './families.js';
import { SOURCES } from './eval_sources.js';

export function players(hit) {
  return (hit.players || []).map((p) => p.name || '?').join(' – ');
}

// The evaluations a node hit met, each with its source, on its own scale:
// "Sabaki win rate 55.2 · Sabaki score lead −0.8".
function evaluations(hit) {
  return (hit.evaluations || []).map((e) => `${(SOURCES[e.source] || { name: e.source }).name} ${fmt.format(e.value)}`).join(' · ');
}

function gameHref(hit) {
  return hit.node_id ? href('game', hit.game_id, [['node_id', hit.node_id]]) : href('game', hit.game_id);
}

export function renderHits(answer, opts = {}) {
  // compact: fewer columns (the explorer's narrow side panel).
  const { sort = 'id', desc = false, onSort, onPage, compact = false } = opts;
  const nodes = answer.level === 'nodes';
  // With first=1 a node-level answer has one hit per game.
  const what = nodes && !opts.perGame ? 'positions' : 'games';
  const from = answer.total ? answer.offset + 1 : 0;
  const to = answer.offset + answer.hits.length;
  const count = h('p', { class: 'count', id: 'hit-count', 'data-total': answer.total, 'aria-live': 'polite' },
    h('strong', {}, fmt.format(answer.total)), ` ${answer.total === 1 ? what.replace(/s$/, '') : what}`,
    answer.total > answer.hits.length ? ` · ${fmt.format(from)}–${fmt.format(to)}` : '');

  const sortHeader = (key, text) => {
    if (!onSort) return h('th', { scope: 'col' }, text);
    const active = sort === key;
    return h('th', { scope: 'col', 'aria-sort': active ? (desc ? 'descending' : 'ascending') : 'none' },
      h('button', { type: 'button', class: 'sort', 'data-sort': key, title: `Sort by ${text.toLowerCase()}`,
        onclick: () => onSort(key, active ? !desc : false) }, text, active ? (desc ? ' ▼' : ' ▲') : ''));
  };
  const showEvals = nodes && answer.hits.some((x) => x.evaluations);
  const head = h('tr', {},
    h('th', { scope: 'col' }, 'Game'),
    compact ? null : h('th', { scope: 'col' }, 'Family'),
    sortHeader('date', 'Date'),
    sortHeader('player', 'Players'),
    sortHeader('result', 'Result'),
    h('th', { scope: 'col', class: 'num' }, 'Moves'),
    nodes ? h('th', { scope: 'col', class: 'num' }, 'At move') : null,
    showEvals ? h('th', { scope: 'col' }, 'Evaluations') : null,
    nodes && answer.hits.some((x) => x.comment) ? h('th', { scope: 'col' }, 'Comment') : null,
    compact ? null : h('th', { scope: 'col' }, 'Event'),
    compact ? null : h('th', { scope: 'col' }, 'Source'));
  const showComment = nodes && answer.hits.some((x) => x.comment);
  // The rows are one markup string and a click on a row is handled on the
  // tbody: an explorer step draws a page of games, and elements made one by
  // one took several times longer.
  const rowOf = (hit) => tag('tr', { class: 'hit', 'data-game': hit.game_id, 'data-node': hit.node_id ?? null },
    tag('td', {}, tag('a', { href: gameHref(hit) }, `#${text(hit.game_id)}`)),
    compact ? null : tag('td', {}, hit.family === 'blokus' && hit.variant ? text(hit.variant)
      : [text(FAMILY_NAMES[hit.family] || hit.family), hit.variant && hit.family !== 'go' ? tag('span', { class: 'variant' }, ` ${text(hit.variant)}`) : null]),
    tag('td', { class: 'date' }, text(hit.date || '')),
    tag('td', { class: 'players' }, (hit.players || []).map((p, i) => [i ? ' – ' : '',
      p.name ? tag('a', { href: href('player', p.name), class: 'player-link' }, text(p.name)) : '?'])),
    tag('td', {}, text(hit.result || '')),
    tag('td', { class: 'num' }, text(hit.moves ?? '')),
    nodes ? tag('td', { class: 'num' }, text(hit.move_number ?? ''), hit.main_line === false ? tag('span', { class: 'var-tag', title: 'in a variation' }, ' var') : null) : null,
    showEvals ? tag('td', { class: 'evals' }, text(evaluations(hit))) : null,
    showComment ? tag('td', { class: 'comment' }, highlight(hit.comment || '')) : null,
    compact ? null : tag('td', { class: 'event' }, text(hit.event || '')),
    compact ? null : tag('td', { class: 'source', title: hit.file }, text(`${baseName(hit.file)}:${hit.game_index}`)));
  const body = h('tbody');
  body.innerHTML = answer.hits.map(rowOf).join('');
  // The row names its game and node: a list patched with the rows of
  // another answer (explorer_games.js) keeps this listener.
  body.addEventListener('click', (e) => {
    const row = e.target instanceof Element && !e.target.closest('a') ? e.target.closest('tr.hit') : null;
    if (row) location.hash = gameHref({ game_id: row.dataset.game, node_id: Number(row.dataset.node || 0) });
  });
  const table = h('table', { class: 'hits' }, h('thead', {}, head), body);
  const limit = answer.limit;
  const pages = Math.max(1, Math.ceil(answer.total / limit));
  const page = Math.floor(answer.offset / limit) + 1;
  const pager = onPage && answer.total > 0 ? h('nav', { class: 'pager', 'aria-label': 'Pages of hits' },
    h('button', { type: 'button', disabled: page <= 1, onclick: () => onPage(0, limit) }, '« First'),
    h('button', { type: 'button', disabled: page <= 1, rel: 'prev', onclick: () => onPage(Math.max(0, answer.offset - limit), limit) }, '‹ Previous'),
    h('span', { class: 'page' }, `page ${fmt.format(page)} of ${fmt.format(pages)}`),
    h('button', { type: 'button', disabled: page >= pages, rel: 'next', onclick: () => onPage(answer.offset + limit, limit) }, 'Next ›'),
    h('button', { type: 'button', disabled: page >= pages, onclick: () => onPage((pages - 1) * limit, limit) }, 'Last »'),
    h('label', {}, ' per page ', h('select', { onchange: (e) => onPage(0, Number(e.target.value)) },
      [25, 50, 100, 200, 500].map((n) => h('option', { value: n, selected: n === limit || null }, n))))) : null;
  return h('div', { class: 'hit-list' }, count,
    answer.hits.length ? h('div', { class: 'table-wrap' }, table) : h('p', { class: 'empty' }, 'No hits.'), pager);
}

function baseName(path) {
  const p = path || '';
  return p.slice(p.lastIndexOf('/') + 1);
}

// "A [blunder] here" -> markup with <mark> around the matched words.
function highlight(comment) {
  const parts = comment.split(/(\[[^\]]*\])/);
  return parts.map((p) => (p.startsWith('[') && p.endsWith(']') ? tag('mark', {}, text(p.slice(1, -1))) : text(p)));
}
