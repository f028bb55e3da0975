#!/bin/sh
# Installing ludex (issue 21): `cmake --install BUILD --prefix DIR` puts the
# binary in bin/, a man page per command in share/man/man1/ and the bash
# completion in share/bash-completion/completions/; the completion completes
# commands, options and option values; `cpack -G DEB` makes a package whose
# dependencies name the shared libraries the binary uses and whose binary
# runs, `ludex serve` included.
#   install_test.sh BUILD_DIR
set -eu
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

# cmake --install
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
ludex="$scratch/prefix/bin/ludex"
[ -x "$ludex" ] || fail "bin/ludex is not installed"
"$ludex" --version | grep -q '^ludex [0-9]' || fail "the installed ludex --version"
commands=$("$ludex" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | grep -v '^version$')
[ "$(echo "$commands" | wc -l)" -ge 9 ] || fail "ludex --help lists the commands: $commands"
man="$scratch/prefix/share/man/man1"
gzip -dc "$man/ludex.1.gz" | grep -q '^\.TH LUDEX "1"' || fail "ludex.1"
for c in $commands; do
  page="$man/ludex-$c.1.gz"
  [ -f "$page" ] || fail "no man page for ludex $c"
  upper=$(echo "ludex-$c" | tr a-z A-Z)
  gzip -dc "$page" | grep -q "^\.TH $upper \"1\"" || fail "ludex-$c.1 is not titled $upper"
  gzip -dc "$page" | grep -q -- '--db' || fail "ludex-$c.1 lists no options"
done
completion="$scratch/prefix/share/bash-completion/completions/ludex"
[ -f "$completion" ] || fail "no bash completion"

# The completion, as bash calls it: COMP_WORDS and COMP_CWORD in, COMPREPLY out.
complete_words() {
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ludex; printf "%s\n" "${COMPREPLY[@]}"' \
    complete "$completion" "$@"
}
complete_words "$ludex" qu | grep -qx query || fail "completion of a command"
complete_words "$ludex" "" | grep -qx serve || fail "completion lists every command"
complete_words "$ludex" query --pla | grep -qx -- --player || fail "completion of query's options"
complete_words "$ludex" import --pr | grep -qx -- --prune || fail "completion of import's options"
complete_words "$ludex" query --family h | grep -qx hex || fail "completion of --family's values"
complete_words "$ludex" query --eval-source saba | grep -qx sabaki-score ||
  fail "completion of --eval-source's values"

# cpack -G DEB
(cd "$build" && cpack -G DEB -B "$scratch/package" >/dev/null) || fail "cpack -G DEB"
deb=$(ls "$scratch"/package/ludex_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libsqlite3-0 libarchive13 libboost-program-options libstdc++6; do
  echo "$depends" | grep -q "$lib" || fail "the package does not depend on $lib: $depends"
done
dpkg-deb -c "$deb" | grep -q '\./usr/bin/ludex$' || fail "the package holds no /usr/bin/ludex"
dpkg-deb -c "$deb" | grep -q 'usr/share/man/man1/ludex-serve.1.gz' || fail "the package's man pages"
dpkg-deb -x "$deb" "$scratch/root"
"$scratch/root/usr/bin/ludex" --version >/dev/null || fail "the packaged binary"
# The packaged binary serves the web app, compiled into it.
db="$scratch/s.db"
printf '(;GM[11]SZ[5];B[aa];W[bb])' >"$scratch/g.sgf"
"$scratch/root/usr/bin/ludex" import --db "$db" --quiet "$scratch/g.sgf"
"$scratch/root/usr/bin/ludex" serve --db "$db" --port 0 >"$scratch/serve.out" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q 'http://' "$scratch/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$scratch/serve.out" | head -1)
ok=0
curl -sf "$url" | grep -qi '<html' && curl -sf "${url%/}/api/info" | grep -q '"games":1' && ok=1
kill "$server"
[ "$ok" = 1 ] || fail "the packaged ludex serve at $url"
echo "install, man pages, completion and package: ok"
