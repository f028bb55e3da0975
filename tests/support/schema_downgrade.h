// Turning a database written by this ludex back into what older schema
// versions wrote, for the tests of the migrations. Version 13: no kept
// events. Version 12: no kept player totals. Version 11: no players'
// tables (seat ranks, rank bands, swapped games, aliases). Version 10: the index
// nodes_by_hash_top instead of the table node_hashes. Version 9: no folded
// event. Version 8: no kept
// explorer answers. Version 7: the GM number
// as the variant of Go, Hex and Twixt SGF games, no explorer_postings. Version 6: nodes with
// game_id, parent_id, depth and move_number, a moves table (with piece_id),
// position_events, game_positions with its occupancy column, no
// feature_games. The rows are derived with the version-7 views;
// position_events is left empty (the migration to version 7 drops it
// unread). Tests that go further back start from here.
#ifndef LUDEX_TESTS_SUPPORT_SCHEMA_DOWNGRADE_H_
#define LUDEX_TESTS_SUPPORT_SCHEMA_DOWNGRADE_H_

#include <SQLiteCpp/Database.h>

namespace ludex::test {

// Version 14 back to 13: no events, event_games or events_stale
// (014_events*.sql).
inline void downgrade_to_version13(SQLite::Database& raw) {
  raw.exec(R"sql(
    BEGIN;
    DROP TABLE event_games;
    DROP TABLE events;
    DROP TABLE events_stale;
    DELETE FROM meta WHERE key = 'events_gap_days';
    UPDATE meta SET value = '13' WHERE key = 'schema_version';
    PRAGMA user_version = 13;
    COMMIT;
  )sql");
}

// Version 13 back to 12: no player_totals (013_player_totals.sql).
inline void downgrade_to_version12(SQLite::Database& raw) {
  downgrade_to_version13(raw);
  raw.exec(R"sql(
    BEGIN;
    DROP TABLE player_totals;
    DROP TABLE player_totals_stale;
    UPDATE meta SET value = '12' WHERE key = 'schema_version';
    PRAGMA user_version = 12;
    COMMIT;
  )sql");
}

// Version 12 back to 11: no seat_ranks, game_rank_bands, swapped_games or
// player_aliases (012_players*.sql).
inline void downgrade_to_version11(SQLite::Database& raw) {
  downgrade_to_version12(raw);
  raw.exec(R"sql(
    BEGIN;
    DROP TABLE seat_ranks;
    DROP TABLE game_rank_bands;
    DROP TABLE swapped_games;
    DROP TABLE player_aliases;
    DELETE FROM meta WHERE key = 'seat_ranks_pending';
    UPDATE meta SET value = '11' WHERE key = 'schema_version';
    PRAGMA user_version = 11;
    COMMIT;
  )sql");
}

// Version 11 back to 10: the index nodes_by_hash_top again, no node_hashes
// and no triggers keeping it (011_node_hashes*.sql).
inline void downgrade_to_version10(SQLite::Database& raw) {
  downgrade_to_version11(raw);
  raw.exec(R"sql(
    BEGIN;
    DROP TRIGGER node_hashes_after_nodes_insert;
    DROP TRIGGER node_hashes_after_nodes_delete;
    DROP TRIGGER node_hashes_after_nodes_update;
    DROP TABLE node_hashes;
    CREATE INDEX nodes_by_hash_top ON nodes (position_hash >> 40)
      WHERE position_hash IS NOT NULL;
    DELETE FROM meta WHERE key = 'node_hashes_pending';
    UPDATE meta SET value = '10' WHERE key = 'schema_version';
    PRAGMA user_version = 10;
    COMMIT;
  )sql");
}

// Version 11 back to 9 (through 10): no folded event column and no index
// on it (010_event_folded*.sql).
inline void downgrade_to_version9(SQLite::Database& raw) {
  downgrade_to_version10(raw);
  raw.exec(R"sql(
    BEGIN;
    DROP INDEX IF EXISTS games_by_event;
    ALTER TABLE games DROP COLUMN event_folded;
    UPDATE meta SET value = '9' WHERE key = 'schema_version';
    PRAGMA user_version = 9;
    COMMIT;
  )sql");
}

// Version 11 back to 8 (through 9): no kept explorer answers (009_explorer_answers.sql:
// the table and the triggers that empty it) and no result index
// (009_games_by_result_indexes.sql).
inline void downgrade_to_version8(SQLite::Database& raw) {
  downgrade_to_version9(raw);
  raw.exec(R"sql(
    BEGIN;
    DROP TRIGGER explorer_answers_after_postings_insert;
    DROP TRIGGER explorer_answers_after_postings_update;
    DROP TRIGGER explorer_answers_after_postings_delete;
    DROP TRIGGER explorer_answers_after_games_update;
    DROP TABLE explorer_answers;
    DROP INDEX IF EXISTS games_by_result;
    UPDATE meta SET value = '8' WHERE key = 'schema_version';
    PRAGMA user_version = 8;
    COMMIT;
  )sql");
}

// Version 11 back to 7 (through 8): the GM number of Go, Hex and Twixt SGF games as
// their variant again (008_family_variants.sql cleared it), and the
// explorer's table and index gone (008_explorer*.sql), and the kept counts
// (008_kept_counts.sql).
inline void downgrade_to_version7(SQLite::Database& raw) {
  downgrade_to_version8(raw);
  raw.exec(R"sql(
    BEGIN;
    UPDATE games SET variant = CASE family WHEN 'go' THEN '1' WHEN 'hex' THEN '11' ELSE '21' END
      WHERE family IN ('go', 'hex', 'twixt') AND format = 'sgf' AND dialect = 'sgf';
    DROP TABLE explorer_postings;
    DROP TABLE counts;
    DROP INDEX IF EXISTS games_copies;
    DELETE FROM meta WHERE key = 'explorer_pending';
    UPDATE meta SET value = '7' WHERE key = 'schema_version';
    PRAGMA user_version = 7;
    COMMIT;
  )sql");
}

inline void downgrade_to_version6(SQLite::Database& raw) {
  downgrade_to_version7(raw);
  raw.exec(R"sql(
    BEGIN;
    CREATE TABLE nodes_v6 (
      node_id       INTEGER PRIMARY KEY,
      game_id       INTEGER NOT NULL REFERENCES games (game_id),
      parent_id     INTEGER REFERENCES nodes (node_id),
      depth         INTEGER NOT NULL,
      move_number   INTEGER NOT NULL,
      subtree_end   INTEGER NOT NULL,
      main_line     INTEGER NOT NULL,
      main_flag     INTEGER NOT NULL,
      position_hash INTEGER
    );
    -- No ORDER BY: the rows find their place by node_id, and with one the
    -- planner walks nodes first and searches games by a one-sided range
    -- for each (46 s for the Go corpus's 211k nodes, 0.2 s without).
    INSERT INTO nodes_v6 SELECT node_id, game_id, parent_id, depth, move_number, subtree_end,
      main_line, main_flag, position_hash FROM node_tree;
    CREATE TABLE moves_v6 (
      node_id     INTEGER NOT NULL REFERENCES nodes (node_id),
      ordinal     INTEGER NOT NULL,
      seat        INTEGER NOT NULL,
      color       INTEGER NOT NULL,
      kind        INTEGER NOT NULL,
      draw_offer  INTEGER NOT NULL,
      autolink    INTEGER NOT NULL,
      points      BLOB,
      links       BLOB,
      prop_id     TEXT,
      prop_values,
      piece_id    INTEGER REFERENCES pieces (piece_id),
      PRIMARY KEY (node_id, ordinal)
    ) WITHOUT ROWID;
    INSERT INTO moves_v6 SELECT node_id, ordinal, seat, color, kind, draw_offer, autolink,
      points, links, prop_id, prop_values, NULL FROM moves ORDER BY node_id, ordinal;
    DROP VIEW node_order;
    DROP VIEW node_tree;
    DROP VIEW moves;
    DROP TABLE node_moves;
    DROP TABLE nodes;
    DROP TABLE feature_games;
    DROP INDEX IF EXISTS games_by_first_node;
    ALTER TABLE nodes_v6 RENAME TO nodes;
    ALTER TABLE moves_v6 RENAME TO moves;
    CREATE INDEX nodes_by_hash ON nodes (position_hash) WHERE position_hash IS NOT NULL;
    CREATE VIEW node_order (node_id, game_id, pre, post) AS
      SELECT n.node_id, n.game_id, n.node_id - g.first_node_id,
             n.subtree_end - g.first_node_id - n.depth
      FROM nodes AS n JOIN games AS g ON g.game_id = n.game_id;
    CREATE TABLE pieces (
      piece_id INTEGER PRIMARY KEY,
      name     TEXT NOT NULL UNIQUE
    );
    CREATE TABLE position_events (
      code        INTEGER NOT NULL,
      node_id     INTEGER NOT NULL REFERENCES nodes (node_id),
      subtree_end INTEGER NOT NULL,
      added       INTEGER NOT NULL,
      PRIMARY KEY (code, node_id)
    ) WITHOUT ROWID;
    ALTER TABLE game_positions ADD COLUMN occupancy BLOB NOT NULL DEFAULT x'';
    DELETE FROM meta WHERE key = 'feature_games_pending';
    UPDATE meta SET value = '6' WHERE key = 'schema_version';
    PRAGMA user_version = 6;
    COMMIT;
  )sql");
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_SUPPORT_SCHEMA_DOWNGRADE_H_
