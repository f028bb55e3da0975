-- ludex schema version 4: Hex swaps read by the move that follows them.
--
-- No table changes. Up to version 3, ludex read a Hex SGF swap spelled
-- "swap-pieces", "swap" or "SWAP" by the file's AP alone, so HexGui 1.0 and
-- benzene games (whose next move is the swapper's colour again: the stone
-- stays, the players exchange colours) got a reflected stone and wrong
-- positions. docs/formats.md ("Swaps in Hex SGF") states the rule now used.
-- The stored moves cannot be re-read in SQL (the next move's colour decides,
-- and the spelling is not always stored), so every stored Hex SGF game with a
-- swap gets its positions marked stale: hash_version NULL makes
-- GameStore::find_file report its file stale, and the next import that sees
-- the file reads it again (docs/schema.md, "Stale positions").
-- moves.kind 2 = swap-pieces, 3 = swap-sides (core/node.h MoveKind).
UPDATE games SET hash_version = NULL
WHERE family = 'hex' AND format = 'sgf' AND hash_version IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM moves AS m
    WHERE m.node_id BETWEEN games.first_node_id AND games.first_node_id + games.node_count - 1
      AND m.kind IN (2, 3));
