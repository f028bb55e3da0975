-- ludex schema version 3: secondary indexes (dropped during a bulk load and
-- rebuilt after it).

-- Relinking the sightings of a deleted first copy.
CREATE INDEX IF NOT EXISTS game_sightings_by_duplicate ON game_sightings (duplicate_of);
