-- ludex schema version 5: secondary indexes (dropped during a bulk load and
-- rebuilt after it).

-- An archive's members: incremental imports, --prune, forgetting an archive.
CREATE INDEX IF NOT EXISTS source_files_by_container ON source_files (container_id)
  WHERE container_id IS NOT NULL;
