-- ludex schema version 11: the nodes by the top 24 bits of their position
-- hash as a table of its own, in place of the index nodes_by_hash_top.
--
-- The rows are what that index held (a key and a node id, in key order), so
-- lookups cost the same; the table is about 15% larger (rows appended in
-- key order leave space in SQLite's page splits that CREATE INDEX does not
-- leave; docs/schema.md, "The hash index"). What changes is who
-- sorts them after a bulk load: CREATE INDEX sorted one key per node on the
-- writer thread, a third of the import's writer time (go20big: 4.4 s of
-- processor for 6.4 M nodes); now ludex sorts them on a second thread while
-- the games are written, and the end of the load appends them in order
-- (schema/node_hashes.h). Outside a bulk load the triggers of
-- 011_node_hashes_indexes.sql keep the table in step with nodes.
--
-- hash_top is position_hash >> 40 as SQLite computes it on the signed
-- integer (-2^23 .. 2^23 - 1); a lookup compares the full hash on the
-- node's row. Nodes without a hash have no row.

-- The index goes first, so that the table takes the pages it frees.
DROP INDEX IF EXISTS nodes_by_hash_top;

CREATE TABLE node_hashes (
  hash_top INTEGER NOT NULL,
  node_id  INTEGER NOT NULL,
  PRIMARY KEY (hash_top, node_id)
) WITHOUT ROWID;

INSERT INTO node_hashes (hash_top, node_id)
SELECT position_hash >> 40, node_id FROM nodes WHERE position_hash IS NOT NULL
ORDER BY 1, 2;
