// The evaluation along a line of the game as an SVG plot: one point per
// node that has an evaluation of the chosen source, the zero line, the
// current node, and the largest swings (the biggest changes between
// consecutive evaluated nodes) marked. Clicking the plot selects the node
// nearest to the click.
//
// Contract: createEvalPlot(doc, source, onSelect) -> {element, show(line,
// current)}: `line` is a list of node indices (game_tree.js lineThrough),
// `current` the node shown; onSelect(index) is called on a click. Scale:
// game-tree evaluations are −10000…10000 from seat 1's side
// (docs/queries.md "Evaluations"); SGF V[] values are raw, so their scale
// is the largest magnitude seen.

import { s, label } from './svg.js';
import { h } from './dom.js';
import { evaluation } from './game_tree.js';

const W = 440;
const H = 130;
const PAD_L = 34;
const PAD_R = 8;
const PAD_T = 10;
const PAD_B = 16;
const SWINGS = 3;

export function createEvalPlot(doc, source, onSelect, seatNames = ['seat 1', 'seat 2']) {
  const svg = s('svg', { class: 'eval-plot', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `Evaluation (${source === 'gametree' ? 'game tree, seat 1\'s side' : 'SGF V[]'}) along the line` });
  const caption = h('p', { class: 'plot-caption' });
  const element = h('figure', { class: 'eval' }, svg, caption);
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
    if (line.length && line[line.length - 1] === leaf && currentMarks) {
      currentMarks(current);
      return;
    }
    leaf = line.length ? line[line.length - 1] : -1;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    lineNodes = line;
    const n = line.length;
    const values = line.map((i) => evaluation(doc.nodes[i], source));
    const known = values.filter((v) => v !== null);
    let scale = 10000;
    if (source !== 'gametree') scale = Math.max(1e-9, ...known.map(Math.abs));
    const x = (k) => PAD_L + (n <= 1 ? 0 : (k * (W - PAD_L - PAD_R)) / (n - 1));
    const y = (v) => PAD_T + ((scale - v) / (2 * scale)) * (H - PAD_T - PAD_B);
    xs = line.map((_, k) => x(k));
    svg.append(
      s('rect', { x: PAD_L, y: PAD_T, width: W - PAD_L - PAD_R, height: (H - PAD_T - PAD_B) / 2, fill: '#f4f4f4' }),
      s('line', { x1: PAD_L, y1: y(0), x2: W - PAD_R, y2: y(0), stroke: '#999', 'stroke-width': 0.6 }),
      label(PAD_L - 4, y(scale), fmtValue(scale), { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
      label(PAD_L - 4, y(-scale), fmtValue(-scale), { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
      label(PAD_L - 4, y(0), '0', { 'text-anchor': 'end', 'font-size': 9, fill: '#555' }),
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
        ? `${known.length} evaluations (${source === 'gametree' ? 'game tree, −10000…10000 for seat 1' : 'SGF V[], as written'}). ${v !== null ? `Here: ${fmtValue(v)}. ` : ''}${swingText}`
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
