#!/usr/bin/env bash
# Builds ludex (once) and runs the whole test suite: unit tests, end-to-end
# tests on ../shared/corpus, and the formatting check.
#
#   ./run_tests.sh             the suite in build/ (the README's test command)
#   ./run_tests.sh --sanitize  the suite again in build-sanitize/, built with
#                              AddressSanitizer and UndefinedBehaviorSanitizer
#                              (-DLUDEX_SANITIZE=ON), then an import of the
#                              whole ../shared/corpus/ with that binary; any
#                              sanitizer report fails it (docs/testing.md)
set -euo pipefail
cd "$(dirname "$0")"

if [ "${1:-}" = "--sanitize" ]; then
  # ASan's leak checker is on (the default); halt_on_error makes ASan and
  # UBSan findings fatal in every process, the ludex children of the
  # end-to-end tests included.
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=1}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
  # Warnings are the ordinary build's business (-Werror there): under the
  # sanitizers GCC warns of things that are not there.
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLUDEX_WERROR=OFF \
    -DLUDEX_SANITIZE=ON
  cmake --build build-sanitize -j2
  echo "run_tests: build-sanitize/ built after ${SECONDS} s"
  npm ci --prefix tests/web --no-audit --no-fund
  ctest --test-dir build-sanitize -j2 --output-on-failure
  echo "run_tests: sanitized suite done after ${SECONDS} s"
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  echo "import of ../shared/corpus/ by the sanitized binary"
  ./build-sanitize/cli/ludex import --db "$scratch/corpus.db" --quiet ../shared/corpus/
  ./build-sanitize/cli/ludex info --db "$scratch/corpus.db"
  exit 0
elif [ $# -ne 0 ]; then
  echo "usage: $0 [--sanitize]" >&2
  exit 2
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2
echo "run_tests: build/ built after ${SECONDS} s"
./tools/check_format.sh
# The browser test's driver (playwright-core, exact version from the lock file).
npm ci --prefix tests/web --no-audit --no-fund
ctest --test-dir build -j2 --output-on-failure
