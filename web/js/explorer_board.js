// The explore page's board column: the position's title and its board
// with the moves played next marked. The title and the board's SVG stay in
// place from step to step and only the stones and marks change: putting
// the SVG back into the page made the browser style and lay out all of it
// (the grid, the coordinates, a click target per point) again.
//
// Contract: createBoardColumn(element, onPoint(x, y), onHover) -> {show(pos,
// marks), highlight(move), clear()}. show() draws /api/next's `position`
// with marks {hints, pieces} (candidateMarks), keeping the board while its
// family, variant and size stay the same, or says there is no board to
// draw; highlight(move | null) is board_view's; clear() empties the column
// (the page shows an error). onHover(x, y | null), optional, is
// board_view's. boardTitle(pos) is the position's title ("Go 19×19, after
// 1 move").

import { h } from './dom.js';
import { createBoard, canDraw } from './board_view.js';
import { staticPosition } from './position.js';
import { FAMILY_NAMES } from './families.js';

export function boardTitle(pos) {
  const name = pos.family === 'blokus' && pos.variant ? pos.variant
    : `${FAMILY_NAMES[pos.family] || pos.family} ${pos.columns}×${pos.rows}${pos.variant && pos.family !== 'go' ? ` ${pos.variant}` : ''}`;
  return `${name}, ${pos.move_number ? `after ${pos.move_number} move${pos.move_number === 1 ? '' : 's'}` : 'empty board'}`;
}

export function createBoardColumn(element, onPoint, onHover = null) {
  const title = h('p', { class: 'game-title', id: 'explore-title' });
  const wrap = h('div', { class: 'board-wrap' });
  let view = null;
  let viewKey = '';

  function show(pos, marks) {
    const board = pos.board;
    title.textContent = boardTitle(pos);
    if (!canDraw(board)) {
      view = null;
      viewKey = '';
      element.replaceChildren(title, h('p', {}, 'No board to draw for this position.'));
      return;
    }
    const key = JSON.stringify([board.family, board.variant, board.columns, board.rows, !!board.torus]);
    if (!view || key !== viewKey) {
      view = createBoard(board, { onPoint, onHover });
      viewKey = key;
      wrap.replaceChildren(view.element);
    }
    if (element.firstChild !== title || element.lastChild !== wrap) element.replaceChildren(title, wrap);
    view.render(staticPosition(pos.occupants, pos.links), { last: pos.last_move || [], ...marks });
  }

  return {
    show,
    highlight: (move) => { if (view) view.highlight(move); },
    clear: () => element.replaceChildren(),
  };
}
