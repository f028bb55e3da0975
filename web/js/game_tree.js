// Walking a game document's tree (nodes in pre-order, children main-first).
// All functions are pure over the document.

export function pathTo(doc, i) {
  const out = [];
  for (let n = i; n !== null && n !== undefined; n = doc.nodes[n].parent) out.push(n);
  return out.reverse();
}

// The line through node i: the path from the root to i, then the first
// children down to a leaf. This is the line the move list shows and the
// arrow keys walk; it equals the main line while i is on it.
export function lineThrough(doc, i) {
  const line = pathTo(doc, i);
  let n = i;
  while (doc.nodes[n].children.length) {
    n = doc.nodes[n].children[0];
    line.push(n);
  }
  return line;
}

export function siblings(doc, i) {
  const p = doc.nodes[i].parent;
  return p === null || p === undefined ? [i] : doc.nodes[p].children;
}

// The node whose database id is nodeId, or -1.
export function indexOfNodeId(doc, nodeId) {
  if (!doc.nodes.length) return -1;
  const i = Number(nodeId) - doc.nodes[0].node_id; // node ids run in pre-order
  if (i >= 0 && i < doc.nodes.length && doc.nodes[i].node_id === Number(nodeId)) return i;
  return doc.nodes.findIndex((n) => n.node_id === Number(nodeId));
}

// The move text of a node for people ("B Q16", "W swap-pieces"); the root
// or a setup node gets a description of its setup.
export function nodeLabel(node) {
  if (node.moves && node.moves.length) {
    // Blokus: the piece's name before its points ("L5 e9,e10,…"), as
    // Pentobi's move list has it; other families as the API labels them.
    return node.moves.map((m) => (m.piece ? `${m.piece} ${(m.label || m.text).replace(/^\S+\s+/, '')}` : m.label || m.text)).join(' ');
  }
  if (node.parent === null) return 'Start';
  const setup = (node.placed || []).length + (node.removed || []).length;
  if (setup) return 'Setup';
  // Games of family `other` keep their moves as SGF properties (B[fe]).
  const move = (node.properties || []).find((p) => p.id === 'B' || p.id === 'W');
  return move ? `${move.id} ${move.values.join(',')}` : '—';
}

// The first evaluation of a source on a node, or null.
export function evaluation(node, source) {
  for (const e of node.evaluations || []) {
    if (e.source === source && e.value !== null && !e.undetermined) return e.value;
  }
  return null;
}

// 'gametree' when some node has a game-tree evaluation, else 'sgf' when
// some has an SGF V[], else null.
export function evalSource(doc) {
  let sgf = false;
  for (const n of doc.nodes) {
    for (const e of n.evaluations || []) {
      if (e.value === null) continue;
      if (e.source === 'gametree') return 'gametree';
      sgf = true;
    }
  }
  return sgf ? 'sgf' : null;
}

// The moves a line from the empty board may hold, per family (what
// `ludex next --line` reads: query/position_target.h position_from_line).
const LINE_KINDS = {
  go: ['place', 'pass'],
  hex: ['place', 'swap-pieces', 'swap-sides'],
  twixt: ['place', 'swap-pieces', 'swap-sides'],
  blokus: ['place'],
};

// The moves from the empty board to node i as the explorer's line= takes
// them (each move's text; a Blokus placement with its piece), or null when
// no line leads there: setup stones on the path, a node with more than one
// move or another kind of move, a Twixt move that removes links, a torus,
// a board that is not square (Blokus aside), positions that stop.
export function lineFromStart(doc, i) {
  const kinds = LINE_KINDS[doc.family];
  const b = doc.board;
  if (!kinds || b.torus || (doc.family !== 'blokus' && b.columns !== b.rows)) return null;
  const out = [];
  for (const k of pathTo(doc, i)) {
    const n = doc.nodes[k];
    if (n.stopped) return null;
    const moves = n.moves || [];
    if (!moves.length) {
      if ((n.placed || []).length || (n.removed || []).length) return null;
      continue;
    }
    const m = moves[0];
    if (moves.length > 1 || !kinds.includes(m.kind) || m.long_move || !m.text) return null;
    out.push(doc.family === 'blokus' && m.piece ? m.text.replace(/^(\S+) /, `$1 ${m.piece} `) : m.text);
  }
  return out;
}
