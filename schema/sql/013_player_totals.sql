-- ludex schema version 13: each player's totals, kept instead of counted
-- (docs/schema.md, "Players"; the code is schema/players/player_totals.h),
-- so that `ludex players` lists a million games' players without reading
-- their games.
--
-- player_totals: per identity (a canonical name with its aliases,
-- player_aliases) and board (family, columns, rows; 0 where a family has no
-- size), what list_players shows: games, wins, losses, draws, the first and
-- last DT, the lowest and highest stated rank read. A game the identity
-- plays in several seats counts once, from its first seat. A board where
-- the identity has no game has no row.
--
-- player_totals_stale: the names whose identity's rows wait to be counted
-- again. Every write that adds or erases a game of a name lists the name in
-- the same transaction; the end of an import or merge counts those
-- identities again and empties the list. While it holds a name, the kept
-- rows are not read (list_players counts from the games).

CREATE TABLE player_totals (
  who           TEXT NOT NULL,
  family        TEXT NOT NULL,
  board_columns INTEGER NOT NULL,
  board_rows    INTEGER NOT NULL,
  games         INTEGER NOT NULL,
  wins          INTEGER NOT NULL,
  losses        INTEGER NOT NULL,
  draws         INTEGER NOT NULL,
  first_date    TEXT,
  last_date     TEXT,
  rank_low      INTEGER,
  rank_high     INTEGER,
  PRIMARY KEY (who, family, board_columns, board_rows)
) WITHOUT ROWID;

CREATE TABLE player_totals_stale (
  name TEXT PRIMARY KEY NOT NULL
) WITHOUT ROWID;

-- The players stored before this version are counted by the next import or
-- merge.
INSERT INTO player_totals_stale (name) SELECT name FROM players;
