// The JSON API of `ludex serve` (docs/api.md), as promise-returning
// functions. Contract: every function resolves with the parsed body of a 2xx
// answer and rejects with an ApiError whose message is the server's `error`
// text (or a description of the network failure), so a page can always show
// why something failed.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'ApiError';
    this.status = status; // HTTP status, 0 when the server was not reached
  }
}

// Builds a query string from [name, value] pairs (repeated names allowed);
// empty values are dropped, except for switches the caller passes as '1'.
export function queryString(pairs) {
  const q = new URLSearchParams();
  for (const [k, v] of pairs) {
    // An empty line is the empty board (the games that reach it), not no
    // line (every game's root, a scan of the archive): it is sent.
    if (v === undefined || v === null || (v === '' && k !== 'line')) continue;
    q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function request(path, { as = 'json', signal } = {}) {
  let res;
  try {
    res = await fetch(path, { signal, headers: { Accept: as === 'json' ? 'application/json' : '*/*' } });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(`the server did not answer (${e.message}); is ludex serve still running?`, 0);
  }
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try {
      const body = await res.json();
      if (body && body.error) message = body.error;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(message, res.status);
  }
  if (as === 'blob') {
    return { blob: await res.blob(), name: fileName(res.headers.get('Content-Disposition')) };
  }
  try {
    return await res.json();
  } catch (e) {
    throw new ApiError(`the server's answer to ${path} is not JSON (${e.message})`, res.status);
  }
}

// "attachment; filename=\"x.sgf\"" -> "x.sgf"
function fileName(disposition) {
  const m = /filename="?([^";]+)"?/.exec(disposition || '');
  return m ? m[1] : 'download';
}

export const info = (opts) => request('/api/info', opts);
// pairs: filter parameters plus sort/desc/offset/limit.
export const games = (pairs, opts) => request(`/api/games${queryString(pairs)}`, opts);
export const game = (id, opts) => request(`/api/games/${encodeURIComponent(id)}`, opts);
export const players = (pairs, opts) => request(`/api/players${queryString(pairs)}`, opts);
// GET /api/events: {limit, offset, kept, events: [...]} (`ludex events --json`).
export const events = (pairs, opts) => request(`/api/events${queryString(pairs)}`, opts);
// GET /api/event: one event's page (`ludex event --json`).
export const event = (pairs, opts) => request(`/api/event${queryString(pairs)}`, opts);
export const player = (pairs, opts) => request(`/api/player${queryString(pairs)}`, opts);
export const next = (pairs, opts) => request(`/api/next${queryString(pairs)}`, opts);
// The boards the archive holds games on: [{family, variant, columns, rows, games}].
export const boards = (opts) => request('/api/boards', opts);
// The Blokus variants: {blokus: [{name, columns, rows, players, colours}]}.
export const variants = (opts) => request('/api/variants', opts);
// The board of a family without a game: [['family', f], ['size', n]] or,
// for Blokus, [['family', 'blokus'], ['variant', v]].
export const board = (pairs, opts) => request(`/api/board${queryString(pairs)}`, opts);
// ext: 'sgf', 'hgt' or 'tgt'. Resolves with {blob, name}.
export const gameFile = (id, ext, opts) =>
  request(`/api/games/${encodeURIComponent(id)}.${ext}`, { ...opts, as: 'blob' });
// The hit list as a zip of files (format 'sgf' or 'gtv'); {blob, name}.
export const gamesZip = (pairs, format, opts) =>
  request(`/api/games.zip${queryString([...pairs, ['format', format]])}`, { ...opts, as: 'blob' });
