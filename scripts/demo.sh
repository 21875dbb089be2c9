#!/usr/bin/env bash
# make demo: a fictive run over the bundled sample letters.
set -euo pipefail
bin=$1; out=$2
if ! "$bin" run --help >/dev/null 2>&1; then
  echo "demo: 'surrogator run' is not built yet"; exit 0
fi
rm -rf "$out"
"$bin" run --mode fictive --seed 42 --out "$out" testdata/sample-letters
