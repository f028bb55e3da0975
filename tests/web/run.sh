#!/bin/sh
# CTest entry of the browser test: runs web_e2e.mjs with node when node,
# Chromium and the npm packages (npm ci --prefix tests/web) are present;
# otherwise says what is missing and exits 77, which CTest counts as a skip.
# Usage: run.sh LUDEX_BINARY SHARED_CORPUS_DIR OUT_DIR
here=$(dirname "$0")
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed (apt-get install nodejs npm)"; exit 77
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "skipped: no Chromium at $chromium (apt-get install chromium, or set CHROMIUM)"; exit 77
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "skipped: playwright-core is not installed (npm ci --prefix tests/web)"; exit 77
fi
exec node "$here/web_e2e.mjs" "$@"
