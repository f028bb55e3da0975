// Every game that reaches a position, paged and sortable by date, player
// and result: GET /api/games with the position's parameters and first=1
// (one row per game, at the move where it first reaches the position),
// drawn by hit_list.js.
//
// Contract: createGamesList({onList(list), compact, source, afterFrame})
// -> {element, load(pairs, list, {title})}. load() returns a promise
// settled when the list is drawn (or failed, or left for a newer load);
// pairs name the position and the filters, list is {sort, desc, offset,
// limit}. A newer load() cancels the request of an older one.
// source(ask, {signal}) answers the request's pairs (api.games, or a
// cache's: explorer_cache.js); gamesAsk(pairs, list) -> those pairs.
// afterFrame: the list is drawn in a task of its own after the next frame,
// never in the task that draws a step's moves (the explore page's: with
// both answers at hand, the list doubled the work before the moves could
// show).
// onList(list) is called when the user sorts or pages (the caller keeps
// the URL); the list is then loaded again.

import * as api from './api.js';
import { h, patchChildren } from './dom.js';
import { renderHits } from './hit_list.js';
import { errorBox } from './errors.js';

export function gamesAsk(pairs, list) {
  return [...pairs, ['first', '1'], ['sort', list.sort], ['desc', list.desc ? '1' : ''], ['offset', list.offset || ''], ['limit', list.limit]];
}

// Resolves after the next frame is drawn: a requestAnimationFrame callback
// runs before its frame's rendering, a task it posts after it.
const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function createGamesList({ onList, compact = false, source = api.games, afterFrame = false }) {
  const element = h('section', { class: 'explore-games', 'aria-label': 'Games reaching the position' });
  let controller = null;
  let pairs = [];
  let title = '';

  function load(newPairs, list, opts = {}) {
    pairs = newPairs;
    if (opts.title !== undefined) title = opts.title;
    if (controller) controller.abort();
    controller = new AbortController();
    const { signal } = controller;
    element.setAttribute('aria-busy', 'true');
    return source(gamesAsk(pairs, list), { signal }).then(async (answer) => {
      if (afterFrame) {
        await afterNextFrame();
        if (signal.aborted) return;
      }
      const change = (o) => {
        const next = { ...list, ...o };
        onList(next);
        load(pairs, next);
      };
      const fresh = h('div', {}, h('h2', {}, title), renderHits(answer, {
        sort: list.sort,
        desc: list.desc,
        perGame: true,
        compact,
        onSort: (sort, desc) => change({ sort, desc, offset: 0 }),
        onPage: (offset, limit) => change({ offset, limit }),
      }));
      // The list is patched: the rows already drawn take this answer's
      // texts, which needs about half the style work of new rows.
      patchChildren(element, fresh);
      element.setAttribute('aria-busy', 'false');
    }).catch((e) => {
      if (e.name === 'AbortError') return;
      element.replaceChildren(errorBox(e, 'games'));
      element.setAttribute('aria-busy', 'false');
    });
  }

  return { element, load };
}
