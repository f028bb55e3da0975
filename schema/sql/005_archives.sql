-- ludex schema version 5: archives imported as they are.
--
-- An archive (zip, tar, 7z, or a single compressed file) is one source_files
-- row of its own, format 'archive', holding the archive file's size, mtime and
-- content hash (of its compressed bytes), so that an unchanged archive is
-- skipped without being decompressed; its content_hash is '' until an import
-- has read it to its end. Each member is a source_files row too, path
-- 'ARCHIVE//MEMBER', with container_id pointing to the archive that holds it
-- (an archive inside an archive has a container too). Files on disk, and
-- every row of an older database, have container_id NULL. A member that its
-- archive no longer held when last read to its end has absent = 1: it is kept
-- (as a file deleted from a directory is) until `import --prune` forgets it,
-- which then needs no decompression of the unchanged archive.
-- docs/schema.md ("Archives") and docs/formats.md ("Archives") explain the
-- rules.

ALTER TABLE source_files ADD COLUMN container_id INTEGER REFERENCES source_files (file_id);
ALTER TABLE source_files ADD COLUMN absent INTEGER NOT NULL DEFAULT 0;
