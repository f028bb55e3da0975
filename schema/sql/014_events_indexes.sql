-- ludex schema version 14, secondary indexes: which event holds a game
-- (check, a game's page).
CREATE INDEX IF NOT EXISTS event_games_by_game ON event_games (game_id);
