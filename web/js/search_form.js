// The search form: every filter of `ludex query` (docs/queries.md) by the
// API's parameter name, grouped as the documentation groups them.
// Contract: createSearchForm(params, onSubmit) -> {element, pairs()}: the
// form is filled from URLSearchParams `params`; pairs() gives the
// [name, value] pairs of every filled field (switches as '1'), the same
// names /api/games takes; onSubmit(pairs) runs on submit.

import { h } from './dom.js';
import { createPatternEditor, parseItems } from './pattern_editor.js';
import { FAMILY_NAMES } from './families.js';
import { boardFor } from './boards.js';
import { errorBox } from './errors.js';
import { SOURCE_NAMES, DEFAULT_SOURCE, describeSource, sourceRange } from './eval_sources.js';

// [name, label, type, extra]: type text|number|select|switch, or list (a
// comma-separated field sent as the parameter repeated, game=1&game=2).
// A select's extra.labels names its options; extra.initial is the value an
// empty URL means (the command line's default), which is not sent.
const GROUPS = [
  ['Game', [
    ['player', 'Player', 'text', { placeholder: 'name, * wildcard', help: 'Either seat; case-insensitive; * matches any run of characters' }],
    ['player', 'and player', 'text', { placeholder: 'second player', help: 'Given: games between the two' }],
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
    ['eval-source', 'Evaluation source', 'select', { options: SOURCE_NAMES, labels: Object.fromEntries(SOURCE_NAMES.map((n) => [n, `${n}: ${describeSource(n)}`])), initial: DEFAULT_SOURCE, help: 'The source the bounds and swing below are read on, with its scale' }],
    ['eval-min', 'Evaluation at least', 'number', { step: 'any', help: 'On the chosen source\'s scale' }],
    ['eval-max', 'Evaluation at most', 'number', { step: 'any' }],
    ['eval-swing', 'Swing at least', 'number', { min: 0, step: 'any', help: 'Change from the parent\'s evaluation (blunders)' }],
    ['has-eval', 'Has an evaluation', 'switch'],
    ['comment', 'Comment words', 'text', { placeholder: 'good move, "exact phrase", blund*' }],
    ['comment-fts', 'Comment (FTS5 syntax)', 'text', { placeholder: 'blunder NOT "bad move"' }],
  ]],
];

const BLOKUS_VARIANTS = ['Blokus', 'Blokus Two-Player', 'Blokus Three-Player', 'Blokus Duo', 'Blokus Trigon',
  'Blokus Trigon Two-Player', 'Blokus Trigon Three-Player', 'Blokus Junior', 'Nexos', 'Nexos Two-Player', 'Callisto',
  'Callisto Two-Player', 'Callisto Two-Player Four-Color', 'Callisto Three-Player', 'GembloQ', 'GembloQ Two-Player',
  'GembloQ Three-Player', 'GembloQ Two-Player Four-Color'];

// The families the pattern editor draws.
const DRAWABLE = ['go', 'hex', 'twixt', 'blokus'];
const isBlokusVariant = (v) => BLOKUS_VARIANTS.some((b) => b.toLowerCase() === v.trim().toLowerCase());

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

  // The pattern editor: an empty board of the form's family and size (Blokus:
  // variant), as the server describes it (boards.js). Opening it fills in
  // the field that names the board, the one /api/games needs beside
  // pattern= (an empty size: the server's default side), and sets the
  // other kind's aside until the family changes back: a size left over from
  // Go would hide every Blokus game, a Blokus variant every Go game.
  const editorBox = h('div', { class: 'editor-box' });
  const modeSel = h('select', { id: 'pattern-mode', 'aria-label': 'Search the drawing as' },
    h('option', { value: 'pattern' }, 'a pattern anywhere (--pattern)'),
    h('option', { value: 'has' }, 'stones at these points (--has / --empty)'));
  let editor = null;
  let opened = false; // the user asked for the editor: the fields below redraw it
  let opening = 0; // the latest openEditor call; an older one's board is dropped
  const setAside = { size: '', variant: '' }; // the fields cleared for the other kind
  async function openEditor() {
    opened = true;
    const family = find('family').value || 'go';
    if (!DRAWABLE.includes(family)) {
      editor = null;
      editorBox.replaceChildren(h('p', { class: 'note' }, 'Drawing is available for Go, Hex, Twixt and Blokus.'));
      return;
    }
    find('family').value = family;
    if (family === 'blokus') {
      if (find('size').value) setAside.size = find('size').value;
      find('size').value = '';
      find('variant').value = find('variant').value.trim() || setAside.variant || BLOKUS_VARIANTS[0];
    } else {
      if (isBlokusVariant(find('variant').value)) {
        setAside.variant = find('variant').value.trim();
        find('variant').value = '';
      }
      find('size').value = Number(find('size').value) || Number(setAside.size) || '';
    }
    const my = ++opening;
    let board;
    try {
      board = await boardFor(family, { size: find('size').value, variant: find('variant').value.trim() });
    } catch (e) {
      if (my === opening) { editor = null; editorBox.replaceChildren(errorBox(e, 'board')); }
      return;
    }
    if (my !== opening) return;
    if (family !== 'blokus') find('size').value = board.columns;
    const mode = modeSel.value;
    const items = mode === 'pattern' ? parseItems(board, find('pattern').value) : parseItems(board, find('has').value, find('empty').value);
    editor = createPatternEditor({ board, items, onChange: (t) => {
      if (modeSel.value === 'pattern') find('pattern').value = t.pattern;
      else { find('has').value = t.has; find('empty').value = t.empty; }
    } });
    editorBox.replaceChildren(editor.element);
  }
  modeSel.addEventListener('change', () => {
    if (!editor) return;
    const t = editor.texts();
    if (modeSel.value === 'pattern') { find('pattern').value = t.pattern; find('has').value = ''; find('empty').value = ''; } else { find('has').value = t.has; find('empty').value = t.empty; find('pattern').value = ''; }
  });
  // Another family, size or variant redraws an open editor (its items are
  // kept where their notation still names a point).
  for (const name of ['family', 'size', 'variant']) find(name).addEventListener('change', () => { if (opened) openEditor(); });
  const drawButton = h('button', { type: 'button', class: 'secondary', id: 'draw-pattern', onclick: openEditor }, 'Draw on a board');
  groups[1].querySelector('.fields').after(h('div', { class: 'draw' }, drawButton, h('label', { for: 'pattern-mode' }, ' search it as '), modeSel, editorBox));
  if (params.get('pattern') && DRAWABLE.includes(params.get('family'))) setTimeout(openEditor, 0);

  const form = h('form', { class: 'search-form', role: 'search', 'aria-label': 'Filters',
    onsubmit: (e) => { e.preventDefault(); onSubmit(pairs()); } },
  h('datalist', { id: 'variants' }, BLOKUS_VARIANTS.map((v) => h('option', { value: v }))),
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
