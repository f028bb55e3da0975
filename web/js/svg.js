// SVG element helpers. s(tag, attrs, ...children) makes an element in the
// SVG namespace; attributes are set verbatim (numbers rounded to 0.01 so the
// markup stays small).

export const NS = 'http://www.w3.org/2000/svg';

export function val(v) {
  return typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v);
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, val(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function points(list) {
  return list.map(([x, y]) => `${val(x)},${val(y)}`).join(' ');
}

// A text element centred on (x, y).
export function label(x, y, text, attrs = {}) {
  return s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...attrs }, text);
}

export function clearSvg(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}
