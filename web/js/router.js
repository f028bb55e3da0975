// Hash routing: "#/page/arg?query". Contract: parse(hash) gives
// {page, arg, params: URLSearchParams}; href(page, arg, pairs) builds the
// hash for a link. The whole state of a page lives in its hash, so reload,
// back/forward and shared URLs all work.

export function parse(hash = location.hash) {
  const h = hash.replace(/^#\/?/, '');
  const q = h.indexOf('?');
  const path = q < 0 ? h : h.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : h.slice(q + 1));
  const [page = '', arg = ''] = path.split('/').map(decodeURIComponent);
  return { page: page || 'search', arg, params };
}

export function href(page, arg, pairs = []) {
  const q = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== undefined && v !== null && v !== '') q.append(k, String(v));
  const qs = q.toString();
  return `#/${page}${arg !== undefined && arg !== '' ? `/${encodeURIComponent(arg)}` : ''}${qs ? `?${qs}` : ''}`;
}

export function go(hash, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', hash);
  else location.hash = hash;
}

// Replaces the hash without a history entry and without re-rendering the
// page (used while stepping through a game: the node number is kept in the
// URL for reload and sharing, but every step is not a history entry).
export function replaceQuietly(hash) {
  history.replaceState(null, '', hash);
}

export function onChange(handler) {
  window.addEventListener('hashchange', () => handler(parse()));
}
