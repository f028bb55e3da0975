// Where the explorer starts: the families, variants and board sizes the
// archive holds games on (GET /api/boards), each with its game count, and
// a field for a stored game's position (GAME:MOVE or node:ID).
//
// Contract: renderPicker(boards, {hrefOf(b), onPosition(text)}) -> the
// picker (one a.board-choice per board, with data-family, data-size,
// data-variant and data-games); boardSelect(boards, current, onChoose(b))
// -> a <select> of the same boards for the page's header, `current` the
// board shown ({family, size, variant}) or null; boardName(b) names one.

import { h, fmt } from './dom.js';
import { FAMILIES, FAMILY_NAMES } from './families.js';

const games = (n) => `${fmt.format(n)} game${n === 1 ? '' : 's'}`;

// "19×19", "Blokus Duo", "24×24 PP".
export function boardName(b) {
  if (b.family === 'blokus') return b.variant;
  return `${b.columns}×${b.rows}${b.variant ? ` ${b.variant}` : ''}`;
}

// Only square boards have an empty board of one size= (Blokus: a variant).
const explorable = (b) => b.family === 'blokus' || b.columns === b.rows;

function byFamily(boards) {
  const out = new Map();
  for (const fam of FAMILIES) {
    const list = boards.filter((b) => b.family === fam).sort((a, b) => b.games - a.games);
    if (list.length) out.set(fam, list);
  }
  return out;
}

export function renderPicker(boards, { hrefOf, onPosition }) {
  const families = byFamily(boards);
  const sections = [...families].map(([fam, list]) => h('section', { class: 'pick-family', 'data-family': fam },
    h('h2', {}, FAMILY_NAMES[fam] || fam, h('span', { class: 'pick-total' }, ` · ${games(list.reduce((a, b) => a + b.games, 0))}`)),
    h('ul', {}, list.map((b) => h('li', {}, explorable(b)
      ? h('a', { class: 'board-choice', href: hrefOf(b), 'data-family': b.family, 'data-size': b.family === 'blokus' ? '' : b.columns, 'data-variant': b.variant, 'data-games': b.games },
        h('span', { class: 'pick-name' }, boardName(b)), h('span', { class: 'pick-count' }, games(b.games)))
      : h('span', { class: 'board-choice disabled', title: 'a board that is not square has no empty board to start from' },
        h('span', { class: 'pick-name' }, boardName(b)), h('span', { class: 'pick-count' }, games(b.games))))))));
  const input = h('input', { id: 'explore-position', placeholder: 'GAME:MOVE or node:NODE_ID' });
  const form = h('form', { class: 'explore-form', onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) onPosition(input.value.trim()); } },
    h('label', { for: 'explore-position' }, 'Or start from a stored game’s position '), input, ' ', h('button', { type: 'submit' }, 'Explore'));
  return h('div', { class: 'explore-picker' },
    h('p', { class: 'note' }, 'Choose a board: the explorer starts from its empty board and shows the moves played, how often and how they scored.'),
    sections.length ? h('div', { class: 'pick-families' }, sections) : h('p', { class: 'empty' }, 'The archive holds no games with positions yet.'),
    form);
}

export function boardSelect(boards, current, onChoose) {
  const key = (b) => `${b.family}|${b.family === 'blokus' ? '' : b.columns}|${b.variant || ''}`;
  const chosen = current ? key({ family: current.family, columns: current.size, variant: current.variant }) : '';
  const options = [];
  for (const [fam, list] of byFamily(boards)) {
    options.push(h('optgroup', { label: FAMILY_NAMES[fam] || fam },
      list.filter(explorable).map((b) => h('option', { value: key(b), selected: key(b) === chosen || null }, `${boardName(b)} (${games(b.games)})`))));
  }
  const select = h('select', { id: 'explore-board', 'aria-label': 'Board', onchange: () => {
    const b = boards.find((x) => key(x) === select.value);
    if (b) onChoose(b);
  } }, boards.some((b) => key(b) === chosen) ? null : h('option', { value: '', selected: true }, 'Choose a board…'), options);
  return select;
}
