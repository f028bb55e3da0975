-- ludex schema version 8: secondary indexes (dropped during a bulk load and
-- rebuilt after it).

-- The games stored as copies of an earlier game: `ludex next` counts a game
-- stored twice once, and reads these ids to leave the copies out.
CREATE INDEX IF NOT EXISTS games_copies ON games (game_id) WHERE duplicate_of IS NOT NULL;
