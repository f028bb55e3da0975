#!/usr/bin/env bash
# Installs what ludex needs on a fresh Debian machine, builds it, imports the
# bundled sample archive and runs a query. Run from the project root as root
# (or with sudo available).
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -q
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  build-essential cmake g++ pkg-config libsqlite3-dev sqlite3 libsqlitecpp-dev \
  libboost-program-options-dev catch2 nlohmann-json3-dev libxxhash-dev libarchive-dev libcpp-httplib-dev libfmt-dev clang-format \
  help2man dpkg-dev curl \
  chromium fonts-dejavu-core nodejs gnugo
# Debian's nodejs needs Debian's npm; NodeSource's nodejs carries its own npm
# and conflicts with Debian's, so npm is installed only when it is missing.
command -v npm >/dev/null || $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends npm

npm ci --prefix tests/web --no-audit --no-fund   # the browser test's playwright-core

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"

rm -f sample.db sample.db-wal sample.db-shm
./build/cli/ludex import --db sample.db sample
./build/cli/ludex info --db sample.db
./build/cli/ludex query --db sample.db --player "ada*"

echo
echo "The web app (search, game viewer, explorer) on the sample database:"
echo "  ./build/cli/ludex serve --db sample.db --open"
