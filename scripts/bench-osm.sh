#!/usr/bin/env bash
# bench-osm.sh BIN — osmbuild on synthetic Germany at several scales.
#
# For S in $SCALES (default 0.01 0.03 0.1) it generates a synthetic PBF
# ('BIN synth-osm', cached in $BENCH_OSM_CACHE), runs 'BIN osmbuild IN -o
# OUT.pack' measuring wall time and peak RSS, and, when osmium is
# available, 'osmium fileinfo -e' on the same file. It prints a table, the
# least-squares linear extrapolation to S = 1.0 (Germany) and the time
# ratio osmbuild / osmium at each scale. Missing tools (GNU time, osmium)
# are installed with apt-get when possible; otherwise a /proc fallback is
# used for RSS and the osmium column is skipped.
set -euo pipefail

BIN=${1:?usage: bench-osm.sh BIN}
SCALES=${SCALES:-"0.01 0.03 0.1"}
SEED=${SEED:-1}
CACHE=${BENCH_OSM_CACHE:-${TMPDIR:-/tmp}/surrogator-bench-osm}
WORKERS=${WORKERS:-}
REPEAT=${REPEAT:-1} # runs per measurement; the fastest counts (CPU is often shared)

[ -x "$BIN" ] || { echo "bench-osm: $BIN is not executable (run make build)" >&2; exit 2; }
mkdir -p "$CACHE"

apt_install() { # apt_install PACKAGE: best effort, quiet
	command -v apt-get >/dev/null 2>&1 || return 1
	local sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 1
		sudo="sudo -n"
	fi
	echo "bench-osm: installing $1 with apt-get …" >&2
	$sudo apt-get install -y -qq "$1" >/dev/null 2>&1 && return 0
	$sudo apt-get update -qq >/dev/null 2>&1 && $sudo apt-get install -y -qq "$1" >/dev/null 2>&1
}

# GNU time for peak RSS, else a /proc poller.
GNUTIME=""
if [ -n "${BENCH_OSM_PROC_RSS:-}" ]; then
	echo "bench-osm: BENCH_OSM_PROC_RSS set; measuring peak RSS by polling /proc (VmHWM)" >&2
elif /usr/bin/time --version 2>&1 | grep -q GNU; then
	GNUTIME=/usr/bin/time
elif apt_install time && /usr/bin/time --version 2>&1 | grep -q GNU; then
	GNUTIME=/usr/bin/time
else
	echo "bench-osm: GNU time not available; measuring peak RSS by polling /proc (VmHWM)" >&2
fi

OSMIUM=""
if command -v osmium >/dev/null 2>&1 || apt_install osmium-tool; then
	command -v osmium >/dev/null 2>&1 && OSMIUM=$(command -v osmium)
fi
[ -n "$OSMIUM" ] || echo "bench-osm: osmium not available; skipping the osmium fileinfo -e ratio" >&2

now() { date +%s.%N; }

# measure OUTPREFIX CMD…: runs CMD $REPEAT times; writes the smallest wall
# time (s) to OUTPREFIX.wall with that run's CPU time (user+sys, s) to
# OUTPREFIX.cpu, and the largest peak RSS (kB) to OUTPREFIX.rss.
measure() {
	local pre=$1; shift
	local i best="" cpu="" rss=0
	for ((i = 0; i < REPEAT; i++)); do
		measure1 "$pre" "$@" || return 1
		if [ -z "$best" ] || awk -v a="$(cat "$pre.wall1")" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$(cat "$pre.wall1")
			cpu=$(cat "$pre.cpu1")
		fi
		[ "$(cat "$pre.rss")" -gt "$rss" ] && rss=$(cat "$pre.rss")
	done
	echo "$best" >"$pre.wall"
	echo "$cpu" >"$pre.cpu"
	echo "$rss" >"$pre.rss"
}

measure1() {
	local pre=$1; shift
	local t0 t1
	if [ -n "$GNUTIME" ]; then
		t0=$(now)
		"$GNUTIME" -f '%M %U %S' -o "$pre.time" "$@" >"$pre.out" 2>"$pre.err" || { cat "$pre.err" >&2; return 1; }
		t1=$(now)
		tail -n 1 "$pre.time" | awk '{ print $1 }' >"$pre.rss"
		tail -n 1 "$pre.time" | awk '{ printf "%.2f\n", $2 + $3 }' >"$pre.cpu1"
	else
		t0=$(now)
		"$@" >"$pre.out" 2>"$pre.err" &
		local pid=$! hwm=0 v ticks=0 tk
		while kill -0 "$pid" 2>/dev/null; do
			v=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
			[ -n "$v" ] && [ "$v" -gt "$hwm" ] && hwm=$v
			# utime + stime (clock ticks) of the last sample before exit
			tk=$(awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2>/dev/null || true)
			[ -n "$tk" ] && ticks=$tk
			sleep 0.05
		done
		wait "$pid" || { cat "$pre.err" >&2; return 1; }
		t1=$(now)
		echo "$hwm" >"$pre.rss"
		awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f\n", t / hz }' >"$pre.cpu1"
	fi
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }' >"$pre.wall1"
}

mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

RUN=$(mktemp -d "${TMPDIR:-/tmp}/bench-osm.XXXXXX")
trap 'rm -rf "$RUN"' EXIT
ROWS="$RUN/rows"
: >"$ROWS"

echo "synthetic Germany (seed $SEED), cache $CACHE; $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo) RAM"
for S in $SCALES; do
	IN="$CACHE/synth-$S-$SEED.osm.pbf"
	if [ ! -s "$IN" ]; then
		t0=$(now)
		"$BIN" synth-osm --scale "$S" --seed "$SEED" -o "$IN" >/dev/null
		t1=$(now)
		echo "generated $IN ($(mb "$IN") MB) in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s" >&2
	fi
	cat "$IN" >/dev/null # same (warm) page cache for both tools
	OUT="$RUN/out-$S.pack"
	args=(osmbuild "$IN" -o "$OUT")
	[ -n "$WORKERS" ] && args+=(--workers "$WORKERS")
	measure "$RUN/build-$S" "$BIN" "${args[@]}"
	osm="-" osmcpu="-"
	if [ -n "$OSMIUM" ]; then
		measure "$RUN/osmium-$S" "$OSMIUM" fileinfo -e "$IN"
		osm=$(cat "$RUN/osmium-$S.wall")
		osmcpu=$(cat "$RUN/osmium-$S.cpu")
	fi
	echo "$S $(mb "$IN") $(cat "$RUN/build-$S.wall") $(awk '{printf "%.0f", $1/1024}' "$RUN/build-$S.rss") $(mb "$OUT") $osm $(cat "$RUN/build-$S.cpu") $osmcpu" >>"$ROWS"
	rm -f "$OUT"
done

awk -v limwall=600 -v limrss=4096 -v limpack=400 -v limratio=2.0 '
function fit(col,   i, mx, my, sxx, sxy, b) {
	mx = 0; my = 0
	for (i = 1; i <= n; i++) { mx += s[i]; my += v[i, col] }
	mx /= n; my /= n; sxx = 0; sxy = 0
	for (i = 1; i <= n; i++) { sxx += (s[i] - mx)^2; sxy += (s[i] - mx) * (v[i, col] - my) }
	b = (sxx > 0) ? sxy / sxx : 0
	return my + b * (1 - mx)
}
function verdict(x, lim) { return x <= lim ? "ok" : "OVER" }
{ n++; s[n] = $1; for (c = 2; c <= 8; c++) v[n, c] = $c }
END {
	printf "\n%6s %9s %8s %8s %12s %8s %9s %10s %12s %11s\n", "S", "input MB", "wall s", "cpu s", "peak RSS MB", "pack MB",
		"osmium s", "osmium cpu", "ratio (wall)", "ratio (cpu)"
	for (i = 1; i <= n; i++) {
		ratio = (v[i, 6] == "-" || v[i, 6] == 0) ? "-" : sprintf("%.2f", v[i, 3] / v[i, 6])
		cratio = (v[i, 8] == "-" || v[i, 8] == 0) ? "-" : sprintf("%.2f", v[i, 7] / v[i, 8])
		printf "%6s %9.1f %8.2f %8.2f %12.0f %8.1f %9s %10s %12s %11s\n", s[i], v[i, 2], v[i, 3], v[i, 7], v[i, 4], v[i, 5],
			v[i, 6], v[i, 8], ratio, cratio
	}
	print "ratio = osmbuild / osmium fileinfo -e on the same file in this run; cpu = user + sys"
	if (n < 2) { print "need at least two scales to extrapolate"; exit }
	w = fit(3); r = fit(4); p = fit(5); inp = fit(2); cpu = fit(7)
	printf "\nleast-squares linear extrapolation to S = 1.0 (Germany, input ≈ %.0f MB):\n", inp
	printf "  build wall time  %8.1f s   (%.1f min; target ≤ 10 min: %s)\n", w, w / 60, verdict(w, limwall)
	printf "  build CPU time   %8.1f s   (user + sys)\n", cpu
	printf "  peak RSS         %8.0f MB  (target ≤ 4096 MB: %s)\n", r, verdict(r, limrss)
	printf "  pack size        %8.1f MB  (target ≤ 400 MB: %s)\n", p, verdict(p, limpack)
	if (v[n, 6] != "-" && v[n, 6] > 0) {
		q = v[n, 3] / v[n, 6]
		printf "  time ratio osmbuild / osmium fileinfo -e at S = %s: %.2f (target ≤ %.1f: %s)", s[n], q, limratio, verdict(q, limratio)
		if (v[n, 8] > 0) printf "; CPU-time ratio %.2f", v[n, 7] / v[n, 8]
		printf "\n"
	}
}' "$ROWS"
