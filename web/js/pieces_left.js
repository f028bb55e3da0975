// Blokus: the pieces each colour has left at a node (the variant's piece
// set, board.pieces, less the pieces its moves placed on the path from the
// root), drawn as Pentobi's piece shapes for the square sets, by name
// otherwise. Contract: createPiecesLeft(doc) -> {element, show(index)}.

import { h } from './dom.js';
import { pathTo } from './game_tree.js';
import { blokusPalette } from './families.js';
import { pieceGlyph } from './board_blokus.js';

export function createPiecesLeft(doc) {
  const board = doc.board;
  const palette = blokusPalette(board);
  const element = h('div', { class: 'pieces-left', 'aria-label': 'Pieces left per colour' });
  function show(index) {
    const used = new Map(); // colour -> Map piece -> count
    for (const i of pathTo(doc, index)) {
      for (const m of doc.nodes[i].moves || []) {
        if (!m.piece) continue;
        if (!used.has(m.color)) used.set(m.color, new Map());
        const u = used.get(m.color);
        u.set(m.piece, (u.get(m.piece) || 0) + 1);
      }
    }
    // Setup pieces are not named by the API; only moves count here.
    element.replaceChildren(...(board.colours || []).map(({ color, seat }) => {
      const col = palette[color - 1] || palette[0];
      const u = used.get(color) || new Map();
      const left = [];
      for (const p of board.pieces || []) {
        const n = p.copies - (u.get(p.name) || 0);
        for (let k = 0; k < n; k++) left.push(p.name);
      }
      return h('div', { class: 'colour-pieces', 'data-color': color },
        h('span', { class: 'swatch', style: `background:${col.fill}` }),
        h('strong', {}, ` ${col.name}`), seat ? ` (seat ${seat})` : ' (shared)',
        `: ${[...u.values()].reduce((a, b) => a + b, 0)} placed, ${left.length} left `,
        h('span', { class: 'glyphs' }, left.map((name) => pieceGlyph(name, col, board.grid) ? h('span', { class: 'glyph', title: name }, pieceGlyph(name, col, board.grid)) : h('span', { class: 'piece-name', style: `border-color:${col.fill}` }, name))));
    }));
  }
  return { element, show };
}
