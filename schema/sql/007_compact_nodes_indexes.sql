-- ludex schema version 7: secondary indexes (dropped during a bulk load and
-- rebuilt after it).

-- Version 1's index of the full hash: replaced by nodes_by_hash_top. (On a
-- migrated database it went with the version-6 nodes table.)
DROP INDEX IF EXISTS nodes_by_hash;

-- Same position anywhere: the top 24 bits of the hash, which SQLite stores
-- in 3 bytes where the full hash takes 8; a lookup compares the full hash on
-- the node's row (n.position_hash >> 40 = ?1 AND n.position_hash = ?2).
-- Partial: nodes without a hash cost nothing.
CREATE INDEX IF NOT EXISTS nodes_by_hash_top ON nodes (position_hash >> 40)
  WHERE position_hash IS NOT NULL;

-- The game a node belongs to: the game with the largest first_node_id not
-- above the node's id (nodes no longer store game_id).
CREATE INDEX IF NOT EXISTS games_by_first_node ON games (first_node_id);
