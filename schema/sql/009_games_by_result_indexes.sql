-- ludex schema version 9: the games in result order (--sort result: the
-- winner's seat, then RE as written), so that a page of the games at a
-- position (schema/position_games.h) walks this index instead of sorting
-- every game of the family (the empty 19x19 board of the 1M archive: 0.8 s
-- with the set sorted, 2.6 s with SQL alone). Not led by the family: the
-- family's own conditions keep games_by_family.
CREATE INDEX IF NOT EXISTS games_by_result ON games (winner, result);
