// The search page (#/search?<filters>&sort=&desc=&offset=&limit=): the
// filter form, the count, one page of hits, sorting by date, player and result,
// and the hit list as a zip. The URL holds the whole query, so a search can be
// reloaded, bookmarked and shared.

import * as api from './api.js';
import { h, saveBlob } from './dom.js';
import { href, go } from './router.js';
import { createSearchForm } from './search_form.js';
import { renderHits } from './hit_list.js';
import { errorBox } from './errors.js';

const PAGING = ['sort', 'desc', 'offset', 'limit'];

export function renderSearchPage(main, params) {
  const filters = [...params].filter(([k]) => !PAGING.includes(k));
  const sort = params.get('sort') || 'id';
  const desc = params.get('desc') === '1';
  const offset = Number(params.get('offset') || 0);
  const limit = Number(params.get('limit') || 50);
  const nav = (f, extra) => go(href('search', '', [...f, ...extra]));
  const paging = (o = {}) => {
    const s = o.sort ?? sort;
    const d = o.desc ?? desc;
    const l = o.limit ?? limit;
    return [['sort', s === 'id' ? '' : s], ['desc', d ? '1' : ''], ['offset', o.offset ? o.offset : ''], ['limit', l === 50 ? '' : l]];
  };
  const form = createSearchForm(params, (pairs) => nav(pairs, paging({ offset: 0 })));
  const results = h('section', { class: 'results', 'aria-label': 'Hits', 'aria-busy': 'true' }, h('p', { class: 'loading' }, 'Searching…'));
  const zipFormat = h('select', { id: 'zip-format', 'aria-label': 'File format of the zip' },
    h('option', { value: 'sgf' }, 'SGF files'), h('option', { value: 'gtv' }, 'game-tree files (Hex, Twixt)'));
  const zipStatus = h('span', { class: 'zip-status', 'aria-live': 'polite' });
  const zipButton = h('button', { type: 'button', id: 'download-zip', class: 'secondary', onclick: async () => {
    zipStatus.textContent = 'Preparing the zip…';
    zipButton.disabled = true;
    try {
      const { blob, name } = await api.gamesZip(filters, zipFormat.value);
      saveBlob(blob, name === 'download' ? 'ludex-games.zip' : name);
      zipStatus.textContent = '';
    } catch (e) {
      zipStatus.replaceChildren(errorBox(e, 'zip'));
    } finally {
      zipButton.disabled = false;
    }
  } }, 'Download all hits as a zip');
  main.replaceChildren(h('div', { class: 'search-page' },
    h('aside', { class: 'filters' }, h('h1', {}, 'Search games'), form.element),
    h('div', { class: 'results-col' }, results,
      h('div', { class: 'zip' }, zipButton, ' of ', zipFormat, ' ', zipStatus))));

  const pairs = [...filters, ['sort', sort === 'id' ? '' : sort], ['desc', desc ? '1' : ''], ['offset', offset || ''], ['limit', limit]];
  api.games(pairs).then((answer) => {
    results.replaceChildren(renderHits(answer, {
      sort, desc,
      onSort: (s, d) => nav(filters, paging({ sort: s, desc: d, offset: 0 })),
      onPage: (o, l) => nav(filters, paging({ offset: o, limit: l })),
    }));
    results.setAttribute('aria-busy', 'false');
  }).catch((e) => {
    results.replaceChildren(errorBox(e, 'search'));
    results.setAttribute('aria-busy', 'false');
  });
}
