#!/usr/bin/env bash
# The "1M games" table of docs/performance.md (issue 20): times each command
# a user runs on a large archive, with farm-bench (median of 5 runs after a
# warm-up, warm cache), and prints a Markdown table.
#
#   bench/scale.sh LUDEX DB ARCHIVE
#   bench/scale.sh build/cli/ludex /data/a1m.db /data/a1m
#
# ARCHIVE is the folder DB was imported from (the re-import is timed on it:
# nothing changed, so nothing is read). Build both once per machine with
#   ludex-bench generate --out ARCHIVE --games 1000000 --seed 1
#   ludex import --db DB ARCHIVE
set -eu
ludex=$1 db=$2 archive=$3
median() {  # farm-bench's median wall seconds of the command, in ms
  farm-bench -n "${RUNS:-5}" --warmup 1 --timeout 900 -- "$@" 2>&1 |
    awk '/^A wall s/ { printf "%.0f", $5 * 1000; exit }'
}
player=$(sqlite3 "$db" "SELECT p.name FROM players AS p JOIN game_players AS gp
  USING (player_id) JOIN games AS g USING (game_id) WHERE g.family = 'go'
  GROUP BY p.player_id ORDER BY count(*) DESC LIMIT 1")
games_of_player=$("$ludex" query --db "$db" --player "$player" --count)
row() {  # row LABEL ANSWER-COMMAND... : one table row, the command timed
  local label=$1
  shift
  local answer
  answer=$("$@" 2>&1 | tail -1 | cut -c1-60)
  printf "| %s | %s ms | %s |\n" "$label" "$(median "$@")" "$answer"
}
echo "| command | median | answer (last line) |"
echo "|---|---:|---|"
row "info" "$ludex" info --db "$db"
row "check (default: bounded above 5M nodes)" "$ludex" check --db "$db"
row "query --player ($games_of_player games)" "$ludex" query --db "$db" --player "$player" --count
row "next --player, empty 19x19 board" "$ludex" next --db "$db" --family go --size 19 --player "$player" --limit 3
row "next, empty 19x19 board" "$ludex" next --db "$db" --family go --size 19 --limit 3
row "next --symmetric, empty 19x19 board" "$ludex" next --db "$db" --family go --size 19 --symmetric --limit 3
row "next --date-from 2010 --date-to 2014, empty 19x19" "$ludex" next --db "$db" --family go --size 19 --date-from 2010 --date-to 2014 --limit 3
row "query --has B:dd,W:dc --first --count" "$ludex" query --db "$db" --family go --has B:dd,W:dc --first --count
row "2x2 pattern --symmetric --first --count" "$ludex" query --db "$db" --family go --size 19 --pattern 'B:cc,W:dc,B:cd,.:dd' --symmetric --first --count
row "3x3 pattern --first --count" "$ludex" query --db "$db" --family go --size 19 --pattern 'B:dc,B:cd,W:dd,W:de,.:cc,.:ec,.:ed,.:ce,.:ee' --first --count
row "rare pattern (12 stones, 3x4 alternating) --symmetric --first --count" "$ludex" query --db "$db" --family go --size 19 --pattern 'B:aa,W:ba,B:ca,W:ab,B:bb,W:cb,B:ac,W:bc,B:cc,W:ad,B:bd,W:cd' --symmetric --first --count
row "re-import, nothing changed" "$ludex" import --db "$db" --quiet "$archive"
