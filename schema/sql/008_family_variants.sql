-- ludex schema version 8: a game's variant is a variant's name, or NULL.
--
-- Up to version 7, a Go, Hex or Twixt game read from SGF kept its GM value
-- as its variant ('1', '11', '21'), which readers took for a board size
-- ("Hex · 11 · 14×14"), while the same family read from Little Golem files
-- or the binary game-tree files had none. These families have no variant
-- (docs/formats.md, "Variants"): the Blokus family keeps Pentobi's variant
-- names, and a game of another SGF game keeps its GM value, which names the
-- game. No position depends on the variant outside the Blokus family
-- (core/moves_hash.cpp, games/position_stream.cpp), so nothing else changes.
-- Only the GM numbers go (as games/sgf_kind.cpp read them: digits, with
-- leading zeros and spaces allowed); any other value is left as it is.
UPDATE games SET variant = NULL
WHERE family IN ('go', 'hex', 'twixt')
  AND ltrim(trim(variant, ' '), '0') =
      CASE family WHEN 'go' THEN '1' WHEN 'hex' THEN '11' ELSE '21' END;
