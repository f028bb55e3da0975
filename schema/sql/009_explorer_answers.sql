-- ludex schema version 9: the opening explorer's kept answers.
--
-- `ludex next` at the positions that most games reach (each board's empty
-- position, and the moves from it that at least 20,000 games play), with
-- and without symmetries, kept whole: the answer a tally of the position's
-- postings gives, with no filter but the board's and each game counted once
-- (schema/explorer_answers.h). position_hash is the explorer key (as in
-- explorer_postings); line is the moves from the empty board of family,
-- variant and size that lead there (the byte layout of
-- schema/explorer_answers.cpp), so that `ludex check` can compute each
-- answer again; answer is the report's byte layout. docs/schema.md
-- ("explorer_answers") and docs/queries.md ("The opening explorer").
CREATE TABLE explorer_answers (
  position_hash INTEGER NOT NULL,
  symmetric     INTEGER NOT NULL,
  family        TEXT NOT NULL,
  variant       TEXT,
  board_columns INTEGER NOT NULL,
  board_rows    INTEGER NOT NULL,
  line          BLOB NOT NULL,
  games         INTEGER NOT NULL,
  answer        BLOB NOT NULL,
  PRIMARY KEY (position_hash, symmetric)
) WITHOUT ROWID;
