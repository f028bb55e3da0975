#!/usr/bin/env bash
# Builds ludex (once) and runs the whole test suite: unit tests, end-to-end
# tests on ../shared/corpus, and the formatting check.
set -euo pipefail
cd "$(dirname "$0")"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLUDEX_WERROR=ON
cmake --build build -j2
./tools/check_format.sh
# The browser test's driver (playwright-core, exact version from the lock file).
npm ci --prefix tests/web --no-audit --no-fund
ctest --test-dir build -j2 --output-on-failure
