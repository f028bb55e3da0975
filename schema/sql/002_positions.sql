-- ludex schema version 2: what position search needs.
--
-- Secondary indexes of this version live in 002_positions_indexes.sql.
-- docs/schema.md ("Position search") explains the tables, the code layout
-- and the presence rule.

-- One row per change a node makes to its position: a stone, peg or Blokus
-- cell placed (added = 1) or removed (added = 0), a Twixt link added or
-- removed, a Blokus piece placed. code packs what changed (see
-- schema/position_codes.h); subtree_end is the node's subtree_end, copied
-- so that "the change is in effect at node n" is a range test on this row
-- alone. Keyed by (code, node_id): all changes of one feature are one key
-- range, ordered along every path of every game.
CREATE TABLE position_events (
  code        INTEGER NOT NULL,
  node_id     INTEGER NOT NULL REFERENCES nodes (node_id),
  subtree_end INTEGER NOT NULL,
  added       INTEGER NOT NULL,
  PRIMARY KEY (code, node_id)
) WITHOUT ROWID;

-- Blokus piece names (Pentobi's, e.g. 'V5'), numbered in first-seen order.
-- Rows are never deleted, so a piece keeps its id and its event codes.
CREATE TABLE pieces (
  piece_id INTEGER PRIMARY KEY,
  name     TEXT NOT NULL UNIQUE
);

-- The piece a Blokus move placed; NULL for other moves and families.
ALTER TABLE moves ADD COLUMN piece_id INTEGER REFERENCES pieces (piece_id);

-- |value - the parent's value| for the same source, both determined; NULL
-- when either is undetermined, missing or NaN. Serves --eval-swing.
ALTER TABLE evaluations ADD COLUMN swing REAL;

-- The position hash version the game's hashes and position_events were
-- computed with; NULL when the game was stored without positions (every
-- game of a version-1 database).
ALTER TABLE games ADD COLUMN hash_version INTEGER;

-- Swings of the evaluations already stored: each determined value against
-- the parent's first determined value of the same source.
UPDATE evaluations SET swing = abs(value - (
  SELECT pe.value FROM nodes AS n
  JOIN evaluations AS pe ON pe.node_id = n.parent_id
  WHERE n.node_id = evaluations.node_id AND pe.source = evaluations.source
    AND pe.undetermined = 0 AND pe.value IS NOT NULL
  ORDER BY pe.ordinal LIMIT 1))
WHERE undetermined = 0 AND value IS NOT NULL;
