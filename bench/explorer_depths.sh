#!/usr/bin/env bash
# Times `ludex next` down one line of an archive's opening tree: from the
# empty board of FAMILY/SIZE, each step plays the move most games played
# (ties: the first listed), and `next` is timed at the depths given, with and
# without --symmetric (farm-bench: median of 5 runs after a warm-up, warm
# cache). Prints one row per depth: games through the position, the medians.
#
#   bench/explorer_depths.sh LUDEX DB FAMILY SIZE [DEPTHS] [EXTRA ARGS...]
#   bench/explorer_depths.sh build/cli/ludex /data/a1m.db go 19 "0 1 2 5 10 20 30"
#
# EXTRA ARGS go to every next (e.g. --date-from 2010-01-01 --date-to 2015-12-31).
set -euo pipefail
ludex=$1 db=$2 family=$3 size=$4
depths=${5:-"0 1 2 5 10 20 30"}
shift $(($# < 5 ? $# : 5))
extra=("$@")
median() {  # farm-bench's median wall seconds of the command, in ms
  farm-bench -n 5 --warmup 1 -- "$@" 2>&1 |
    awk '/^A wall s/ { printf "%.1f", $5 * 1000; exit }'
}
line=""
max_depth=$(echo "$depths" | tr ' ' '\n' | sort -n | tail -1)
printf "| depth | line | games | next (ms) | next --symmetric (ms) |\n|---:|---|---:|---:|---:|\n"
for ((d = 0; d <= max_depth; d++)); do
  args=(next --db "$db" --family "$family" --size "$size" "${extra[@]}")
  [[ -n $line ]] && args+=(--line "$line")
  if [[ " $depths " == *" $d "* ]]; then
    top=$("$ludex" "${args[@]}" --json | head -1)
    games=$(sed -n 's/.*"games":\([0-9]*\).*/\1/p' <<<"$top" | head -1)
    plain=$(median "$ludex" "${args[@]}")
    sym=$(median "$ludex" "${args[@]}" --symmetric)
    printf "| %d | %s | %s | %s | %s |\n" "$d" "${line:-(empty)}" "${games:-0}" "$plain" "$sym"
  fi
  # The most played move: the first JSON line; its points in the family's notation.
  move=$("$ludex" "${args[@]}" --json | head -1 | sed -n 's/.*"move":"[BW1-4]* *\([^"]*\)".*/\1/p')
  [[ -z $move ]] && break
  line=${line:+$line,}$move
done
