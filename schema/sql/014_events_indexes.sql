-- ludex schema version 14, secondary indexes: an event by its name, board
-- and part (finding events again, ludex event NAME); which event holds a
-- game (check, a game's page). Here, not beside the tables, so that a bulk
-- load stopped and begun again builds them again like every other index
-- (create_secondary_indexes runs these files).
CREATE UNIQUE INDEX IF NOT EXISTS events_by_name
  ON events (name_folded, family, board_columns, board_rows, part);
CREATE INDEX IF NOT EXISTS event_games_by_game ON event_games (game_id);
