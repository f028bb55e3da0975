-- ludex schema version 6: each game's positions as one row, for position
-- search.
--
-- game_positions holds, per game whose positions were computed
-- (games.hash_version set), the game's position stream: the tree's shape and
-- every node's net change in pre-order, in the byte format of
-- games/position_stream.h (version byte first), and its occupancy: per
-- colour, a bitmap of the points that colour ever holds. A pattern search
-- reads these rows (occupancy first, a prefilter) and replays the streams in
-- memory instead of reading rows per node (docs/queries.md, "How a position
-- search runs"). The stream's node k is node first_node_id + k of the game.
--
-- A database migrated from version 5 has no streams yet: the meta key
-- 'position_streams_pending' makes the next import or merge compute them
-- from the stored games (GameStore::refresh_position_streams) before it
-- stores anything; until then a search computes a missing stream itself.

CREATE TABLE IF NOT EXISTS game_positions (
  game_id   INTEGER PRIMARY KEY REFERENCES games (game_id),
  occupancy BLOB NOT NULL,
  stream    BLOB NOT NULL
);

INSERT INTO meta (key, value) VALUES ('position_streams_pending', '1')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
