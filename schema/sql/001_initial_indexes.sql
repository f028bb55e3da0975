-- ludex schema version 1: secondary indexes, the comment full-text index and
-- the triggers that keep it in step with the comments table.
--
-- Every statement here must be idempotent (IF NOT EXISTS): the migration runs
-- this file once, and GameStore::finish_bulk_load runs it again after a bulk
-- load dropped everything it creates. Constraint indexes (PRIMARY KEY,
-- UNIQUE) stay in 001_initial.sql; they are never dropped.

-- Player search: name_folded GLOB 'prefix*' becomes a range on this index.
CREATE INDEX IF NOT EXISTS players_by_folded ON players (name_folded);

-- A player's games (player search, then game ids in order).
CREATE INDEX IF NOT EXISTS game_players_by_player ON game_players (player_id, game_id);

-- A file's games (clear_file, per-file listing).
CREATE INDEX IF NOT EXISTS games_by_file ON games (file_id, game_index);

-- Filters by family (and date within a family), and by date alone.
CREATE INDEX IF NOT EXISTS games_by_family ON games (family, date);
CREATE INDEX IF NOT EXISTS games_by_date ON games (date) WHERE date IS NOT NULL;

-- Same position anywhere. Partial: nodes without a hash cost nothing.
CREATE INDEX IF NOT EXISTS nodes_by_hash ON nodes (position_hash)
  WHERE position_hash IS NOT NULL;

-- Evaluation ranges per source; undetermined values are never numbers.
CREATE INDEX IF NOT EXISTS evaluations_by_value ON evaluations (source, value)
  WHERE undetermined = 0;

-- A file's errors (clear_file, list_errors).
CREATE INDEX IF NOT EXISTS import_errors_by_file ON import_errors (file_id, game_index);

-- Comment search. External content: the text is stored once, in comments.
CREATE VIRTUAL TABLE IF NOT EXISTS comments_fts USING fts5 (
  text,
  content = 'comments',
  content_rowid = 'node_id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER IF NOT EXISTS comments_fts_insert AFTER INSERT ON comments BEGIN
  INSERT INTO comments_fts (rowid, text) VALUES (new.node_id, new.text);
END;

CREATE TRIGGER IF NOT EXISTS comments_fts_delete AFTER DELETE ON comments BEGIN
  INSERT INTO comments_fts (comments_fts, rowid, text) VALUES ('delete', old.node_id, old.text);
END;

CREATE TRIGGER IF NOT EXISTS comments_fts_update AFTER UPDATE ON comments BEGIN
  INSERT INTO comments_fts (comments_fts, rowid, text) VALUES ('delete', old.node_id, old.text);
  INSERT INTO comments_fts (rowid, text) VALUES (new.node_id, new.text);
END;
