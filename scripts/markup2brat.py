#!/usr/bin/env python3
"""Converts letters with inline markup [[KIND|text]] into BRAT .txt + .ann.
Usage: markup2brat.py IN.md OUTDIR  (offsets are code points, as BRAT wants)."""
import re, sys, os
src, outdir = sys.argv[1], sys.argv[2]
raw = open(src, encoding='utf-8').read()
text, anns, pos = [], [], 0
for m in re.finditer(r'\[\[([A-Z_]+)\|(.*?)\]\]', raw, re.S):
    text.append(raw[pos:m.start()])
    begin = sum(len(t) for t in text)
    text.append(m.group(2))
    anns.append((m.group(1), begin, begin + len(m.group(2)), m.group(2)))
    pos = m.end()
text.append(raw[pos:])
t = ''.join(text)
base = os.path.join(outdir, os.path.splitext(os.path.basename(src))[0])
open(base + '.txt', 'w', encoding='utf-8').write(t)
with open(base + '.ann', 'w', encoding='utf-8') as f:
    for i, (k, b, e, s) in enumerate(anns, 1):
        f.write(f"T{i}\t{k} {b} {e}\t{s.replace(chr(10), ' ')}\n")
