// The search form: every filter of `ludex query` (docs/queries.md) by the
// API's parameter name, grouped as the documentation groups them.
// Contract: createSearchForm(params, onSubmit) -> {element, pairs()}: the
// form is filled from URLSearchParams `params`; pairs() gives the
// [name, value] pairs of every filled field (switches as '1'), the same
// names /api/games takes; onSubmit(pairs) runs on submit.

import { h } from './dom.js';
import { blokusVariantNames, FAMILY_NAMES } from './families.js';
import { createDrawingPanel } from './search_drawing.js';
import { SOURCE_NAMES, DEFAULT_SOURCE, describeSource, sourceRange } from './eval_sources.js';

// [name, label, type, extra]: type text|number|select|switch, or list (a
// comma-separated field sent as the parameter repeated, game=1&game=2).
// A select's extra.labels names its options; extra.initial is the value an
// empty URL means (the command line's default), which is not sent.
const GROUPS = [
  ['Game', [
    ['player', 'Player', 'text', { placeholder: 'name, * wildcard', help: 'Either seat; case-insensitive; * matches any run of characters' }],
    ['player', 'and player', 'text', { placeholder: 'second player', help: 'Given: games between the two' }],
    ['as', 'First player as', 'select', { options: ['', 'black', 'white', '1', '2'], labels: { '': 'any seat', black: 'Black', white: 'White', 1: 'seat 1 (moved first)', 2: 'seat 2' }, help: 'Where the first player sat: a colour as finally played (after any swap) or a seat' }],
    ['rank-min', 'Ranks at least', 'text', { placeholder: '5d', pattern: '\\d+[kdpKDP]', help: 'Every player\'s stated rank at least this (30k < 1k < 1d < 9d < 1p)' }],
    ['rank-max', 'Ranks at most', 'text', { placeholder: '9d', pattern: '\\d+[kdpKDP]' }],
    ['game', 'Game ids', 'list', { placeholder: '812, 813', help: 'Only these games (ids as the hits show them)' }],
    ['family', 'Family', 'select', { options: ['', 'hex', 'twixt', 'go', 'blokus', 'other'] }],
    ['variant', 'Variant', 'text', { list: 'variants', placeholder: 'e.g. Blokus Duo' }],
    ['size', 'Board size', 'number', { min: 1, max: 702 }],
    ['event', 'Event', 'text', { placeholder: '* wildcard' }],
    ['result', 'Result', 'text', { placeholder: 'B+*, W+Resign, …' }],
    ['winner', 'Winner (seat)', 'select', { options: ['', '1', '2', '3', '4'] }],
    ['date-from', 'Date from', 'text', { placeholder: 'YYYY[-MM[-DD]]', pattern: '\\d{4}(-\\d{2}(-\\d{2})?)?' }],
    ['date-to', 'Date to', 'text', { placeholder: 'YYYY[-MM[-DD]]', pattern: '\\d{4}(-\\d{2}(-\\d{2})?)?' }],
    ['moves-min', 'Moves at least', 'number', { min: 0 }],
    ['moves-max', 'Moves at most', 'number', { min: 0 }],
    ['duplicates', 'Only duplicates', 'switch', { help: 'Games whose moves repeat an earlier game\'s' }],
  ]],
  ['Position', [
    ['has', 'Has', 'text', { placeholder: 'B:e5,W:f6 — family notation', help: 'Every item stands in the position (COLOUR:POINT or POINT; Blokus piece:NAME)' }],
    ['empty', 'Empty', 'text', { placeholder: 'd4, B:R14', help: 'No such stone' }],
    ['link', 'Links (Twixt)', 'text', { placeholder: 'W:k10-l12' }],
    ['pattern', 'Pattern', 'text', { placeholder: 'B:cc,W:dc,.:cd', help: 'Anywhere on the board (needs family and size; Blokus: family and variant); draw it on the board below' }],
    ['position', 'Position', 'text', { placeholder: 'GAME:MOVE or node:NODE_ID', help: 'The same position in any game and format' }],
    ['symmetric', 'With symmetries', 'switch', { help: 'Also the images under the board\'s symmetries (docs/symmetry.md)' }],
    ['first', 'First match per game', 'switch'],
    ['main-line', 'Main line only', 'switch'],
  ]],
  ['Evaluations and comments', [
    ['eval-source', 'Evaluation source', 'select', { options: [DEFAULT_SOURCE, ...SOURCE_NAMES], labels: Object.fromEntries([[DEFAULT_SOURCE, 'every source'], ...SOURCE_NAMES.map((n) => [n, `${n}: ${describeSource(n)}`])]), help: 'The source the bounds and swing below are read on (every source by default, each on its own scale)' }],
    ['eval-min', 'Evaluation at least', 'number', { step: 'any', help: 'On the chosen source\'s scale' }],
    ['eval-max', 'Evaluation at most', 'number', { step: 'any' }],
    ['eval-swing', 'Swing at least', 'number', { min: 0, step: 'any', help: 'Change from the parent\'s evaluation (blunders)' }],
    ['has-eval', 'Has an evaluation', 'switch'],
    ['comment', 'Comment words', 'text', { placeholder: 'good move, "exact phrase", blund*' }],
    ['comment-fts', 'Comment (FTS5 syntax)', 'text', { placeholder: 'blunder NOT "bad move"' }],
  ]],
];

export function createSearchForm(params, onSubmit) {
  const inputs = []; // [name, element, type]
  const helps = new Map(); // name -> its help text element (the first field of a name)
  let uid = 0;
  const used = new Map(); // name -> how many values consumed (player twice)
  const valueOf = (name) => {
    const all = params.getAll(name);
    const k = used.get(name) || 0;
    used.set(name, k + 1);
    return all[k] ?? '';
  };
  const groups = GROUPS.map(([title, fields], gi) => {
    let filled = false;
    const rows = fields.map(([name, text, type, extra = {}]) => {
      const id = `f-${name}-${uid++}`;
      const v = type === 'list' ? params.getAll(name).join(', ') : valueOf(name);
      if (v) filled = true;
      let input;
      if (type === 'select') {
        const optionLabel = (o) => (extra.labels && extra.labels[o]) || (o === '' ? 'any' : FAMILY_NAMES[o] || o);
        input = h('select', { id, name, 'aria-describedby': extra.help ? `${id}-help` : null }, extra.options.map((o) => h('option', { value: o }, optionLabel(o))));
        input.value = v || extra.initial || '';
      } else if (type === 'switch') {
        input = h('input', { id, name, type: 'checkbox', checked: ['1', 'true', 'yes', 'on', ''].includes(v) && params.has(name) });
      } else {
        input = h('input', { id, name, type: type === 'number' ? 'number' : 'text', value: v, placeholder: extra.placeholder, min: extra.min, max: extra.max, step: extra.step, list: extra.list, pattern: extra.pattern, 'aria-describedby': extra.help ? `${id}-help` : null, autocomplete: 'off' });
      }
      inputs.push([name, input, type]);
      const help = extra.help ? h('small', { id: `${id}-help`, class: 'help' }, extra.help) : null;
      if (help && !helps.has(name)) helps.set(name, help);
      return h('div', { class: `field field-${type}` },
        type === 'switch' ? [input, h('label', { for: id }, text)] : [h('label', { for: id }, text), input],
        help);
    });
    return h('details', { class: 'group', open: gi === 0 || filled || null }, h('summary', {}, title), h('div', { class: 'fields' }, rows));
  });

  const find = (name) => inputs.find(([n]) => n === name)[1];
  const initialOf = new Map(GROUPS.flatMap(([, f]) => f.filter(([, , , e]) => e && e.initial).map(([n, , , e]) => [n, e.initial])));

  // The evaluation bounds follow the chosen source's scale.
  const evalHelp = helps.get('eval-min');
  function followSource() {
    const source = find('eval-source').value;
    const range = sourceRange(source);
    for (const name of ['eval-min', 'eval-max']) {
      for (const [bound, value] of [['min', range && range.lo], ['max', range && range.hi]]) {
        if (range) find(name).setAttribute(bound, value);
        else find(name).removeAttribute(bound);
      }
    }
    evalHelp.textContent = `Scale: ${describeSource(source)}`;
  }
  find('eval-source').addEventListener('change', followSource);
  followSource();

  // Drawing a pattern on an empty board, below the Position group.
  groups[1].querySelector('.fields').after(createDrawingPanel(find, params));

  const form = h('form', { class: 'search-form', role: 'search', 'aria-label': 'Filters',
    onsubmit: (e) => { e.preventDefault(); onSubmit(pairs()); } },
  h('datalist', { id: 'variants' }, blokusVariantNames().map((v) => h('option', { value: v }))),
  groups,
  h('div', { class: 'actions' },
    h('button', { type: 'submit', id: 'search-button' }, 'Search'),
    h('button', { type: 'button', class: 'secondary', onclick: () => onSubmit([]) }, 'Reset')));

  function pairs() {
    const out = [];
    for (const [name, el, type] of inputs) {
      if (type === 'switch') {
        if (el.checked) out.push([name, '1']);
      } else if (type === 'list') {
        for (const item of el.value.split(/[\s,]+/)) if (item) out.push([name, item]);
      } else if (el.value.trim() !== '' && el.value !== initialOf.get(name)) {
        out.push([name, el.value.trim()]);
      }
    }
    return out;
  }

  return { element: form, pairs };
}

export const FILTER_NAMES = new Set(GROUPS.flatMap(([, f]) => f.map(([n]) => n)));
