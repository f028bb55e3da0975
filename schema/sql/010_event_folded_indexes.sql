-- ludex schema version 10: the games by folded event. An --event pattern
-- with a literal start (`Meijin*`, `synthetic meijin 53`) is a range of this
-- index (SQLite's GLOB optimisation: the column's collation is BINARY, the
-- pattern bound as text), so the filter's cost follows the games it selects.
CREATE INDEX IF NOT EXISTS games_by_event ON games (event_folded);
