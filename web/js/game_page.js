// The game viewer (#/game/ID?node=INDEX, or ?node_id=NODE_ID from a search
// hit): the board of the family, stepping with buttons and the keyboard
// (←/→ a move, Home/End the ends of the line, ↑/↓ the other variations,
// PageUp/PageDown ten moves), the move list with variations, the comment
// and evaluations of the node, the evaluation plot, the metadata and
// downloads, "find this position" and a pattern drawn on the board.
//
// Contract: createGamePage(main, id, params) -> {update(params), destroy()}:
// update() selects the node a new URL of the same game names (back/forward)
// without reloading the document; destroy() removes the key handler.

import * as api from './api.js';
import { h } from './dom.js';
import { href, replaceQuietly } from './router.js';
import { errorBox } from './errors.js';
import { PositionCursor } from './position.js';
import { lineThrough, lineFromStart, siblings, indexOfNodeId, evalSource, nodeLabel } from './game_tree.js';
import { createBoard, canDraw } from './board_view.js';
import { createMoveList } from './move_list.js';
import { createEvalPlot } from './eval_plot.js';
import { describeSource } from './eval_sources.js';
import { createExplorePanel } from './explorer_panel.js';
import { seatColours } from './continuation_table.js';
import { createPatternEditor } from './pattern_editor.js';
import { createPiecesLeft } from './pieces_left.js';
import { renderGameInfo, playersLine, downloadButtons } from './game_info.js';
import { colourName } from './families.js';
import { s } from './svg.js';

export function createGamePage(main, id, params) {
  let page = null;
  let destroyed = false;
  main.replaceChildren(h('p', { class: 'loading' }, `Loading game ${id}…`));
  api.game(id).then((doc) => {
    if (destroyed) return;
    document.title = `ludex · ${doc.players.map((p) => p.name || '?').join(' – ') || `game ${doc.game_id}`}`;
    page = buildPage(main, doc);
    page.select(nodeFromParams(doc, params), { fromUrl: true });
  }).catch((e) => {
    if (!destroyed) main.replaceChildren(h('div', { class: 'game-error' }, errorBox(e, `game ${id}`), h('p', {}, h('a', { href: '#/search' }, 'Back to the search'))));
  });
  return {
    update(p) { if (page) page.select(nodeFromParams(page.doc, p), { fromUrl: true }); },
    destroy() { destroyed = true; if (page) page.destroy(); },
  };
}

// The node a URL names: ?node=INDEX, ?node_id=ID, else the end of the main line?
// No: a game opens at its start, as every viewer does, unless a node is named.
function nodeFromParams(doc, params) {
  if (params.has('node_id')) {
    const i = indexOfNodeId(doc, params.get('node_id'));
    if (i >= 0) return i;
  }
  const n = Number(params.get('node'));
  if (Number.isInteger(n) && n >= 0 && n < doc.nodes.length) return n;
  return 0;
}

function buildPage(main, doc) {
  const cursor = new PositionCursor(doc);
  const board = doc.board;
  const drawable = canDraw(board);
  const view = drawable ? createBoard(board) : null;
  const source = evalSource(doc);
  let current = 0;
  const noMarks = { hints: [], pieces: [] };
  let hints = noMarks; // the explorer's marks of the moves played next

  const moveList = createMoveList(doc, (i) => select(i), source);
  const seatNames = [seatColours(board, 1), seatColours(board, 2)];
  const plot = source ? createEvalPlot(doc, source, (i) => select(i), seatNames) : null;
  const status = h('p', { class: 'status', id: 'move-status', 'aria-live': 'polite' });
  const commentBox = h('div', { class: 'comment-box', id: 'comment', 'aria-label': 'Comment of this node' });
  const pieces = board.family === 'blokus' ? createPiecesLeft(doc) : null;
  const explore = board.family === 'other' ? null : createExplorePanel(board, () => ({
    nodeId: doc.nodes[current].node_id,
    ownMove: (m) => doc.nodes[current].children.some((c) => sameMove(doc.nodes[c], m)),
    line: lineFromStart(doc, current),
  }), (marks) => { hints = marks; renderBoard(); });

  const btn = (icon, label, fn, keyName) => h('button', { type: 'button', class: 'step', 'aria-label': label, title: `${label} (${keyName})`, onclick: fn }, navIcon(icon));
  const nav = h('div', { class: 'nav', role: 'toolbar', 'aria-label': 'Step through the game' },
    btn('first', 'Start', () => select(0), 'Home'),
    btn('back10', '10 back', () => back(10), 'PageUp'),
    btn('back', 'Back', () => back(1), '←'),
    btn('forward', 'Forward', () => forward(1), '→'),
    btn('forward10', '10 forward', () => forward(10), 'PageDown'),
    btn('last', 'End of the line', () => { const l = lineThrough(doc, current); select(l[l.length - 1]); }, 'End'));

  // Tabs of the side column.
  let patternEditor = null;
  const patternPanel = h('div', { class: 'pattern-panel' });
  const panels = {
    moves: h('div', { class: 'tab-panel moves-panel' }, moveList.element, commentBox, plot ? plot.element : null),
    info: h('div', { class: 'tab-panel' }, renderGameInfo(doc)),
    explore: h('div', { class: 'tab-panel' }, explore ? explore.element : h('p', {}, 'No positions for this family.')),
    pattern: h('div', { class: 'tab-panel' }, drawable ? patternPanel : h('p', { class: 'note' }, 'No board to draw a pattern on for this family.')),
  };
  const tabNames = { moves: 'Moves', info: 'Game', explore: 'Find position', pattern: 'Pattern' };
  let activeTab = 'moves';
  const tabs = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Game panels' }, Object.keys(panels).map((k) =>
    h('button', { type: 'button', role: 'tab', id: `tab-${k}`, 'aria-controls': `panel-${k}`, 'aria-selected': String(k === activeTab), tabindex: k === activeTab ? '0' : '-1', onclick: () => openTab(k) }, tabNames[k])));
  tabs.addEventListener('keydown', (e) => {
    const keys = Object.keys(panels);
    const k = keys.indexOf(activeTab);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      e.stopPropagation();
      openTab(keys[(k + (e.key === 'ArrowRight' ? 1 : keys.length - 1)) % keys.length]);
      tabs.querySelector(`[aria-selected="true"]`).focus();
    }
  });
  for (const [k, p] of Object.entries(panels)) {
    p.id = `panel-${k}`;
    p.setAttribute('role', 'tabpanel');
    p.setAttribute('aria-labelledby', `tab-${k}`);
    p.hidden = k !== activeTab;
  }
  function openTab(k) {
    activeTab = k;
    for (const b of tabs.children) {
      const on = b.id === `tab-${k}`;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
    }
    for (const [name, p] of Object.entries(panels)) p.hidden = name !== k;
    if (k === 'pattern' && !patternEditor && drawable) openPattern();
  }

  function openPattern() {
    const out = h('p', { class: 'pattern-search' });
    const mode = h('select', { id: 'game-pattern-mode', 'aria-label': 'Search as' },
      h('option', { value: 'pattern' }, 'a pattern anywhere (--pattern)'), h('option', { value: 'has' }, 'stones at these points (--has/--empty)'));
    const symmetric = h('input', { type: 'checkbox', id: 'game-pattern-sym' });
    patternEditor = createPatternEditor({ board, position: cursor, onChange: () => {} });
    const search = () => {
      const t = patternEditor.texts();
      const base = [['family', board.family], ['size', board.family === 'blokus' ? '' : board.columns], ['variant', board.family === 'blokus' ? board.variant : '']];
      const items = mode.value === 'pattern' ? [['pattern', t.pattern]] : [['has', t.has], ['empty', t.empty]];
      location.hash = href('search', '', [...base, ...items, ['symmetric', symmetric.checked ? '1' : '']]);
    };
    out.append(h('button', { type: 'button', id: 'game-pattern-search', onclick: search }, 'Search'), ' as ', mode, ' ', symmetric, h('label', { for: 'game-pattern-sym' }, ' with symmetries'));
    patternPanel.replaceChildren(h('p', { class: 'note' }, 'Click points to build a pattern: “From board” takes a point with what stands on it now.'), patternEditor.element, out);
  }

  const boardCol = h('section', { class: 'board-col', 'aria-label': 'Board' },
    playersLine(doc),
    drawable ? h('div', { class: 'board-wrap' }, view.element) : h('p', { class: 'note' }, `ludex keeps no positions for this family (${doc.family}); the moves are listed on the right.`),
    nav, status, pieces ? pieces.element : null);
  const side = h('section', { class: 'side-col', 'aria-label': 'Moves and details' }, tabs, Object.values(panels));
  main.replaceChildren(h('div', { class: `game-page family-${doc.family}`, 'data-game': doc.game_id, 'data-family': doc.family }, boardCol, side));

  function renderBoard() {
    if (!view) return;
    const n = doc.nodes[current];
    const last = [];
    for (const m of n.moves || []) if (m.kind === 'place') for (const p of m.points) last.push(p);
    view.render(cursor, { last, ...hints });
  }

  function select(i, { fromUrl = false } = {}) {
    if (i < 0 || i >= doc.nodes.length) return;
    const changed = i !== current;
    current = i;
    cursor.goTo(i);
    if (changed) hints = noMarks;
    renderBoard();
    moveList.show(i);
    const line = lineThrough(doc, i);
    if (plot) plot.show(line, i);
    const n = doc.nodes[i];
    const mainLen = doc.main_line.length;
    const parts = [`Move ${n.move_number}`, n.parent === null ? ' (start)' : ` · ${nodeLabel(n)}`, n.main_line ? ` · main line, ${doc.nodes[doc.main_line[mainLen - 1]].move_number} moves` : ' · variation'];
    if (n.captures) parts.push(` · captures: ${colourName(board, 1)} ${n.captures[0]}, ${colourName(board, 2)} ${n.captures[1]}`);
    status.replaceChildren(parts.join(''), n.stopped ? h('span', { class: 'stopped' }, ` · positions stop here: ${n.stopped}`) : '');
    status.dataset.node = i;
    status.dataset.nodeId = n.node_id;
    status.dataset.moveNumber = n.move_number;
    const evals = (n.evaluations || []).filter((e) => e.value !== null || e.undetermined);
    commentBox.replaceChildren(
      n.comment ? h('div', { class: 'comment' }, n.comment) : h('div', { class: 'comment none' }, 'No comment.'),
      evals.length ? h('p', { class: 'evals' }, 'Evaluation: ', evals.map((e) => `${e.undetermined ? 'undetermined' : e.value} (${describeSource(e.source)})`).join('; ')) : '');
    if (pieces) pieces.show(i);
    if (patternEditor) patternEditor.setItems(patternEditor.items());
    if (changed && explore) explore.moved();
    if (!fromUrl || changed) replaceQuietly(href('game', doc.game_id, i ? [['node', i]] : []));
  }

  function forward(k) {
    let i = current;
    for (let s = 0; s < k && doc.nodes[i].children.length; s++) i = doc.nodes[i].children[0];
    select(i);
  }
  function back(k) {
    let i = current;
    for (let s = 0; s < k && doc.nodes[i].parent !== null; s++) i = doc.nodes[i].parent;
    select(i);
  }
  function variation(d) {
    const sib = siblings(doc, current);
    const k = sib.indexOf(current);
    if (sib.length > 1) select(sib[(k + d + sib.length) % sib.length]);
  }

  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target instanceof Element ? e.target : null;
    if (t && (t.closest('input, select, textarea, [contenteditable]') || t.closest('[role="tablist"]'))) return;
    const keys = {
      ArrowLeft: () => back(1), ArrowRight: () => forward(1), Home: () => select(0),
      End: () => { const l = lineThrough(doc, current); select(l[l.length - 1]); },
      ArrowUp: () => variation(-1), ArrowDown: () => variation(1), PageUp: () => back(10), PageDown: () => forward(10),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  }
  document.addEventListener('keydown', onKey);

  return { doc, select, destroy: () => document.removeEventListener('keydown', onKey) };
}

// Whether a node's first move is the continuation m of /api/next (same
// kind, colour and points, in any order).
function sameMove(node, m) {
  const mv = (node.moves || [])[0];
  if (!mv || mv.kind !== m.kind) return false;
  if ((mv.color ?? mv.seat) !== (m.color || m.seat) && mv.seat !== m.seat) return false;
  const a = mv.points.map((p) => p.join(',')).sort().join(' ');
  const b = (m.points_xy || []).map((p) => p.join(',')).sort().join(' ');
  return a === b;
}

// The step buttons' icons, drawn (the fonts a machine has may lack the
// media-control characters).
function navIcon(name) {
  const tri = (x, dir) => (dir > 0 ? `M${x} 3 L${x + 7} 8 L${x} 13 Z` : `M${x + 7} 3 L${x} 8 L${x + 7} 13 Z`);
  const paths = {
    first: ['M3 3 H5 V13 H3 Z', tri(6, -1)],
    back10: [tri(1, -1), tri(8, -1)],
    back: [tri(5, -1)],
    forward: [tri(5, 1)],
    forward10: [tri(1, 1), tri(8, 1)],
    last: [tri(3, 1), 'M11 3 H13 V13 H11 Z'],
  }[name];
  return s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, paths.map((d) => s('path', { d, fill: 'currentColor' })));
}

export { downloadButtons };
