#!/usr/bin/env bash
# Runs the same ludex commands with two binaries on their own databases, in
# turns (old, new, old, new, ...), and prints each command's median wall time
# per binary: how docs/performance.md compares a new storage with the old one
# on one machine in one session. Also prints each database's bytes per node
# per table (SQLite's dbstat).
#
# Usage: bench/compare_queries.sh OLD_LUDEX OLD_DB NEW_LUDEX NEW_DB [RUNS]
#   RUNS: timed runs per command and binary (default 5; the first, untimed
#   run of each warms the page cache and checks that both print the same).
set -euo pipefail
old_bin=$1 old_db=$2 new_bin=$3 new_db=$4 runs=${5:-5}

# The commands: Kombilo's two patterns of issue 15 (go20's 19x19 games,
# colours fixed, counting games), with and without symmetries, then the
# point and position lookups of ludex-bench query.
cases=(
  "2x2 any symmetry|query --family go --size 19 --pattern B:cc,W:dc,B:cd,.:dd --symmetric --first --count"
  "2x2 as given|query --family go --size 19 --pattern B:cc,W:dc,B:cd,.:dd --first --count"
  "3x3 any symmetry|query --family go --size 19 --pattern B:dc,B:cd,W:dd,W:de,.:cc,.:ec,.:ed,.:ce,.:ee --symmetric --first --count"
  "3x3 as given|query --family go --size 19 --pattern B:dc,B:cd,W:dd,W:de,.:cc,.:ec,.:ed,.:ce,.:ee --first --count"
  "3x3 nodes|query --family go --size 19 --pattern B:dc,B:cd,W:dd,W:de,.:cc,.:ec,.:ed,.:ce,.:ee --symmetric --count"
  "has B:dd,W:dc first|query --family go --has B:dd,W:dc --first --count"
)

median() { sort -n | awk '{a[NR]=$1} END {m=(NR+1)/2; printf "%.3f", (a[int(m)]+a[int(m+0.5)])/2}'; }
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

printf '%-22s %10s %10s %8s  %s\n' "command" "old s" "new s" "new/old" "answers"
for c in "${cases[@]}"; do
  name=${c%%|*}
  read -r -a args <<<"${c#*|}"
  a=$("$old_bin" "${args[0]}" --db "$old_db" "${args[@]:1}")
  b=$("$new_bin" "${args[0]}" --db "$new_db" "${args[@]:1}")
  same=$([ "$a" = "$b" ] && echo "equal ($b)" || echo "DIFFER: old $a new $b")
  old_times=() new_times=()
  for ((i = 0; i < runs; i++)); do
    old_times+=("$(seconds "$old_bin" "${args[0]}" --db "$old_db" "${args[@]:1}")")
    new_times+=("$(seconds "$new_bin" "${args[0]}" --db "$new_db" "${args[@]:1}")")
  done
  o=$(printf '%s\n' "${old_times[@]}" | median)
  n=$(printf '%s\n' "${new_times[@]}" | median)
  printf '%-22s %10s %10s %8.2f  %s\n' "$name" "$o" "$n" "$(echo "$n / $o" | bc -l)" "$same"
done

for db in "$old_db" "$new_db"; do
  nodes=$(sqlite3 "$db" "SELECT count(*) FROM nodes")
  echo
  echo "$db: $nodes nodes, $(stat -c %s "$db") bytes = $(echo "$(stat -c %s "$db") / $nodes" | bc -l | xargs printf '%.1f') bytes per node"
  sqlite3 "$db" "SELECT name, printf('%.1f', sum(pgsize) * 1.0 / $nodes) FROM dbstat GROUP BY name
                 HAVING sum(pgsize) * 1.0 / $nodes >= 0.5 ORDER BY sum(pgsize) DESC" |
    awk -F'|' '{printf "  %-28s %6s B/node\n", $1, $2}'
done
