#!/usr/bin/env bash
# make demo: a fictive run over the bundled sample letters (testdata/sample-letters,
# fictitious letters written for this project); prints where the output went and
# one de-identified letter.
set -uo pipefail
bin=$1; out=$2
rm -rf "$out"
"$bin" run --mode fictive --seed 42 --out "$out" testdata/sample-letters
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then exit $rc; fi
first=$(ls "$out"/public/public-*/sample-letters/*.txt | head -1)
echo
echo "== one de-identified letter: $first"
cat "$first"
echo
echo "== private key and reports: $(ls -d "$out"/private/private-*)"
exit $rc
