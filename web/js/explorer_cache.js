// The explore page's answers, kept for a while and asked ahead. A step
// asks two answers (/api/next and a page of /api/games); most of a step's
// time in the browser was waiting for them, the two competing for the
// server's cores with each other and with the page's drawing. So the page
// asks them before the click: for the move under a pointer that rests on
// it (on the board or in the table), and for the most played moves once a
// step is drawn and the page is idle. A click then finds its answers here,
// done or under way.
//
// Contract: createExplorerCache({size, ttlMs, onAhead}) -> {next(pairs, {signal}),
// games(pairs, {signal}), ahead(steps), stop()}.
//   next(pairs) and games(pairs) resolve as api.next and api.games do, from
//     the answer kept for the same request when there is one (at most size
//     answers, none older than ttlMs: the archive may change under a
//     running server), else from a new request that is kept. An aborted
//     signal rejects that caller with an AbortError and leaves the request
//     running for the others; a failed request is not kept.
//   ahead(steps) asks, in order and at most kInFlight requests at a time,
//     the answers of steps [{next: pairs, games: pairs}] not kept yet; the
//     steps of an earlier ahead() not yet started are dropped. stop() drops
//     them too (a step the user took comes first). onAhead(kind, answer)
//     is called with each answer asked ahead ('next' or 'games') when it
//     arrives, for the page to prepare its drawing.
// Nothing here touches the page; one cache per page.

import * as api from './api.js';

const kInFlight = 2;

function abortError() {
  return new DOMException('The step was left', 'AbortError');
}

// The answer for this caller: rejects when its signal aborts first.
function forCaller(promise, signal) {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createExplorerCache({ size = 48, ttlMs = 60000, onAhead = null } = {}) {
  const kept = new Map(); // key -> {at, promise}, least recently used first
  let queue = []; // [kind, key, ask] waiting for a free slot
  let inFlight = 0;

  const keyOf = (kind, pairs) => `${kind}${api.queryString(pairs)}`;

  function fresh(key) {
    const e = kept.get(key);
    if (!e) return null;
    if (performance.now() - e.at > ttlMs) {
      kept.delete(key);
      return null;
    }
    return e;
  }

  function keep(key, ask) {
    const e = { at: performance.now(), promise: ask() };
    e.promise.catch(() => { if (kept.get(key) === e) kept.delete(key); });
    kept.set(key, e);
    while (kept.size > size) kept.delete(kept.keys().next().value);
    return e;
  }

  function take(key, ask, signal) {
    let e = fresh(key);
    if (e) {
      kept.delete(key);
      kept.set(key, e);
    } else {
      e = keep(key, ask);
    }
    return forCaller(e.promise, signal);
  }

  function pump() {
    while (inFlight < kInFlight && queue.length) {
      const [kind, key, ask] = queue.shift();
      if (fresh(key)) continue;
      inFlight += 1;
      keep(key, ask).promise.then((answer) => { if (onAhead) onAhead(kind, answer); }).catch(() => {}).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    next: (pairs, { signal } = {}) => take(keyOf('next', pairs), () => api.next(pairs), signal),
    games: (pairs, { signal } = {}) => take(keyOf('games', pairs), () => api.games(pairs), signal),
    ahead(steps) {
      queue = [];
      for (const s of steps) {
        queue.push(['next', keyOf('next', s.next), () => api.next(s.next)]);
        queue.push(['games', keyOf('games', s.games), () => api.games(s.games)]);
      }
      queue = queue.filter(([, key]) => !fresh(key));
      pump();
    },
    stop() {
      queue = [];
    },
  };
}
