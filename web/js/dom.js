// Tiny DOM helpers. h(tag, attrs, ...children): attributes named on* get
// listeners, `class` and other names are set as attributes, booleans add or
// omit the attribute; children may be strings, nodes, arrays or null.
// patchChildren(target, source) redraws target in place, like source.

// The elements h() gave listeners: patchChildren() replaces them rather
// than patching them (their listeners would act on an older state).
const LISTENED = new WeakSet();

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
      LISTENED.add(el);
    }
    else if (k === 'value') el.value = v;
    else if (k === 'checked') el.checked = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export const fmt = new Intl.NumberFormat('en');

// Text made safe for HTML or SVG markup, in an element or a quoted attribute.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;
export function escapeMarkup(text) {
  const s = String(text);
  return SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]) : s;
}

// h()'s twin for markup, for many rows at once (one innerHTML is parsed
// much faster than the same elements made one by one): tag(name, attrs,
// ...inner) -> an HTML (or SVG) string. Attributes as h() sets them (null,
// undefined and false left out, true as an empty value), escaped; inner
// parts are markup already (text goes through escapeMarkup), arrays are
// joined, null and false left out. No listeners: the caller delegates.
// Plain loops rather than Object.entries and flat(): an explore step
// makes some 1,500 tags, mostly in code the engine has not optimised yet.
const VOID = new Set(['wbr', 'br', 'img', 'input']);
export function tag(name, attrs, ...inner) {
  let out = `<${name}`;
  for (const k in attrs) {
    const v = attrs[k];
    if (v === undefined || v === null || v === false) continue;
    out += v === true ? ` ${k}=""` : ` ${k}="${escapeMarkup(v)}"`;
  }
  if (VOID.has(name)) return `${out}>`;
  return `${out}>${joined(inner)}</${name}>`;
}

function joined(parts) {
  let out = '';
  for (const c of parts) {
    if (c === null || c === undefined || c === false) continue;
    out += Array.isArray(c) ? joined(c) : c;
  }
  return out;
}

// Makes target's children like source's, reusing target's nodes where
// they match by position (the same tag, or both text): their attributes and
// text are set, their children patched the same way; source's other nodes
// are moved in (source is left empty or partly so). A step of the explorer
// redraws its tables this way: elements the page keeps need no new style
// and keep what layout knows of them, where new ones cost both. Reused
// nodes keep their listeners and focus: use it where the events are
// delegated to a container kept too. Elements with listeners of their own
// (h()'s on* attributes) and form controls come in from source instead.
export function patchChildren(target, source) {
  let t = target.firstChild;
  let s = source.firstChild;
  while (s !== null) {
    const following = s.nextSibling;
    if (t !== null && alike(t, s)) {
      if (s.nodeType === Node.ELEMENT_NODE) {
        patchAttributes(t, s);
        if (s.firstChild !== null || t.firstChild !== null) patchChildren(t, s);
      } else if (t.nodeValue !== s.nodeValue) {
        t.nodeValue = s.nodeValue;
      }
      t = t.nextSibling;
    } else {
      target.insertBefore(s, t);
    }
    s = following;
  }
  while (t !== null) {
    const following = t.nextSibling;
    t.remove();
    t = following;
  }
  return target;
}

// Form controls hold their value apart from their attributes.
const CONTROLS = new Set(['input', 'select', 'textarea']);

// Whether t can be patched to be like s.
function alike(t, s) {
  if (t.nodeType !== s.nodeType) return false;
  if (s.nodeType !== Node.ELEMENT_NODE) return true;
  return t.localName === s.localName && t.namespaceURI === s.namespaceURI && !CONTROLS.has(s.localName) &&
    !LISTENED.has(t) && !LISTENED.has(s);
}

// getAttributeNames() rather than .attributes: the Attr objects made the
// patching of a step's rows several times slower.
function patchAttributes(t, s) {
  const names = s.getAttributeNames();
  const had = t.getAttributeNames();
  if (had.length > names.length || had.some((name) => !s.hasAttribute(name))) {
    for (const name of had) if (!s.hasAttribute(name)) t.removeAttribute(name);
  }
  for (const name of names) {
    const v = s.getAttribute(name);
    if (t.getAttribute(name) !== v) t.setAttribute(name, v);
  }
}

// Starts a download of a Blob under a file name.
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
