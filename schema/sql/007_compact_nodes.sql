-- ludex schema version 7: one row per node, positions searched from the
-- games' streams.
--
-- Up to version 6 a node took 3.4 rows: nodes, moves and position_events
-- (110 bytes per node on a Go archive). Version 7 keeps what search and
-- export need in one narrow row per node and derives the rest
-- (docs/schema.md, "nodes", and docs/queries.md, "How a position search
-- runs"):
--  * nodes: the node's first move inline when it is a plain one (no links,
--    no stored spelling, no draw offer); the integers chosen for SQLite's
--    varints: descendants (subtree_end - node_id: 0 for a leaf, small on the
--    main line) for subtree_end, moveless (depth + 1 - move_number: 1 when
--    only the root has no move, which costs no byte) for move_number, flags
--    (bit 0 main_line, bit 1 main_flag: 0 or 1 for an SGF game, no byte)
--    for the two flags; game_id and parent_id are derived from the
--    pre-order ids (the view node_tree shows every version-6 column).
--  * node_moves: the moves that are not inline (a node's further moves, and
--    a first move that is not a plain one); the view moves shows every move
--    as the version-6 table did.
--  * position_events is gone: position conditions replay the streams of
--    game_positions, whose occupancy bitmaps are gone too; feature_games
--    (per feature, the games that ever hold it) finds the games to replay.
--  * nodes_by_hash indexes the top 24 bits of the position hash; the query
--    compares the full hash on the row.
--  * pieces is gone: a piece's feature code takes a fixed id from its name
--    (games/position_codes.h blokus_piece_id), and a Blokus move's piece is
--    its node's piece in the game's stream.
--
-- feature_games cannot be filled in SQL (it needs the streams decoded): a
-- migrated database holding games gets meta 'feature_games_pending', and the
-- next import or merge fills it (GameStore::refresh_feature_games) before it
-- stores anything; until then a search replays every game of its filter.

DROP VIEW IF EXISTS node_order;
DROP TABLE IF EXISTS position_events;
DROP TABLE IF EXISTS pieces;

CREATE TABLE nodes_v7 (
  node_id       INTEGER PRIMARY KEY,
  descendants   INTEGER NOT NULL,
  depth         INTEGER NOT NULL,
  moveless      INTEGER NOT NULL,
  flags         INTEGER NOT NULL,
  position_hash INTEGER,
  seat          INTEGER,
  color         INTEGER,
  kind          INTEGER,
  points        BLOB
);

-- A first move is inline when nothing but seat, colour, kind and points
-- says what it is: autolink set (the default of every move but a Twixt long
-- move without automatic links), no draw offer, no links, no stored spelling.
INSERT INTO nodes_v7 (node_id, descendants, depth, moveless, flags, position_hash, seat, color,
                      kind, points)
SELECT n.node_id, n.subtree_end - n.node_id, n.depth, n.depth + 1 - n.move_number,
       n.main_line | (n.main_flag << 1), n.position_hash, m.seat, m.color, m.kind, m.points
FROM nodes AS n
LEFT JOIN moves AS m ON m.node_id = n.node_id AND m.ordinal = 0 AND m.draw_offer = 0
  AND m.autolink = 1 AND m.links IS NULL AND m.prop_id IS NULL
ORDER BY n.node_id;

CREATE TABLE node_moves (
  node_id     INTEGER NOT NULL REFERENCES nodes (node_id),
  ordinal     INTEGER NOT NULL,
  seat        INTEGER NOT NULL,
  color       INTEGER NOT NULL,
  kind        INTEGER NOT NULL,
  draw_offer  INTEGER NOT NULL,
  autolink    INTEGER NOT NULL,
  points      BLOB,
  links       BLOB,
  prop_id     TEXT,
  prop_values,
  PRIMARY KEY (node_id, ordinal)
) WITHOUT ROWID;

INSERT INTO node_moves (node_id, ordinal, seat, color, kind, draw_offer, autolink, points, links,
                        prop_id, prop_values)
SELECT m.node_id, m.ordinal, m.seat, m.color, m.kind, m.draw_offer, m.autolink, m.points, m.links,
       m.prop_id, m.prop_values
FROM moves AS m
WHERE NOT (m.ordinal = 0 AND m.draw_offer = 0 AND m.autolink = 1 AND m.links IS NULL
           AND m.prop_id IS NULL)
ORDER BY m.node_id, m.ordinal;

DROP TABLE moves;
DROP TABLE nodes;
ALTER TABLE nodes_v7 RENAME TO nodes;

ALTER TABLE game_positions DROP COLUMN occupancy;

CREATE TABLE feature_games (
  code       INTEGER NOT NULL,
  board      INTEGER NOT NULL,
  first_game INTEGER NOT NULL,
  last_game  INTEGER NOT NULL,
  games      BLOB NOT NULL,
  PRIMARY KEY (code, board, first_game)
) WITHOUT ROWID;

-- Every move, as the version-6 table held them: the inline first move
-- (ordinal 0) and the rows of node_moves.
CREATE VIEW moves (node_id, ordinal, seat, color, kind, draw_offer, autolink, points, links,
                   prop_id, prop_values) AS
  SELECT node_id, 0, seat, color, kind, 0, 1, points, NULL, NULL, NULL
  FROM nodes WHERE kind IS NOT NULL
  UNION ALL
  SELECT node_id, ordinal, seat, color, kind, draw_offer, autolink, points, links, prop_id,
         prop_values
  FROM node_moves;

-- Every node with the columns of version 6 (docs/schema.md, "nodes"): its
-- game (the game whose node range holds it), its parent (the last earlier
-- node of the game one level up), the stored columns decoded.
CREATE VIEW node_tree (node_id, game_id, parent_id, depth, move_number, subtree_end, main_line,
                       main_flag, position_hash) AS
  SELECT n.node_id, g.game_id,
    (SELECT max(a.node_id) FROM nodes AS a
     WHERE a.node_id >= g.first_node_id AND a.node_id < n.node_id AND a.depth = n.depth - 1),
    n.depth, n.depth + 1 - n.moveless, n.node_id + n.descendants, n.flags & 1,
    (n.flags >> 1) & 1, n.position_hash
  FROM games AS g
  JOIN nodes AS n ON n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1;

-- The pre- and post-order numbers of every node within its game (as in
-- version 1): post = (subtree_end - first_node_id) - depth.
CREATE VIEW node_order (node_id, game_id, pre, post) AS
  SELECT n.node_id, g.game_id, n.node_id - g.first_node_id,
         n.node_id + n.descendants - g.first_node_id - n.depth
  FROM games AS g
  JOIN nodes AS n ON n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1;

INSERT INTO meta (key, value)
SELECT 'feature_games_pending', '1' WHERE EXISTS (SELECT 1 FROM games)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
