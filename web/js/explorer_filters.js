// The explore page's filters: a date range, a player, an event (the
// options of `ludex next` and `query` of those names) and "with
// symmetries". They live in the URL and go with every request.
//
// Contract: filterForm(state, onApply(filters, symmetric)) -> <form>;
// filters are [[name, value]]: the form's fields (explorer_state.js
// FORM_FILTERS) where filled, then the URL's other filters unchanged.

import { h } from './dom.js';
import { FORM_FILTERS } from './explorer_state.js';

const FIELDS = {
  'date-from': { label: 'From', placeholder: 'YYYY[-MM[-DD]]', size: 10, title: 'games on or after this date (2010, 2010-05)' },
  'date-to': { label: 'to', placeholder: 'YYYY[-MM[-DD]]', size: 10, title: 'games on or before this date (a year includes all of it)' },
  player: { label: 'Player', placeholder: 'name, * wildcards', size: 14, title: 'a player in either seat, case-insensitive' },
  as: { label: 'as', placeholder: 'black, white, 1, 2', size: 8, title: 'where the player sat: black or white (as finally played), or seat 1 or 2' },
  event: { label: 'Event', placeholder: 'event, * wildcards', size: 14, title: 'the event, case-insensitive' },
  'rank-min': { label: 'Ranks', placeholder: '5d', size: 4, title: 'every player\'s stated rank at least this (30k < 1k < 1d < 9d < 1p)' },
  'rank-max': { label: 'to', placeholder: '9d', size: 4, title: 'every player\'s stated rank at most this' },
};

export function filterForm(state, onApply) {
  const value = (k) => (state.filters.find(([name]) => name === k) || [k, ''])[1];
  const inputs = Object.fromEntries(FORM_FILTERS.map((k) => [k, h('input', {
    id: `explore-${k}`, name: k, value: value(k), placeholder: FIELDS[k].placeholder, size: FIELDS[k].size, title: FIELDS[k].title,
  })]));
  const symmetric = h('input', { type: 'checkbox', id: 'explore-page-symmetric', checked: state.symmetric });
  const apply = (e) => {
    e.preventDefault();
    const own = FORM_FILTERS.map((k) => [k, inputs[k].value.trim()]).filter(([, v]) => v);
    const others = state.filters.filter(([k]) => !FORM_FILTERS.includes(k));
    onApply([...own, ...others], symmetric.checked);
  };
  const clear = () => {
    for (const input of Object.values(inputs)) input.value = '';
  };
  const active = state.filters.length > 0;
  return h('form', { class: `explore-filters${active ? ' active' : ''}`, id: 'explore-filters', onsubmit: apply },
    FORM_FILTERS.map((k) => h('span', { class: 'filter' }, h('label', { for: `explore-${k}` }, FIELDS[k].label), ' ', inputs[k])),
    h('span', { class: 'filter' }, symmetric, h('label', { for: 'explore-page-symmetric' }, ' with symmetries')),
    h('button', { type: 'submit', id: 'explore-apply' }, 'Apply'),
    h('button', { type: 'button', class: 'secondary', onclick: (e) => { clear(); apply(e); } }, 'Clear'));
}
