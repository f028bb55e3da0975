-- ludex schema version 2: secondary indexes for position search. Idempotent,
-- like every index file (finish_bulk_load runs it again).
--
-- position_events needs none: its primary key (code, node_id) is the index
-- every position query uses. nodes_by_hash (version 1) serves --position,
-- evaluations_by_value (version 1) serves --eval-min/--eval-max.

-- Evaluation swings per source (--eval-swing); nodes without one cost nothing.
CREATE INDEX IF NOT EXISTS evaluations_by_swing ON evaluations (source, swing)
  WHERE swing IS NOT NULL;

