// The search form's "Draw on a board": the pattern editor (pattern_editor.js)
// on an empty board of the form's family and size (Blokus: variant), as the
// server describes it (boards.js), writing what is drawn into the form's
// pattern field, or its has and empty fields.
//
// Contract: createDrawingPanel(field, params) returns the panel's element.
// field(name) is the form's input of that filter name (family, size,
// variant, pattern, has, empty); params, the page's URLSearchParams, opens
// the editor at once when they hold a pattern of a family it draws.
// Opening the editor fills in the field that names the board, the one
// /api/games needs beside pattern= (an empty size: the server's default
// side), and sets the other kind's field aside until the family changes
// back: a size left over from Go would hide every Blokus game, a Blokus
// variant every Go game. A change of family, size or variant redraws an
// open editor; its items are kept where their notation still names a point.

import { h } from './dom.js';
import { createPatternEditor, parseItems } from './pattern_editor.js';
import { boardFor } from './boards.js';
import { errorBox } from './errors.js';
import { blokusVariantNames } from './families.js';

// The families the pattern editor draws.
const DRAWABLE = ['go', 'hex', 'twixt', 'blokus'];
const isBlokusVariant = (v) => blokusVariantNames().some((b) => b.toLowerCase() === v.trim().toLowerCase());

export function createDrawingPanel(field, params) {
  const editorBox = h('div', { class: 'editor-box' });
  const modeSel = h('select', { id: 'pattern-mode', 'aria-label': 'Search the drawing as' },
    h('option', { value: 'pattern' }, 'a pattern anywhere (--pattern)'),
    h('option', { value: 'has' }, 'stones at these points (--has / --empty)'));
  let editor = null;
  let opened = false; // the user asked for the editor: the board's fields redraw it
  let opening = 0; // the latest openEditor call; an older one's board is dropped
  const setAside = { size: '', variant: '' }; // the fields cleared for the other kind

  // Names the board in the form: the size for Go, Hex and Twixt, the variant for Blokus.
  function nameBoard(family) {
    if (family === 'blokus') {
      if (field('size').value) setAside.size = field('size').value;
      field('size').value = '';
      field('variant').value = field('variant').value.trim() || setAside.variant || blokusVariantNames()[0] || '';
    } else {
      if (isBlokusVariant(field('variant').value)) {
        setAside.variant = field('variant').value.trim();
        field('variant').value = '';
      }
      field('size').value = Number(field('size').value) || Number(setAside.size) || '';
    }
  }

  async function openEditor() {
    opened = true;
    const family = field('family').value || 'go';
    if (!DRAWABLE.includes(family)) {
      editor = null;
      editorBox.replaceChildren(h('p', { class: 'note' }, 'Drawing is available for Go, Hex, Twixt and Blokus.'));
      return;
    }
    field('family').value = family;
    nameBoard(family);
    const my = ++opening;
    let board;
    try {
      board = await boardFor(family, { size: field('size').value, variant: field('variant').value.trim() });
    } catch (e) {
      if (my === opening) { editor = null; editorBox.replaceChildren(errorBox(e, 'board')); }
      return;
    }
    if (my !== opening) return;
    if (family !== 'blokus') field('size').value = board.columns;
    const items = modeSel.value === 'pattern' ? parseItems(board, field('pattern').value) : parseItems(board, field('has').value, field('empty').value);
    editor = createPatternEditor({ board, items, onChange: (t) => {
      if (modeSel.value === 'pattern') field('pattern').value = t.pattern;
      else { field('has').value = t.has; field('empty').value = t.empty; }
    } });
    editorBox.replaceChildren(editor.element);
  }

  modeSel.addEventListener('change', () => {
    if (!editor) return;
    const t = editor.texts();
    if (modeSel.value === 'pattern') { field('pattern').value = t.pattern; field('has').value = ''; field('empty').value = ''; } else { field('has').value = t.has; field('empty').value = t.empty; field('pattern').value = ''; }
  });
  for (const name of ['family', 'size', 'variant']) field(name).addEventListener('change', () => { if (opened) openEditor(); });
  if (params.get('pattern') && DRAWABLE.includes(params.get('family'))) setTimeout(openEditor, 0);
  const drawButton = h('button', { type: 'button', class: 'secondary', id: 'draw-pattern', onclick: openEditor }, 'Draw on a board');
  return h('div', { class: 'draw' }, drawButton, h('label', { for: 'pattern-mode' }, ' search it as '), modeSel, editorBox);
}
