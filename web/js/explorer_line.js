// The line so far on the explore page: a row of its moves from the empty
// board (breadcrumbs), each a link back to the position after it.
//
// Contract: lineCrumbs(state, board, hrefAt(depth)) -> <nav> with one
// a.crumb[data-depth] per move before the last (and the empty board, depth
// 0) and the current position as a span[aria-current]; a long line shows
// its first and last moves and a button that shows the rest. moveLabel
// (board, text) is a move of the line for people (Go "B pd" -> "B Q16";
// a Blokus placement in short, "Y d9…", after a swatch of its colour).

import { h } from './dom.js';
import { colourFill, colourName, pointText } from './families.js';

const HEAD = 2;
const TAIL = 10;

// Go writes moves with SGF letters ("pd"), which board labels show as
// "Q16" up to 25 lines (over 25 the text is the label already).
export function moveLabel(board, text) {
  const m = /^([BW]) ([a-y])([a-y])$/.exec(text);
  if (board && board.family === 'go' && m && board.columns <= 25) {
    return `${m[1]} ${pointText(board, m[2].charCodeAt(0) - 97, m[3].charCodeAt(0) - 97)}`;
  }
  return text;
}

function crumbText(board, depth, text) {
  const b = /^(\d) (?:(\S+) )?([^\s,]+)/.exec(text);
  if (board.family !== 'blokus' || !b) return `${depth}. ${moveLabel(board, text)}`;
  const c = Number(b[1]);
  return [`${depth}. `, h('span', { class: 'swatch', style: `background:${colourFill(board, c)}`, title: colourName(board, c) }),
    `${b[2] ? `${b[2]} ` : ''}${b[3]}…`];
}

export function lineCrumbs(state, board, hrefAt) {
  const nav = h('nav', { class: 'explore-line', 'aria-label': 'The line so far' });
  const render = (all) => {
    const n = state.line.length;
    const crumb = (depth) => {
      const text = depth === 0 ? 'Empty board' : crumbText(board, depth, state.line[depth - 1]);
      const title = depth === 0 ? null : state.line[depth - 1];
      return depth === n
        ? h('span', { class: 'crumb current', 'aria-current': 'step', 'data-depth': depth, title }, text)
        : h('a', { class: 'crumb', href: hrefAt(depth), 'data-depth': depth, title }, text);
    };
    const items = [];
    const hidden = !all && n > HEAD + TAIL + 2;
    for (let d = 0; d <= n; d++) {
      if (hidden && d > HEAD && d < n - TAIL) {
        if (d === HEAD + 1) {
          items.push(h('button', { type: 'button', class: 'crumb-more', title: 'Show every move of the line', onclick: () => render(true) },
            `… ${n - TAIL - HEAD - 1} moves`));
        }
        continue;
      }
      items.push(crumb(d));
    }
    nav.replaceChildren(h('ol', {}, items.map((it) => h('li', {}, it))));
  };
  render(false);
  return nav;
}
