-- ludex schema version 3: duplicate games.
--
-- games.moves_hash is core/moves_hash.h's fingerprint of a game's family,
-- board and tree of moves (headers, comments and evaluations left out);
-- games.duplicate_of (version 1) points to the first game (lowest game_id)
-- with the same moves_hash. docs/schema.md ("Duplicates") explains them.
--
-- Games stored before this version have no moves_hash (it needs the parsed
-- game): they are never found as duplicates until their file is imported
-- again.

ALTER TABLE games ADD COLUMN moves_hash INTEGER;

-- Looked up for every stored game, also during a bulk load, so it is kept
-- here rather than among the indexes a bulk load drops: one row per game
-- costs little to maintain.
CREATE INDEX games_by_moves_hash ON games (moves_hash, game_id) WHERE moves_hash IS NOT NULL;

INSERT INTO meta (key, value) VALUES ('moves_hash_version', '1');
