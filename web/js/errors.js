// The page-wide error banner. Contract: showError(e) displays the server's
// message of an ApiError (or any Error's message) until clearError() or the
// next page change; an aborted request (a newer one replaced it) is ignored.

const banner = () => document.getElementById('error');

export function showError(e, context = '') {
  if (e && e.name === 'AbortError') return;
  const el = banner();
  const message = e && e.message ? e.message : String(e);
  el.textContent = context ? `${context}: ${message}` : message;
  el.hidden = false;
  console.error(e);
}

export function clearError() {
  const el = banner();
  el.hidden = true;
  el.textContent = '';
}

// Returns a box that shows an error in place (inside a panel), for failures
// that concern one part of a page only.
export function errorBox(e, context = '') {
  const div = document.createElement('div');
  div.className = 'error inline';
  div.setAttribute('role', 'alert');
  div.textContent = `${context ? `${context}: ` : ''}${e && e.message ? e.message : e}`;
  return div;
}
