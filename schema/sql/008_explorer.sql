-- ludex schema version 8: the opening explorer's postings.
--
-- For every common opening position (at most 32 points occupied, 128 cells
-- for the Blokus family, and at least 32 nodes holding it), every game
-- holding it: its nodes there, the first move of each of their children
-- and what `ludex next` reports of the game (its date, winner, the
-- evaluation after each move). One row per position and range of game ids;
-- `postings` is the byte layout of schema/explorer_postings.h. position_hash
-- is the explorer key: the position hash, for the Blokus family with the
-- variant folded in (schema/explorer_gather.h, explorer_key); variant is
-- that Blokus variant (NULL for the other families), so that the position's
-- own hash can be told from the key. docs/schema.md ("explorer_postings")
-- and docs/queries.md ("The opening explorer").
CREATE TABLE explorer_postings (
  position_hash INTEGER NOT NULL,
  first_game    INTEGER NOT NULL,
  variant       TEXT,
  last_game     INTEGER NOT NULL,
  games         INTEGER NOT NULL,
  nodes         INTEGER NOT NULL,
  postings      BLOB NOT NULL,
  PRIMARY KEY (position_hash, first_game)
) WITHOUT ROWID;

-- A database that holds games gets its postings built by the next import
-- or merge (GameStore); until then queries replay.
INSERT INTO meta (key, value)
SELECT 'explorer_pending', '1' WHERE EXISTS (SELECT 1 FROM games);
