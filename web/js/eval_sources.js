// What each evaluation source is, the one list every page uses (the search
// form's menu, the evaluation plot, the move list, the comment box): the
// sources of `ludex query --eval-source` (core/node.h EvalSource; names and
// scales as docs/queries.md "Evaluations and comments" gives them), in the
// order a viewer prefers them: win rates, then game-tree values, then SGF
// V[] and score leads. tests/e2e_serve checks that this list names every
// source the server knows.
//
// kind: 'gametree' (−10000…10000), 'winrate' (0…100), 'free' (no bounds).
// Every value is from seat 1's side.

export const SOURCES = {
  sabaki: { kind: 'winrate', name: 'Sabaki win rate' },
  lizzie: { kind: 'winrate', name: 'Lizzie win rate' },
  katrain: { kind: 'winrate', name: 'KaTrain win rate' },
  katago: { kind: 'winrate', name: 'KataGo win rate' },
  gametree: { kind: 'gametree', name: 'game tree' },
  sgf: { kind: 'free', name: 'SGF V[]' },
  'sabaki-score': { kind: 'free', name: 'Sabaki score lead' },
  'lizzie-score': { kind: 'free', name: 'Lizzie score lead' },
  'katrain-score': { kind: 'free', name: 'KaTrain score lead' },
  'katago-score': { kind: 'free', name: 'KataGo score lead' },
};

// Every source name, in the order above.
export const SOURCE_NAMES = Object.keys(SOURCES);

// The command line's default: no source named, every source searched, each
// value on its own source's scale.
export const DEFAULT_SOURCE = '';

export function sourceKind(source) {
  return (SOURCES[source] || { kind: 'free' }).kind;
}

// The bounds of a source's values, {lo, hi}; null for the unbounded ones.
export function sourceRange(source) {
  const kind = sourceKind(source);
  if (kind === 'gametree') return { lo: -10000, hi: 10000 };
  if (kind === 'winrate') return { lo: 0, hi: 100 };
  return null;
}

// A source as people read it: "KataGo win rate, 0…100% for seat 1".
export function describeSource(source) {
  if (source === '') return 'every source, each on its own scale';
  const info = SOURCES[source] || { kind: 'free', name: source };
  if (info.kind === 'gametree') return 'game tree, −10000…10000 for seat 1';
  if (info.kind === 'winrate') return `${info.name}, 0…100% for seat 1`;
  return source === 'sgf' ? 'SGF V[], as written' : `${info.name}, points for seat 1`;
}
