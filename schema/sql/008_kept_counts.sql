-- ludex schema version 8: the counts `ludex info` shows, kept instead of
-- counted (schema/counts.h names them; docs/schema.md, "counts"). A name
-- whose count is 0 has no row. This migration counts once what the
-- database holds; every write keeps the counts from then on.
CREATE TABLE counts (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO counts (name, value)
SELECT name, value FROM (
  SELECT 'files' AS name, (SELECT count(*) FROM source_files WHERE format <> 'archive') AS value
  UNION ALL SELECT 'archives', (SELECT count(*) FROM source_files WHERE format = 'archive')
  UNION ALL SELECT 'games', (SELECT count(*) FROM games)
  UNION ALL SELECT 'nodes', (SELECT count(*) FROM nodes)
  UNION ALL SELECT 'moves', (SELECT count(*) FROM nodes WHERE kind IS NOT NULL) +
                            (SELECT count(*) FROM node_moves)
  UNION ALL SELECT 'players', (SELECT count(*) FROM players)
  UNION ALL SELECT 'errors', (SELECT count(*) FROM import_errors WHERE severity = 'error')
  UNION ALL SELECT 'warnings', (SELECT count(*) FROM import_errors WHERE severity = 'warning')
  UNION ALL SELECT 'duplicates', (SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL) +
                                 (SELECT count(*) FROM game_sightings)
  UNION ALL SELECT 'games/' || family, count(*) FROM games GROUP BY family
  UNION ALL SELECT 'board/' || family || '/' || coalesce(variant, '') || '/' ||
                   coalesce(board_columns, 0) || 'x' || coalesce(board_rows, 0), count(*)
            FROM games GROUP BY family, coalesce(variant, ''), coalesce(board_columns, 0),
                     coalesce(board_rows, 0))
WHERE value <> 0;
