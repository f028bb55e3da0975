// The move list: the line through the current node (the path from the root,
// then the first children to the end), one row per node, and the
// variations at the current node. Only the line is in the DOM, never the
// whole tree, so a 10,000-node opening book costs what its deepest line
// costs; the rows are rebuilt only when the line changes (stepping along
// it just moves the highlight).
//
// Contract: createMoveList(doc, onSelect, evalSource) -> {element,
// show(current)}; onSelect(index) is called when a row or a variation is
// chosen. With an evalSource each row shows the node's evaluation: of the
// source the evaluation plot starts with (eval_plot.js preferredSource),
// then of the one chosen in the plot's menu (its `ludex:evalsource` event).

import { h } from './dom.js';
import { lineThrough, nodeLabel, siblings, evaluation } from './game_tree.js';
import { colourFill, colourName } from './families.js';
import { preferredSource } from './eval_plot.js';
import { describeSource } from './eval_sources.js';

export function createMoveList(doc, onSelect, evalSource = null) {
  if (evalSource) evalSource = preferredSource(doc, evalSource);
  const list = h('ol', { class: 'moves', 'aria-label': 'Moves of this line' });
  const scroller = h('div', { class: 'moves-scroll', tabindex: '-1' }, list);
  const variations = h('div', { class: 'variations', 'aria-live': 'polite' });
  const element = h('div', { class: 'move-list' }, variations, scroller);
  let line = [];
  let rows = new Map(); // node index -> row element
  let active = null;

  function rebuild(current) {
    line = lineThrough(doc, current);
    rows = new Map();
    const frag = document.createDocumentFragment();
    for (const i of line) {
      const n = doc.nodes[i];
      const alt = siblings(doc, i).length - 1;
      const v = evalSource ? evaluation(n, evalSource) : null;
      const row = h('li', { 'data-node': i },
        h('button', { type: 'button', class: `move${n.main_line ? '' : ' off-main'}`, onclick: () => onSelect(i) },
          h('span', { class: 'num' }, n.parent === null ? '' : doc.family === 'other' ? n.depth : n.move_number),
          h('span', { class: 'label' }, moverSwatch(doc, n), nodeLabel(n)),
          alt > 0 ? h('span', { class: 'alt', title: `${alt} other move${alt > 1 ? 's' : ''} here` }, `+${alt}`) : null,
          n.comment ? h('span', { class: 'has-comment', title: 'comment' }, '✎') : null,
          v !== null ? h('span', { class: 'ev', title: describeSource(evalSource) }, Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100) : null,
          n.stopped ? h('span', { class: 'stopped', title: n.stopped }, '⚠') : null));
      rows.set(i, row);
      frag.append(row);
    }
    list.replaceChildren(frag);
  }

  function variationButtons(nodes, current, title) {
    if (nodes.length < 2) return null;
    return h('div', { class: 'var-group' }, h('span', { class: 'var-title' }, title),
      nodes.map((c, k) => h('button', { type: 'button', class: 'var', 'aria-pressed': String(c === current), onclick: () => onSelect(c), title: doc.nodes[c].main_line ? 'main line' : 'variation' },
        `${String.fromCharCode(97 + (k % 26))}) ${nodeLabel(doc.nodes[c])}`)));
  }

  // The plot's menu changed the source: the rows are rebuilt with it.
  let shown = null;
  const onSource = (e) => {
    if (!element.isConnected && shown !== null) {
      document.removeEventListener('ludex:evalsource', onSource);
      return;
    }
    if (!evalSource || e.detail.doc !== doc || e.detail.source === evalSource) return;
    evalSource = e.detail.source;
    rows = new Map();
    if (shown !== null) show(shown);
  };
  document.addEventListener('ludex:evalsource', onSource);

  function show(current) {
    shown = current;
    if (!rows.has(current)) rebuild(current);
    if (active) active.classList.remove('active');
    active = rows.get(current);
    if (active) {
      active.classList.add('active');
      active.querySelector('button').setAttribute('aria-current', 'step');
      // Keep the active row in view without moving the page.
      const top = active.offsetTop; // the scroller is the rows' offsetParent (position: relative)
      if (top < scroller.scrollTop || top > scroller.scrollTop + scroller.clientHeight - active.offsetHeight) {
        scroller.scrollTop = top - scroller.clientHeight / 2;
      }
    }
    for (const b of list.querySelectorAll('[aria-current]')) if (!active || !active.contains(b)) b.removeAttribute('aria-current');
    const n = doc.nodes[current];
    variations.replaceChildren(
      variationButtons(n.children, -1, 'Next:') || '',
      variationButtons(siblings(doc, current), current, 'Instead of this move (↑/↓):') || '');
  }

  return { element, show };
}

// A dot in the colour of the node's mover (Blokus: the piece's colour).
function moverSwatch(doc, n) {
  const m = (n.moves || [])[0];
  if (!m || !doc.board || doc.family === 'other') return null;
  const c = doc.family === 'blokus' ? m.color : m.seat;
  return h('span', { class: 'swatch', style: `background:${colourFill(doc.board, c)}`, title: colourName(doc.board, c) });
}
