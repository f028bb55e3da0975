// Drawing a local pattern on a board: click points to place stones of a
// colour, "any stone" marks or "empty" marks; the items are written in the
// family's notation as `ludex query` reads them (docs/queries.md §2, §4):
// `C:POINT` a stone of colour C, `POINT` any stone, `.:POINT` no stone.
//
// Contract: createPatternEditor({board, position?, items?, onChange})
// returns {element, items(), setItems(list), texts()}: texts() gives
// {pattern, has, empty} for the current items (pattern = every item;
// has = the stones; empty = the empty marks as plain points). `position`
// (optional) is the position shown under the marks (a game's), so the
// "from board" tool can take a point with what stands on it.

import { h } from './dom.js';
import { createBoard } from './board_view.js';
import { caseSensitivePoints, colourFill, colourLabel, colourName, pointText } from './families.js';

export function createPatternEditor({ board, position = null, items = [], onChange = () => {} }) {
  const marks = new Map(); // "x,y" -> kind (colour number, 'any', 'empty')
  for (const it of items) marks.set(`${it.x},${it.y}`, it.kind);
  const colours = (board.colours || []).map((c) => c.color);
  const tools = [
    ...(position ? [{ id: 'take', text: 'From board', title: 'Take the point with what stands on it (a stone of its colour, or empty)' }] : []),
    ...colours.map((c) => ({ id: String(c), text: `${colourName(board, c)} (${colourLabel(board, c)})`, colour: c })),
    { id: 'any', text: 'Any stone' },
    { id: 'empty', text: 'Empty' },
    { id: 'erase', text: 'Erase' },
  ];
  let tool = tools[0].id;
  const view = createBoard(board, { onPoint: click });
  const toolbar = h('div', { class: 'tools', role: 'radiogroup', 'aria-label': 'Pattern tool' },
    tools.map((t) => {
      const b = h('button', { type: 'button', role: 'radio', 'aria-checked': String(t.id === tool), 'data-tool': t.id, title: t.title || null,
        onclick: () => { tool = t.id; for (const x of toolbar.children) x.setAttribute('aria-checked', String(x.dataset.tool === tool)); } },
      t.colour ? h('span', { class: 'swatch', style: `background:${colourFill(board, t.colour)}` }) : null, t.text);
      return b;
    }),
    h('button', { type: 'button', class: 'secondary', onclick: () => { marks.clear(); update(); } }, 'Clear'),
  );
  const summary = h('p', { class: 'pattern-summary', 'aria-live': 'polite' });
  const element = h('div', { class: 'pattern-editor' }, toolbar, h('div', { class: 'board-wrap small' }, view.element), summary);

  function click(x, y) {
    const k = `${x},${y}`;
    let kind;
    if (tool === 'take') {
      const c = position ? position.stones.get(k) : undefined;
      kind = c === undefined ? 'empty' : c;
    } else if (tool === 'erase') {
      kind = null;
    } else {
      kind = tool === 'any' || tool === 'empty' ? tool : Number(tool);
    }
    if (kind === null || marks.get(k) === kind) marks.delete(k);
    else marks.set(k, kind);
    update();
  }

  function list() {
    return [...marks].map(([k, kind]) => {
      const [x, y] = k.split(',').map(Number);
      return { x, y, kind };
    }).sort((a, b) => a.y - b.y || a.x - b.x);
  }

  function texts() {
    const pattern = [];
    const has = [];
    const empty = [];
    for (const { x, y, kind } of list()) {
      const p = pointText(board, x, y);
      if (kind === 'empty') { pattern.push(`.:${p}`); empty.push(p); } else if (kind === 'any') { pattern.push(p); has.push(p); } else {
        const t = `${colourLabel(board, kind)}:${p}`;
        pattern.push(t);
        has.push(t);
      }
    }
    return { pattern: pattern.join(','), has: has.join(','), empty: empty.join(',') };
  }

  function update() {
    view.render(position, { pattern: list() });
    const t = texts();
    summary.textContent = t.pattern ? `Pattern: ${t.pattern}` : 'Click points of the board to draw a pattern.';
    onChange(t);
  }

  update();
  return { element, items: list, texts, setItems(l) { marks.clear(); for (const it of l) marks.set(`${it.x},${it.y}`, it.kind); update(); } };
}

// Reads items written in the family's notation back into {x, y, kind}
// (unknown points are skipped): the editor shows a pattern from the URL.
export function parseItems(board, text, emptyText = '') {
  // Case is ignored except where it names another point (Go's SGF letters).
  const fold = caseSensitivePoints(board) ? (t) => t : (t) => t.toLowerCase();
  const at = new Map();
  for (let x = 0; x < board.columns; x++) {
    for (let y = 0; y < board.rows; y++) at.set(fold(pointText(board, x, y)), [x, y]);
  }
  // Go points may also be written as SGF letters ("dc": column d, row c
  // from the top), as --pattern takes them on boards up to 25 lines and as
  // URLs copied from the command line hold them.
  if (board.family === 'go' && !caseSensitivePoints(board)) {
    for (let x = 0; x < Math.min(board.columns, 26); x++) {
      for (let y = 0; y < Math.min(board.rows, 26); y++) {
        const sgf = String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
        if (!at.has(sgf)) at.set(sgf, [x, y]);
      }
    }
  }
  const byLabel = new Map((board.colours || []).map((c) => [c.label.toLowerCase(), c.color]));
  const out = [];
  const read = (item, forceEmpty) => {
    const parts = item.trim().split(':');
    if (!parts[0]) return;
    const point = fold(parts[parts.length - 1]);
    const p = at.get(point);
    if (!p) return;
    let kind = 'any';
    if (forceEmpty) kind = 'empty';
    else if (parts.length === 2) kind = parts[0] === '.' ? 'empty' : byLabel.get(parts[0].toLowerCase()) ?? 'any';
    out.push({ x: p[0], y: p[1], kind });
  };
  for (const item of (text || '').split(',')) read(item, false);
  for (const item of (emptyText || '').split(',')) read(item, true);
  return out;
}
