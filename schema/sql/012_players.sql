-- ludex schema version 12: players' stated ranks and aliases
-- (docs/schema.md, "Players"; the code is schema/players/).
--
-- seat_ranks: one row per seat whose rank the game's root states (BR beside
-- PB, WR beside PW), as written and as games/rank.h reads it under the
-- game's source. game_rank_bands: the lowest and highest rank_order of a
-- game's players, for the games where every player's rank was read (a rank
-- band keeps a game when both fall inside). Both are derived from the
-- stored games (derive/seat_facts.h); `ludex check` derives them again.
--
-- player_aliases: `ludex players merge KEEP OTHER` makes OTHER an alias of
-- KEEP. Kept by name, not by player_id: a player's row goes when its last
-- game goes and comes back with a new id when a game of it is imported
-- again, and the alias must outlive both. A canonical name is never itself
-- an alias (the table is one level deep).

CREATE TABLE seat_ranks (
  game_id    INTEGER NOT NULL REFERENCES games (game_id),
  seat       INTEGER NOT NULL,
  written    TEXT NOT NULL,
  reading    INTEGER NOT NULL CHECK (reading IN (0, 1, 2)),  -- rank, unranked, unread
  rank_scale INTEGER CHECK (rank_scale IN (1, 2, 3)),        -- kyu, dan, pro; NULL: no rank
  rank_level INTEGER,
  certainty  INTEGER NOT NULL DEFAULT 0,                     -- plain, '*', '?'
  rank_order INTEGER,                                        -- games/rank.h rank_order
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE TABLE game_rank_bands (
  game_id   INTEGER PRIMARY KEY REFERENCES games (game_id),
  rank_low  INTEGER NOT NULL,
  rank_high INTEGER NOT NULL
);

-- The games whose seats end the main line with each other's colours (an odd
-- number of swap-sides moves; derive/seat_facts.h): a player's record by
-- colour as finally played.
CREATE TABLE swapped_games (
  game_id INTEGER PRIMARY KEY REFERENCES games (game_id)
);

CREATE TABLE player_aliases (
  name      TEXT PRIMARY KEY NOT NULL,
  canonical TEXT NOT NULL CHECK (canonical <> name)
) WITHOUT ROWID;

-- The games stored before this version get their rows from the next import
-- or merge (schema/players/rank_backfill.h); a new database has none to fill
-- (migrate_schema erases the key).
INSERT INTO meta (key, value) VALUES ('seat_ranks_pending', '1');
