// Boards without a game (the search page's pattern editor): the server's
// description from GET /api/board (docs/api.md), the same object a game
// document's `board` is, so the page never works out labels, star points or
// Blokus cells itself.
//
// Contract: boardFor(family, {size, variant}) resolves with the board of
// `family` ('hex', 'twixt', 'go' or 'blokus'): of side `size` for Hex,
// Twixt and Go (the server's default when absent), of Blokus variant
// `variant`. It rejects with the ApiError of a bad size or an unknown
// variant. Each answer is asked for once per family and size (Blokus: per
// variant) and kept for the life of the page; a failed request is not
// kept, so asking again retries.

import * as api from './api.js';

const cache = new Map(); // "family|size" or "blokus|variant" -> Promise of a board

export function boardFor(family, { size = '', variant = '' } = {}) {
  const pairs = family === 'blokus' ? [['family', family], ['variant', variant]] : [['family', family], ['size', size]];
  const key = pairs.map(([, v]) => v).join('|');
  if (!cache.has(key)) {
    const answer = api.board(pairs);
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
  }
  return cache.get(key);
}
