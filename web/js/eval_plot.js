// The evaluation along a line of the game as an SVG plot: one point per
// node that has an evaluation of the chosen source, the even line, the
// current node, and the largest swings (the biggest changes between
// consecutive evaluated nodes) marked. Clicking the plot selects the node
// nearest to the click. When the game has evaluations of several sources
// (Go files analysed by Sabaki, Lizzie, KaTrain, KataGo, with their score
// leads beside their win rates), a menu chooses the source; a win rate is
// shown first.
//
// Contract: createEvalPlot(doc, source, onSelect) -> {element, show(line,
// current)}: `line` is a list of node indices (game_tree.js lineThrough),
// `current` the node shown; onSelect(index) is called on a click. `source`
// is a hint: the plot starts with the most telling source the game has
// (preferredSource). When the user picks another, the plot dispatches a
// `ludex:evalsource` event on document with {doc, source} as detail (the
// move list follows it). Scales (docs/queries.md "Evaluations and
// comments"): game-tree evaluations −10000…10000 and win rates 0…100 from
// seat 1's side; SGF V[] values and score leads have no bounds, so their
// scale is the largest magnitude seen.

import { s, label } from './svg.js';
import { h } from './dom.js';
import { evaluation } from './game_tree.js';
import { SOURCE_NAMES, describeSource, sourceRange } from './eval_sources.js';

const W = 440;
const H = 130;
const PAD_L = 34;
const PAD_R = 8;
const PAD_T = 10;
const PAD_B = 16;
const SWINGS = 3;

// The sources with at least one value in the game, win rates first, then
// game-tree, SGF V[] and score leads; unknown names last.
export function sourcesOf(doc) {
  const found = new Set();
  for (const n of doc.nodes) {
    for (const e of n.evaluations || []) if (e.value !== null && !e.undetermined) found.add(e.source);
  }
  const rank = (x) => (SOURCE_NAMES.includes(x) ? SOURCE_NAMES.indexOf(x) : SOURCE_NAMES.length);
  return [...found].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

// The source to show first: the most telling one the game has (a win rate
// before a game-tree value before a raw V[] or a score lead); `hint` when
// the game has none with values.
export function preferredSource(doc, hint) {
  const sources = sourcesOf(doc);
  return sources.length ? sources[0] : hint;
}

// Lowest, highest and even value of a source's scale for these values.
function scaleOf(source, known) {
  const range = sourceRange(source);
  if (range) return { ...range, mid: (range.lo + range.hi) / 2 };
  const m = Math.max(1e-9, ...known.map(Math.abs));
  return { lo: -m, hi: m, mid: 0 };
}

export function createEvalPlot(doc, hint, onSelect, seatNames = ['seat 1', 'seat 2']) {
  const sources = sourcesOf(doc);
  let source = preferredSource(doc, hint);
  const svg = s('svg', { class: 'eval-plot', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  const caption = h('p', { class: 'plot-caption' });
  let lastLine = [];
  let lastCurrent = 0;
  const menu = sources.length > 1
    ? h('label', { class: 'eval-source' }, 'Evaluation: ',
      h('select', {
        'aria-label': 'Evaluation source',
        onchange: (e) => {
          source = e.target.value;
          leaf = -1;
          show(lastLine, lastCurrent);
          document.dispatchEvent(new CustomEvent('ludex:evalsource', { detail: { doc, source } }));
        },
      }, sources.map((x) => h('option', { value: x, selected: x === source }, describeSource(x)))))
    : null;
  const element = h('figure', { class: 'eval' }, menu, svg, caption);
  let xs = [];
  let lineNodes = [];
  svg.addEventListener('click', (e) => {
    if (!xs.length) return;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    let best = 0;
    for (let k = 1; k < xs.length; k++) if (Math.abs(xs[k] - p.x) < Math.abs(xs[best] - p.x)) best = k;
    onSelect(lineNodes[best]);
  });

  // The plot is drawn again only when the line changes (a line is named by
  // its last node); a step along it only moves the marks of the current node.
  let leaf = -1;
  let currentMarks = null;
  function show(line, current) {
    lastLine = line;
    lastCurrent = current;
    if (line.length && line[line.length - 1] === leaf && currentMarks) {
      currentMarks(current);
      return;
    }
    leaf = line.length ? line[line.length - 1] : -1;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('aria-label', `Evaluation (${describeSource(source)}) along the line`);
    svg.dataset.source = source;
    lineNodes = line;
    const n = line.length;
    const values = line.map((i) => evaluation(doc.nodes[i], source));
    const known = values.filter((v) => v !== null);
    const { lo, hi, mid } = scaleOf(source, known);
    const x = (k) => PAD_L + (n <= 1 ? 0 : (k * (W - PAD_L - PAD_R)) / (n - 1));
    const y = (v) => PAD_T + ((hi - v) / (hi - lo)) * (H - PAD_T - PAD_B);
    xs = line.map((_, k) => x(k));
    svg.append(
      s('rect', { x: PAD_L, y: PAD_T, width: W - PAD_L - PAD_R, height: y(mid) - PAD_T, fill: '#f4f4f4' }),
      s('line', { x1: PAD_L, y1: y(mid), x2: W - PAD_R, y2: y(mid), stroke: '#999', 'stroke-width': 0.6 }),
      label(PAD_L - 4, y(hi), fmtValue(hi), { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
      label(PAD_L - 4, y(lo), fmtValue(lo), { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
      label(PAD_L - 4, y(mid), fmtValue(mid), { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
      label(PAD_L + 4, PAD_T + 6, `${seatNames[0]} ahead`, { 'text-anchor': 'start', 'font-size': 9, fill: '#777' }),
      label(PAD_L + 4, H - PAD_B - 6, `${seatNames[1]} ahead`, { 'text-anchor': 'start', 'font-size': 9, fill: '#777' }),
    );
    const cursorLine = s('line', { x1: 0, y1: PAD_T, x2: 0, y2: H - PAD_B, stroke: '#2b7bd6', 'stroke-width': 1.2, class: 'current' });
    const cursorDot = s('circle', { cx: 0, cy: 0, r: 3.4, fill: '#2b7bd6', class: 'current-point' });
    svg.append(cursorLine);
    // The curve, broken where nodes have no evaluation.
    let run = [];
    const flush = () => {
      if (run.length > 1) svg.append(s('polyline', { points: run.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), fill: 'none', stroke: '#333', 'stroke-width': 1.3 }));
      run = [];
    };
    values.forEach((v, k) => { if (v === null) flush(); else run.push([x(k), y(v)]); });
    flush();
    values.forEach((v, k) => { if (v !== null) svg.append(s('circle', { cx: x(k), cy: y(v), r: 1.6, fill: '#333', class: 'eval-point', 'data-node': line[k] }, s('title', {}, `move ${doc.nodes[line[k]].move_number}: ${fmtValue(v)}`))); });
    // The largest swings: change from the previous evaluated node.
    const swings = [];
    let prev = -1;
    values.forEach((v, k) => {
      if (v === null) return;
      if (prev >= 0) swings.push({ k, d: v - values[prev] });
      prev = k;
    });
    swings.sort((a, b) => Math.abs(b.d) - Math.abs(a.d));
    const top = swings.filter((w) => Math.abs(w.d) > 0).slice(0, SWINGS);
    for (const { k, d } of top) {
      // A red ring round the point where the evaluation swung.
      svg.append(s('circle', { cx: x(k), cy: y(values[k]), r: 5, fill: 'none', stroke: '#c0392b', 'stroke-width': 1.6, class: 'swing', 'data-node': line[k] },
        s('title', {}, `swing at move ${doc.nodes[line[k]].move_number}: ${d > 0 ? '+' : ''}${fmtValue(d)}`)));
    }
    svg.append(cursorDot);
    const swingText = top.length ? `Largest swings (red rings): ${top.map(({ k, d }) => `move ${doc.nodes[line[k]].move_number} (${d > 0 ? '+' : ''}${fmtValue(d)})`).join(', ')}.` : '';
    currentMarks = (cur) => {
      const at = line.indexOf(cur);
      cursorLine.style.display = at >= 0 ? '' : 'none';
      cursorDot.style.display = at >= 0 && values[at] !== null ? '' : 'none';
      if (at >= 0) {
        cursorLine.setAttribute('x1', x(at));
        cursorLine.setAttribute('x2', x(at));
        if (values[at] !== null) {
          cursorDot.setAttribute('cx', x(at));
          cursorDot.setAttribute('cy', y(values[at]));
        }
      }
      const v = at >= 0 ? values[at] : null;
      caption.textContent = known.length
        ? `${known.length} evaluations (${describeSource(source)}). ${v !== null ? `Here: ${fmtValue(v)}. ` : ''}${swingText}`
        : 'No evaluations on this line.';
    };
    currentMarks(current);
  }

  return { element, show };
}

function fmtValue(v) {
  if (Math.abs(v) >= 100) return String(Math.round(v));
  return String(Math.round(v * 100) / 100);
}
