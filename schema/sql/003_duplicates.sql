-- ludex schema version 3: duplicate games.
--
-- games.moves_hash is core/moves_hash.h's fingerprint of a game's family,
-- board and tree of moves (headers, comments and evaluations left out);
-- games.duplicate_of (version 1) points to the first game (lowest game_id)
-- with the same moves_hash. docs/schema.md ("Duplicates") explains them.
--
-- Games stored before this version have no moves_hash: SQL cannot compute
-- it, so a database migrated with games in it is marked, and the next
-- writing command (import, merge) hashes them by loading each game
-- (GameStore::refresh_moves_hashes) before it stores anything.

ALTER TABLE games ADD COLUMN moves_hash INTEGER;

-- Looked up for every stored game, also during a bulk load, so it is kept
-- here rather than among the indexes a bulk load drops: one row per game
-- costs little to maintain.
CREATE INDEX games_by_moves_hash ON games (moves_hash, game_id) WHERE moves_hash IS NOT NULL;

INSERT INTO meta (key, value) VALUES ('moves_hash_version', '1');
INSERT INTO meta (key, value)
SELECT 'moves_hash_pending', '1' WHERE EXISTS (SELECT 1 FROM games);

-- Games not stored because `ludex import --dedupe` found them to be
-- duplicates: where each was seen, so that nothing is lost and its file is
-- still known. duplicate_of is the stored first copy; when that copy goes
-- (its file changed or pruned) it moves to the next stored copy, or becomes
-- NULL when none is left, and the file is then imported again by the next
-- import that sees it.
CREATE TABLE game_sightings (
  file_id INTEGER NOT NULL REFERENCES source_files (file_id),
  game_index INTEGER NOT NULL,
  moves_hash INTEGER NOT NULL,
  duplicate_of INTEGER REFERENCES games (game_id),
  PRIMARY KEY (file_id, game_index)
) WITHOUT ROWID;
