// The position after any node of a game document (docs/api.md
// "GET /api/games/{id}"), kept incrementally: moving from one node to another
// undoes the deltas up to their common ancestor and applies the ones down to
// the target, so stepping costs what changed, not the length of the game (a
// document may have 10,000+ nodes).
//
// Contract: new PositionCursor(doc) starts at the root (its setup applied);
// goTo(i) makes `stones` (Map "x,y" -> colour) and `links` (Map key ->
// [colour, x1, y1, x2, y2]) hold the position after node i.

const key = (x, y) => `${x},${y}`;
const linkKey = (l) => l.join(',');

export class PositionCursor {
  constructor(doc) {
    this.doc = doc;
    this.nodes = doc.nodes;
    this.stones = new Map();
    this.links = new Map();
    this.current = 0;
    this.apply(0);
  }

  apply(i) {
    const n = this.nodes[i];
    for (const [, x, y] of n.removed || []) this.stones.delete(key(x, y));
    for (const [c, x, y] of n.placed || []) this.stones.set(key(x, y), c);
    for (const l of n.links_removed || []) this.links.delete(linkKey(l));
    for (const l of n.links_added || []) this.links.set(linkKey(l), l);
  }

  unapply(i) {
    const n = this.nodes[i];
    for (const l of n.links_added || []) this.links.delete(linkKey(l));
    for (const l of n.links_removed || []) this.links.set(linkKey(l), l);
    for (const [, x, y] of n.placed || []) this.stones.delete(key(x, y));
    for (const [c, x, y] of n.removed || []) this.stones.set(key(x, y), c);
  }

  goTo(target) {
    if (target === this.current || target < 0 || target >= this.nodes.length) return;
    const down = [];
    let a = this.current;
    let b = target;
    // Climb the deeper one first, then both, until they meet.
    while (this.nodes[a].depth > this.nodes[b].depth) {
      this.unapply(a);
      a = this.nodes[a].parent;
    }
    while (this.nodes[b].depth > this.nodes[a].depth) {
      down.push(b);
      b = this.nodes[b].parent;
    }
    while (a !== b) {
      this.unapply(a);
      a = this.nodes[a].parent;
      down.push(b);
      b = this.nodes[b].parent;
    }
    for (let k = down.length - 1; k >= 0; k--) this.apply(down[k]);
    this.current = target;
  }

  // The occupants as the API's lists: [[colour, x, y]], [[colour, x1, y1, x2, y2]].
  occupants() {
    return [...this.stones].map(([k, c]) => [c, ...k.split(',').map(Number)]);
  }

  linkList() {
    return [...this.links.values()];
  }
}

// Contents from the API's lists (the explorer's /api/next `position`).
export function staticPosition(occupants = [], links = []) {
  const stones = new Map();
  for (const [c, x, y] of occupants) stones.set(key(x, y), c);
  const linkMap = new Map();
  for (const l of links) linkMap.set(linkKey(l), l);
  return { stones, links: linkMap };
}

export { key as pointKey };
