-- ludex schema version 10: each game's event case-folded (core/text_fold.h,
-- as players.name_folded holds a player's name), so that an --event filter
-- walks an index (games_by_event) instead of folding the event of every
-- game of the family: on the 1M archive `next --event` at the empty 19x19
-- board took 0.6 s, nearly all of it that scan. NULL where event is NULL.
-- ludex_fold() is ludex's own SQL function: this migration runs only in
-- ludex, which registers it on every connection.
ALTER TABLE games ADD COLUMN event_folded TEXT;

UPDATE games SET event_folded = ludex_fold(event) WHERE event IS NOT NULL;
