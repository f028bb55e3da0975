-- ludex schema version 9: the triggers that keep the explorer's answers
-- exact (009_explorer_answers.sql). In an index file: a bulk load drops them
-- with the indexes and builds them again at its end (docs/schema.md, "Bulk
-- load"), when the table is empty anyway.
--
-- An answer counts what the postings hold and which games are copies: any
-- change to either makes every kept answer stale, and the writer computes
-- them again at the end of its import or merge. An empty table is never
-- wrong (queries then tally the postings).
CREATE TRIGGER explorer_answers_after_postings_insert AFTER INSERT ON explorer_postings
BEGIN
  DELETE FROM explorer_answers;
END;

CREATE TRIGGER explorer_answers_after_postings_update AFTER UPDATE ON explorer_postings
BEGIN
  DELETE FROM explorer_answers;
END;

CREATE TRIGGER explorer_answers_after_postings_delete AFTER DELETE ON explorer_postings
BEGIN
  DELETE FROM explorer_answers;
END;

CREATE TRIGGER explorer_answers_after_games_update
AFTER UPDATE OF date, winner, duplicate_of, family, variant, board_columns, board_rows ON games
BEGIN
  DELETE FROM explorer_answers;
END;
