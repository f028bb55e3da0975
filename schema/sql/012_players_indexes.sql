-- ludex schema version 12: the indexes of the players' tables.

-- A rank band's games (--rank-min, --rank-max).
CREATE INDEX IF NOT EXISTS game_rank_bands_by_low ON game_rank_bands (rank_low, rank_high);

-- The aliases of a player (a --player filter, `ludex player`).
CREATE INDEX IF NOT EXISTS player_aliases_by_canonical ON player_aliases (canonical);
