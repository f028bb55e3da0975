-- ludex schema version 1: tables.
--
-- Secondary indexes, the full-text index and its triggers live in
-- 001_initial_indexes.sql so that a bulk load into an empty database can drop
-- them and build them once at the end. docs/schema.md explains every table,
-- column, BLOB layout and how ids are assigned.
--
-- Foreign keys are declared for documentation and for PRAGMA
-- foreign_key_check; they are not enforced at run time (the connection keeps
-- foreign_keys off), because GameStore writes parents before children and
-- deletes by id ranges, and per-row checks would cost the bulk load dearly.

-- 'LDEX': tells a ludex database from any other SQLite file.
PRAGMA application_id = 1279542616;

CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO meta (key, value) VALUES ('application', 'ludex'), ('hash_version', '1');

CREATE TABLE source_files (
  file_id      INTEGER PRIMARY KEY,
  path         TEXT NOT NULL UNIQUE,
  size         INTEGER NOT NULL,
  mtime_ns     INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  format       TEXT NOT NULL,
  game_count   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE players (
  player_id   INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  name_folded TEXT NOT NULL
);

CREATE TABLE games (
  game_id         INTEGER PRIMARY KEY,
  file_id         INTEGER NOT NULL REFERENCES source_files (file_id),
  game_index      INTEGER NOT NULL,
  family          TEXT NOT NULL CHECK (family IN ('other', 'go', 'hex', 'twixt', 'blokus')),
  format          TEXT NOT NULL CHECK (format IN ('sgf', 'gtv', 't1')),
  dialect         TEXT NOT NULL,
  variant         TEXT,
  board_columns   INTEGER,
  board_rows      INTEGER,
  result          TEXT,
  winner          INTEGER NOT NULL DEFAULT 0,
  date            TEXT,
  event           TEXT,
  round           TEXT,
  charset         TEXT,
  main_line_moves INTEGER NOT NULL,
  node_count      INTEGER NOT NULL,
  first_node_id   INTEGER NOT NULL,
  start_offset    INTEGER,
  start_line      INTEGER,
  start_column    INTEGER,
  duplicate_of    INTEGER REFERENCES games (game_id)
);

CREATE TABLE game_players (
  game_id   INTEGER NOT NULL REFERENCES games (game_id),
  seat      INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players (player_id),
  PRIMARY KEY (game_id, seat, player_id)
) WITHOUT ROWID;

CREATE TABLE nodes (
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

-- The pre- and post-order numbers of every node within its game, derived
-- from the stored columns (node ids are pre-order; post = end - depth).
CREATE VIEW node_order (node_id, game_id, pre, post) AS
  SELECT n.node_id, n.game_id, n.node_id - g.first_node_id,
         n.subtree_end - g.first_node_id - n.depth
  FROM nodes AS n JOIN games AS g ON g.game_id = n.game_id;

CREATE TABLE moves (
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
  PRIMARY KEY (node_id, ordinal)
) WITHOUT ROWID;

CREATE TABLE evaluations (
  node_id      INTEGER NOT NULL REFERENCES nodes (node_id),
  ordinal      INTEGER NOT NULL,
  source       INTEGER NOT NULL,
  value        REAL,
  undetermined INTEGER NOT NULL,
  PRIMARY KEY (node_id, ordinal)
) WITHOUT ROWID;

CREATE TABLE comments (
  node_id INTEGER PRIMARY KEY REFERENCES nodes (node_id),
  text    TEXT NOT NULL
);

CREATE TABLE properties (
  node_id     INTEGER NOT NULL REFERENCES nodes (node_id),
  ordinal     INTEGER NOT NULL,
  prop_id     TEXT NOT NULL,
  prop_values NOT NULL,
  PRIMARY KEY (node_id, ordinal)
) WITHOUT ROWID;

CREATE TABLE import_errors (
  error_id    INTEGER PRIMARY KEY,
  file_id     INTEGER NOT NULL REFERENCES source_files (file_id),
  game_index  INTEGER NOT NULL,
  severity    TEXT NOT NULL CHECK (severity IN ('warning', 'error')),
  byte_offset INTEGER,
  line        INTEGER,
  col         INTEGER,
  message     TEXT NOT NULL
);
