-- ludex schema version 14: the events found in the games (docs/schema.md,
-- "Events"; the code is schema/events/event_store.h), kept so that `ludex
-- events` lists a million games' events without reading their games.
--
-- events: one row per event. An event is the games of one folded event
-- name, family and board (a game recorded twice, a copy with the same name
-- and players as its first copy, once), cut where their dates lie more than
-- events_gap_days apart (meta; derive/event_groups.h): part 1, 2, ... in
-- date order. A Little Golem name ("hex.ch.45.3.4", games/event_name.h)
-- also gives a row to each level above it (part 0: "hex.ch.45.3",
-- "hex.ch.45"), holding every game of the groups below it, and each row
-- names the row of the level above (parent_id). kind: what the games read
-- as (derive/event_table.h: round-robin, swiss, knockout, match, games;
-- "levels" for a level). rounds: the highest round number read. An event's
-- id stays while its name, family, board and part do.
--
-- event_games: the games of each event that is not a level.
--
-- events_stale: the folded names (and their levels) whose events wait to
-- be found again. Every write that adds or erases a game lists its name in
-- the same transaction; the end of an import or merge finds their events
-- again and empties the list. While it holds a name, `ludex events` reads
-- its events as they were and says so.

CREATE TABLE events (
  event_id      INTEGER PRIMARY KEY,
  parent_id     INTEGER REFERENCES events (event_id),
  name          TEXT NOT NULL,
  name_folded   TEXT NOT NULL,
  family        TEXT NOT NULL,
  board_columns INTEGER NOT NULL,
  board_rows    INTEGER NOT NULL,
  part          INTEGER NOT NULL,
  first_date    TEXT,
  last_date     TEXT,
  games         INTEGER NOT NULL,
  players       INTEGER NOT NULL,
  rounds        INTEGER NOT NULL,
  kind          TEXT NOT NULL,
  groups        INTEGER NOT NULL
);

CREATE TABLE event_games (
  event_id INTEGER NOT NULL REFERENCES events (event_id),
  game_id  INTEGER NOT NULL REFERENCES games (game_id),
  PRIMARY KEY (event_id, game_id)
) WITHOUT ROWID;

CREATE TABLE events_stale (
  name_folded TEXT PRIMARY KEY NOT NULL
) WITHOUT ROWID;

INSERT OR IGNORE INTO meta (key, value) VALUES ('events_gap_days', '90');

-- The games stored before this version are found by the next import or
-- merge (their levels with them: event_store.cpp adds them).
INSERT OR IGNORE INTO events_stale (name_folded)
  SELECT DISTINCT event_folded FROM games WHERE event_folded IS NOT NULL;
