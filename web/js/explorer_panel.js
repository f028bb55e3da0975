// "Find this position", the game page's panel: the moves played next from
// the position after the current node (`ludex next`), the games reaching
// it, the moves marked on the game's board, and a link that opens the
// explorer at the same position.
//
// Contract: createExplorePanel(board, getTarget, onHints) -> {element,
// moved(), find()}. getTarget() -> {nodeId, ownMove(m), line} for the
// current node: line is the moves from the empty board to it (game_tree.js
// lineFromStart), or null when none leads there (setup stones, a torus...),
// and the explorer then opens at position=node:ID. onHints(marks) puts
// {hints, pieces} on the game's board. moved() is called on every step.

import * as api from './api.js';
import { h, fmt } from './dom.js';
import { go } from './router.js';
import { errorBox } from './errors.js';
import { continuationTable, candidateMarks } from './continuation_table.js';
import { createGamesList } from './explorer_games.js';
import { exploreHref, LIST_DEFAULTS } from './explorer_state.js';

const NO_MARKS = { hints: [], pieces: [] };

export function summary(next) {
  return h('p', { class: 'count', id: 'explore-count', 'data-games': next.games, 'data-positions': next.positions, 'data-source': next.source },
    h('strong', {}, fmt.format(next.games)), next.games === 1 ? ' game reaches this position' : ' games reach this position',
    next.positions !== next.games ? ` (${fmt.format(next.positions)} times)` : '',
    next.with_images ? ', with its symmetric images' : '');
}

export function createExplorePanel(board, getTarget, onHints) {
  const sym = h('input', { type: 'checkbox', id: 'explore-symmetric' });
  const live = h('input', { type: 'checkbox', id: 'explore-live', checked: true });
  const out = h('div', { class: 'explore-out', 'aria-live': 'polite' });
  const games = createGamesList({ onList: () => {}, compact: true });
  const open = h('a', { id: 'open-explorer', class: 'open-explorer' }, 'Open in the explorer ›');
  // The explorer at the current node, or after move m from it.
  const hrefOf = (m = null) => {
    const { nodeId, line } = getTarget();
    const symmetric = sym.checked;
    if (line) return exploreHref(board, m ? [...line, m.move] : line, { symmetric });
    return exploreHref(board, null, { position: `node:${m ? m.example_node : nodeId}`, symmetric });
  };
  const refreshLink = () => { open.href = hrefOf(); };
  sym.addEventListener('change', refreshLink);
  refreshLink();
  let shown = false;
  let seq = 0;
  const find = async () => {
    shown = true;
    refreshLink();
    const { nodeId, ownMove } = getTarget();
    const position = [['position', `node:${nodeId}`], ['symmetric', sym.checked ? '1' : '']];
    const my = ++seq;
    out.replaceChildren(h('p', { class: 'loading' }, 'Looking up…'));
    try {
      const next = await api.next(position);
      if (my !== seq) return;
      out.replaceChildren(summary(next), continuationTable(next, board, { onFollow: (m) => go(hrefOf(m)), ownMove, compact: true }));
      onHints(candidateMarks(next, board));
      games.load(position, LIST_DEFAULTS, { title: 'Games reaching it' });
    } catch (e) {
      if (my === seq) out.replaceChildren(errorBox(e, 'find this position'));
    }
  };
  const element = h('div', { class: 'explore-panel' },
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'find-position', onclick: find }, 'Find this position'),
      h('span', {}, sym, h('label', { for: 'explore-symmetric' }, ' with symmetries')),
      h('span', {}, live, h('label', { for: 'explore-live' }, ' follow my steps')),
      open),
    out, games.element);
  let timer = 0;
  return {
    element,
    // Called on every step: refresh when the results are shown and live.
    moved() {
      refreshLink();
      if (!shown) return;
      onHints(NO_MARKS);
      if (!live.checked) { shown = false; out.replaceChildren(); games.element.replaceChildren(); return; }
      clearTimeout(timer);
      timer = setTimeout(find, 250);
    },
    find,
  };
}
