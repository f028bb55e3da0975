-- ludex schema version 11: node_hashes follows every write to nodes outside
-- a bulk load (a bulk load drops these triggers with the indexes, fills the
-- table itself and creates them again at its end: schema/node_hashes.h).

-- Version 7's index of the same keys: replaced by the table node_hashes.
DROP INDEX IF EXISTS nodes_by_hash_top;

CREATE TRIGGER IF NOT EXISTS node_hashes_after_nodes_insert
AFTER INSERT ON nodes WHEN new.position_hash IS NOT NULL
BEGIN
  INSERT INTO node_hashes (hash_top, node_id) VALUES (new.position_hash >> 40, new.node_id);
END;

CREATE TRIGGER IF NOT EXISTS node_hashes_after_nodes_delete
AFTER DELETE ON nodes WHEN old.position_hash IS NOT NULL
BEGIN
  DELETE FROM node_hashes WHERE hash_top = old.position_hash >> 40 AND node_id = old.node_id;
END;

CREATE TRIGGER IF NOT EXISTS node_hashes_after_nodes_update
AFTER UPDATE OF node_id, position_hash ON nodes
BEGIN
  DELETE FROM node_hashes WHERE hash_top = old.position_hash >> 40 AND node_id = old.node_id;
  INSERT INTO node_hashes (hash_top, node_id)
  SELECT new.position_hash >> 40, new.node_id WHERE new.position_hash IS NOT NULL;
END;
