-- ludex schema version 8: the games whose stored positions are not this
-- build's (hash_version other than core/zobrist.h's kPositionHashVersion, 1):
-- their files are imported again. Almost always empty, so an import asks
-- each recorded file (schema/source_files.cpp, kStaleFile) at no cost. A new
-- kPositionHashVersion comes with a migration that replaces this index.
CREATE INDEX IF NOT EXISTS games_stale_positions ON games (file_id)
  WHERE family <> 'other' AND hash_version IS NOT 1;
